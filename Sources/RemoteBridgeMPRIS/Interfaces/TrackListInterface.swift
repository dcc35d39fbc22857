// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// `org.mpris.MediaPlayer2.TrackList`, declared once for the server and its clients.
public enum TrackListInterface {
    /// The interface name.
    public static let name = "org.mpris.MediaPlayer2.TrackList"
    /// The track id that means "no track".
    public static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

    /// `GetTracksMetadata(ao TrackIds) → aa{sv}`.
    public static let getTracksMetadata = DBusMethodDeclaration(
        name, "GetTracksMetadata", inputs: [DBusArgument("TrackIds", "ao")], outputs: [DBusArgument("Metadata", "aa{sv}")])
    /// `AddTrack(s Uri, o AfterTrack, b SetAsCurrent)`.
    public static let addTrack = DBusMethodDeclaration(
        name, "AddTrack", inputs: [DBusArgument("Uri", "s"), DBusArgument("AfterTrack", "o"), DBusArgument("SetAsCurrent", "b")])
    /// `RemoveTrack(o TrackId)`.
    public static let removeTrack = DBusMethodDeclaration(name, "RemoveTrack", inputs: [DBusArgument("TrackId", "o")])
    /// `GoTo(o TrackId)`.
    public static let goTo = DBusMethodDeclaration(name, "GoTo", inputs: [DBusArgument("TrackId", "o")])

    /// `Tracks`: announced as invalidated, without the value.
    public static let tracks = DBusPropertyDeclaration(name, "Tracks", "ao", changeSignal: .invalidates)
    /// `CanEditTracks`.
    public static let canEditTracks = DBusPropertyDeclaration(name, "CanEditTracks", "b", changeSignal: .constant)

    /// `TrackListReplaced(ao Tracks, o CurrentTrack)`.
    public static let trackListReplaced = DBusSignalDeclaration(
        name, "TrackListReplaced", [DBusArgument("Tracks", "ao"), DBusArgument("CurrentTrack", "o")])
    /// `TrackAdded(a{sv} Metadata, o AfterTrack)`.
    public static let trackAdded = DBusSignalDeclaration(
        name, "TrackAdded", [DBusArgument("Metadata", "a{sv}"), DBusArgument("AfterTrack", "o")])
    /// `TrackRemoved(o TrackId)`.
    public static let trackRemoved = DBusSignalDeclaration(name, "TrackRemoved", [DBusArgument("TrackId", "o")])
    /// `TrackMetadataChanged(o TrackId, a{sv} Metadata)`.
    public static let trackMetadataChanged = DBusSignalDeclaration(
        name, "TrackMetadataChanged", [DBusArgument("TrackId", "o"), DBusArgument("Metadata", "a{sv}")])

    /// The whole interface.
    public static let declaration = DBusInterfaceDeclaration(
        name, methods: [getTracksMetadata, addTrack, removeTrack, goTo], properties: [tracks, canEditTracks],
        signals: [trackListReplaced, trackAdded, trackRemoved, trackMetadataChanged])
}
