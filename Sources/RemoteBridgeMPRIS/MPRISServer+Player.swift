import RemoteBridgeDBus
import RemoteControl

extension MPRISServer {
    /// `org.mpris.MediaPlayer2.Player`.
    func playerInterface() -> DBusInterface {
        let transport: [(String, RemoteControlSubtype)] = [
            ("Next", .nextTrack), ("Previous", .previousTrack), ("Pause", .pause), ("PlayPause", .togglePlayPause),
            ("Stop", .stop), ("Play", .play),
        ]
        let methods =
            transport.map { name, subtype in
                DBusMethod(name) { [weak self] _ in
                    self?.send(subtype)
                    return []
                }
            } + [
                DBusMethod("Seek", inputs: [DBusArgument("Offset", "x")]) { [weak self] call in
                    self?.seek(offsetMicroseconds: call.arguments[0].int64Value ?? 0)
                    return []
                },
                DBusMethod("SetPosition", inputs: [DBusArgument("TrackId", "o"), DBusArgument("Position", "x")]) { [weak self] call in
                    self?.setPosition(track: call.arguments[0].stringValue ?? "", microseconds: call.arguments[1].int64Value ?? 0)
                    return []
                },
                DBusMethod("OpenUri", inputs: [DBusArgument("Uri", "s")]) { [weak self] call throws(DBusError) in
                    try self?.openURI(call.arguments[0].stringValue ?? "")
                    return []
                },
            ]
        return DBusInterface(
            MPRISNames.player,
            methods: methods,
            properties: [
                DBusProperty("PlaybackStatus", "s") { [player] in .string(player.playbackStatus.rawValue) },
                DBusProperty("LoopStatus", "s", get: { [player] in .string(player.loopStatus.rawValue) }) { [player] value throws(DBusError) in
                    guard let text = value.stringValue, let status = LoopStatus(rawValue: text) else {
                        throw .invalidArgs("LoopStatus must be None, Track or Playlist, not \(value.stringValue ?? "?")")
                    }
                    player.setLoopStatus(status)
                },
                DBusProperty("Rate", "d", get: { [player] in .double(player.rate) }) { [weak self] value throws(DBusError) in
                    try self?.setRate(value.doubleValue ?? .nan)
                },
                DBusProperty("Shuffle", "b", get: { [player] in .bool(player.shuffle) }) { [player] value in
                    player.setShuffle(value.boolValue ?? false)
                },
                DBusProperty("Metadata", "a{sv}") { [player] in player.currentTrack?.metadata ?? Track.noTrackMetadata },
                DBusProperty("Volume", "d", get: { [player] in .double(player.volume) }) { [player] value throws(DBusError) in
                    guard let volume = value.doubleValue, !volume.isNaN else { throw .invalidArgs("Volume must be a number") }
                    player.setVolume(max(0, volume))
                },
                DBusProperty("Position", "x", changeSignal: .none) { [player] in .int64(player.position.microseconds) },
                DBusProperty("MinimumRate", "d") { [player] in .double(player.minimumRate) },
                DBusProperty("MaximumRate", "d") { [player] in .double(player.maximumRate) },
                DBusProperty("CanGoNext", "b") { [weak self] in .bool(self?.receiving(\.canGoNext) ?? false) },
                DBusProperty("CanGoPrevious", "b") { [weak self] in .bool(self?.receiving(\.canGoPrevious) ?? false) },
                DBusProperty("CanPlay", "b") { [weak self] in .bool(self?.receiving(\.canPlay) ?? false) },
                DBusProperty("CanPause", "b") { [weak self] in .bool(self?.receiving(\.canPause) ?? false) },
                DBusProperty("CanSeek", "b") { [weak self] in .bool(self?.receiving(\.canSeek) ?? false) },
                DBusProperty("CanControl", "b", changeSignal: .constant) { .bool(true) },
            ],
            signals: [DBusSignal("Seeked", [DBusArgument("Position", "x")])])
    }

    /// A player capability, or false while the application is not receiving events.
    private func receiving(_ capability: KeyPath<any MediaPlayer, Bool>) -> Bool {
        application.isReceivingRemoteControlEvents && player[keyPath: capability]
    }

    /// `Seek`: a skip forward or backward by the offset's size.
    func seek(offsetMicroseconds offset: Int64) {
        guard offset != 0 else { return }
        let magnitude = Duration.microseconds(offset == .min ? Int64.max : abs(offset))
        send(offset > 0 ? .skipForward : .skipBackward, interval: magnitude)
    }

    /// `SetPosition`: ignored for a stale track id or a position outside the track, as the spec says.
    func setPosition(track: String, microseconds: Int64) {
        guard let current = player.currentTrack, current.objectPath == track else { return }
        guard microseconds >= 0 else { return }
        let position = Duration.microseconds(microseconds)
        if let length = current.length, position > length { return }
        send(.changePlaybackPosition, position: position)
    }

    /// `OpenUri`: straight to the player, which checks the scheme.
    func openURI(_ uri: String) throws(DBusError) {
        guard !uri.isEmpty else { throw .invalidArgs("OpenUri needs a URI, such as file:///music/song.flac") }
        do throws(MediaPlayerError) {
            try player.openURI(uri)
        } catch {
            throw error.dbusError
        }
    }

    /// Writing `Rate`: 0 acts as Pause (the spec's rule); outside the range is an error.
    func setRate(_ rate: Double) throws(DBusError) {
        guard rate.isFinite else { throw .invalidArgs("Rate must be a finite number") }
        if rate == 0 {
            send(.pause)
            return
        }
        guard rate >= player.minimumRate, rate <= player.maximumRate else {
            throw .invalidArgs("Rate \(rate) is outside \(player.minimumRate)…\(player.maximumRate)")
        }
        player.setRate(rate)
    }
}
