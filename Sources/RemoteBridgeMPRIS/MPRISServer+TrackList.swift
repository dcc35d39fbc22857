import RemoteBridgeDBus

extension MPRISServer {
    /// `org.mpris.MediaPlayer2.TrackList`.
    func trackListInterface() -> DBusInterface {
        DBusInterface(
            MPRISNames.trackList,
            methods: [
                DBusMethod(
                    "GetTracksMetadata", inputs: [DBusArgument("TrackIds", "ao")], outputs: [DBusArgument("Metadata", "aa{sv}")]
                ) { [player] call in
                    let wanted = call.arguments[0].stringArrayValue ?? []
                    let byPath = Dictionary(player.queue.map { ($0.objectPath, $0) }, uniquingKeysWith: { first, _ in first })
                    // Unknown ids are left out, as the spec allows.
                    return [.array(elementSignature: "a{sv}", wanted.compactMap { byPath[$0]?.metadata })]
                },
                DBusMethod(
                    "AddTrack",
                    inputs: [DBusArgument("Uri", "s"), DBusArgument("AfterTrack", "o"), DBusArgument("SetAsCurrent", "b")]
                ) { [weak self] call throws(DBusError) in
                    guard let self else { return [] }
                    let after = call.arguments[1].stringValue ?? ""
                    let afterID: Int?
                    if after == "/org/mpris/MediaPlayer2/TrackList/NoTrack" {
                        afterID = nil
                    } else if let id = Track.id(fromObjectPath: after), self.player.queue.contains(where: { $0.id == id }) {
                        afterID = id
                    } else {
                        throw DBusError(name: MPRISNames.errorPrefix + "NoSuchTrack", message: "no track \(after) in the queue")
                    }
                    try self.perform { () throws(MediaPlayerError) in
                        try self.player.addTrack(
                            uri: call.arguments[0].stringValue ?? "", after: afterID, makeCurrent: call.arguments[2].boolValue ?? false)
                    }
                    return []
                },
                DBusMethod("RemoveTrack", inputs: [DBusArgument("TrackId", "o")]) { [weak self] call throws(DBusError) in
                    guard let self else { return [] }
                    let id = try self.trackID(call.arguments[0])
                    try self.perform { () throws(MediaPlayerError) in try self.player.removeTrack(id: id) }
                    return []
                },
                DBusMethod("GoTo", inputs: [DBusArgument("TrackId", "o")]) { [weak self] call throws(DBusError) in
                    guard let self else { return [] }
                    let id = try self.trackID(call.arguments[0])
                    try self.perform { () throws(MediaPlayerError) in try self.player.goTo(trackID: id) }
                    return []
                },
            ],
            properties: [
                DBusProperty("Tracks", "ao", changeSignal: .invalidates) { [player] in .objectPaths(player.queue.map(\.objectPath)) },
                DBusProperty("CanEditTracks", "b", changeSignal: .constant) { .bool(true) },
            ],
            signals: [
                DBusSignal("TrackListReplaced", [DBusArgument("Tracks", "ao"), DBusArgument("CurrentTrack", "o")]),
                DBusSignal("TrackAdded", [DBusArgument("Metadata", "a{sv}"), DBusArgument("AfterTrack", "o")]),
                DBusSignal("TrackRemoved", [DBusArgument("TrackId", "o")]),
                DBusSignal("TrackMetadataChanged", [DBusArgument("TrackId", "o"), DBusArgument("Metadata", "a{sv}")]),
            ])
    }

    private func trackID(_ value: DBusValue) throws(DBusError) -> Int {
        let path = value.stringValue ?? ""
        guard let id = Track.id(fromObjectPath: path), player.queue.contains(where: { $0.id == id }) else {
            throw DBusError(name: MPRISNames.errorPrefix + "NoSuchTrack", message: "no track \(path) in the queue")
        }
        return id
    }

    private func perform(_ body: () throws(MediaPlayerError) -> Void) throws(DBusError) {
        do throws(MediaPlayerError) {
            try body()
        } catch {
            throw error.dbusError
        }
    }
}
