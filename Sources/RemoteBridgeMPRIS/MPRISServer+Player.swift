// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgeDBus
import RemoteBridgeCore
import RemoteBridgeText

extension MPRISServer {
    /// `org.mpris.MediaPlayer2.Player`.
    func playerInterface() -> DBusInterface {
        let transport: [(DBusMethodDeclaration, RemoteControlSubtype)] = [
            (PlayerInterface.next, .nextTrack), (PlayerInterface.previous, .previousTrack), (PlayerInterface.pause, .pause),
            (PlayerInterface.playPause, .togglePlayPause), (PlayerInterface.stop, .stop), (PlayerInterface.play, .play),
        ]
        let methods =
            transport.map { method, subtype in
                DBusMethod(method) { [weak self] _ in
                    self?.send(subtype)
                    return []
                }
            } + [
                DBusMethod(PlayerInterface.seek) { [weak self] call throws(DBusError) in
                    self?.seek(offsetMicroseconds: try call.int64("Offset"))
                    return []
                },
                DBusMethod(PlayerInterface.setPosition) { [weak self] call throws(DBusError) in
                    self?.setPosition(track: try call.string("TrackId"), microseconds: try call.int64("Position"))
                    return []
                },
                DBusMethod(PlayerInterface.openURI) { [weak self] call throws(DBusError) in
                    try self?.openURI(try call.string("Uri"))
                    return []
                },
            ]
        return DBusInterface(
            PlayerInterface.declaration,
            methods: methods,
            properties: [
                DBusProperty(PlayerInterface.playbackStatus) { [player] in .string(player.playbackStatus.rawValue) },
                DBusProperty(PlayerInterface.loopStatus, get: { [player] in .string(player.loopStatus.rawValue) }) { [player] value throws(DBusError) in
                    guard let text = value.stringValue, let status = LoopStatus(rawValue: text) else {
                        throw .invalidArgs("LoopStatus must be None, Track or Playlist, not \(value.stringValue.map(OutsideText.quoted) ?? value.signature)")
                    }
                    player.setLoopStatus(status)
                },
                DBusProperty(PlayerInterface.rate, get: { [player] in .double(player.rate) }) { [weak self] value throws(DBusError) in
                    try self?.setRate(value.doubleValue ?? .nan)
                },
                DBusProperty(PlayerInterface.shuffle, get: { [player] in .bool(player.shuffle) }) { [player] value in
                    player.setShuffle(value.boolValue ?? false)
                },
                DBusProperty(PlayerInterface.metadata) { [player] in player.currentTrack?.metadata ?? Track.noTrackMetadata },
                DBusProperty(PlayerInterface.volume, get: { [player] in .double(player.volume) }) { [player] value throws(DBusError) in
                    guard let volume = value.doubleValue, !volume.isNaN else { throw .invalidArgs("Volume must be a number") }
                    player.setVolume(max(0, volume))
                },
                DBusProperty(PlayerInterface.position) { [player] in .int64(player.position.microseconds) },
                DBusProperty(PlayerInterface.minimumRate) { [player] in .double(player.minimumRate) },
                DBusProperty(PlayerInterface.maximumRate) { [player] in .double(player.maximumRate) },
                DBusProperty(PlayerInterface.canGoNext) { [weak self] in .bool(self?.receiving(\.canGoNext) ?? false) },
                DBusProperty(PlayerInterface.canGoPrevious) { [weak self] in .bool(self?.receiving(\.canGoPrevious) ?? false) },
                DBusProperty(PlayerInterface.canPlay) { [weak self] in .bool(self?.receiving(\.canPlay) ?? false) },
                DBusProperty(PlayerInterface.canPause) { [weak self] in .bool(self?.receiving(\.canPause) ?? false) },
                DBusProperty(PlayerInterface.canSeek) { [weak self] in .bool(self?.receiving(\.canSeek) ?? false) },
                DBusProperty(PlayerInterface.canControl) { .bool(true) },
            ])
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
