// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeText

extension MPRISServer {
    /// `org.mpris.MediaPlayer2.TrackList`.
    func trackListInterface() -> DBusInterface {
        DBusInterface(
            TrackListInterface.declaration,
            methods: [
                DBusMethod(TrackListInterface.getTracksMetadata) { [player] call throws(DBusError) in
                    let wanted = try call.argument("TrackIds").stringArrayValue ?? []
                    // Unknown ids are left out, as the spec allows.
                    let tracks = player.tracks(withIDs: wanted.compactMap(Track.id(fromObjectPath:)))
                    return [.array(elementSignature: "a{sv}", tracks.map(\.metadata))]
                },
                DBusMethod(TrackListInterface.addTrack) { [weak self] call throws(DBusError) in
                    guard let self else { return [] }
                    let after = try call.string("AfterTrack")
                    let afterID: Int?
                    if after == TrackListInterface.noTrack {
                        afterID = nil
                    } else if let id = Track.id(fromObjectPath: after), self.player.containsTrack(id: id) {
                        afterID = id
                    } else {
                        throw DBusError(name: MPRISNames.errorPrefix + "NoSuchTrack", message: "no track \(OutsideText.bareOrQuoted(after)) in the queue")
                    }
                    let uri = try call.string("Uri")
                    let makeCurrent = try call.argument("SetAsCurrent").boolValue ?? false
                    try self.perform { () throws(MediaPlayerError) in
                        try self.player.addTrack(
                            uri: uri, after: afterID, makeCurrent: makeCurrent)
                    }
                    return []
                },
                DBusMethod(TrackListInterface.removeTrack) { [weak self] call throws(DBusError) in
                    guard let self else { return [] }
                    let id = try self.trackID(call.string("TrackId"))
                    try self.perform { () throws(MediaPlayerError) in try self.player.removeTrack(id: id) }
                    return []
                },
                DBusMethod(TrackListInterface.goTo) { [weak self] call throws(DBusError) in
                    guard let self else { return [] }
                    let id = try self.trackID(call.string("TrackId"))
                    try self.perform { () throws(MediaPlayerError) in try self.player.goTo(trackID: id) }
                    return []
                },
            ],
            properties: [
                DBusProperty(TrackListInterface.tracks, changeToken: { [weak self] in self?.trackListGeneration ?? 0 }) { [player] in
                    .objectPaths(player.trackIDs.map(Track.objectPath(id:)))
                },
                DBusProperty(TrackListInterface.canEditTracks) { .bool(true) },
            ])
    }

    private func trackID(_ path: String) throws(DBusError) -> Int {
        guard let id = Track.id(fromObjectPath: path), player.containsTrack(id: id) else {
            throw DBusError(name: MPRISNames.errorPrefix + "NoSuchTrack", message: "no track \(OutsideText.bareOrQuoted(path)) in the queue")
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
