// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgeDBus

/// One entry of a player's queue, with the tags MPRIS shows.
public struct Track: Sendable, Equatable, Identifiable {
    /// A number unique within the player's lifetime; the MPRIS track id is built from it.
    public var id: Int
    /// Where the media is, as the queue holds it: a plain path, a file:// URI, an http(s) URL,
    /// or an mpv source. `metadata` shows it as a URI (`FileURI`).
    public var url: String
    /// The title.
    public var title: String?
    /// The track artists.
    public var artists: [String]
    /// The album.
    public var album: String?
    /// The album artists.
    public var albumArtists: [String]
    /// The genres.
    public var genres: [String]
    /// The track number on its disc.
    public var trackNumber: Int?
    /// The disc number.
    public var discNumber: Int?
    /// The length, once known.
    public var length: Duration?
    /// Cover art, as a file:// URI (a plain path is shown as one).
    public var artURL: String?
    /// The recording date, as tagged.
    public var date: String?
    /// The composers.
    public var composers: [String] = []
    /// The comment, as tagged.
    public var comment: String?
    /// The title of the chapter playing, for the current track of a file with chapters; shown as
    /// `remotebridge:chapter`, beside the file's own title, which it never replaces.
    public var chapter: String?

    /// Makes a track with only an id and a URL; the tags can be set afterwards.
    public init(
        id: Int, url: String, title: String? = nil, artists: [String] = [], album: String? = nil,
        albumArtists: [String] = [], genres: [String] = [], trackNumber: Int? = nil, discNumber: Int? = nil,
        length: Duration? = nil, artURL: String? = nil, date: String? = nil
    ) {
        self.id = id
        self.url = url
        self.title = title
        self.artists = artists
        self.album = album
        self.albumArtists = albumArtists
        self.genres = genres
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.length = length
        self.artURL = artURL
        self.date = date
    }

    /// The Metadata key of the chapter playing (`chapter`): RemoteBridge's own, as MPRIS asks
    /// of keys outside its and xesam's.
    public static let chapterKey = "remotebridge:chapter"

    /// The prefix of every track id object path.
    public static let objectPathPrefix = "/io/github/remotebridge/track/"

    /// The MPRIS track id: `/io/github/remotebridge/track/<id>`.
    public var objectPath: String { Self.objectPath(id: id) }

    /// The MPRIS track id of the track with `id`.
    public static func objectPath(id: Int) -> String { objectPathPrefix + String(id) }

    /// The id in a track object path, if it is one of ours.
    public static func id(fromObjectPath path: String) -> Int? {
        guard path.hasPrefix(objectPathPrefix) else { return nil }
        return Int(path.dropFirst(objectPathPrefix.count))
    }

    /// The MPRIS metadata, with the types the specification gives: `mpris:trackid` is `o`,
    /// `mpris:length` is `x` (µs), artists, album artists and genres are `as`, track and disc
    /// numbers are `i`, composers `as` and the comment `as` (xesam's comment is a list). `xesam:url` and `mpris:artUrl` are URIs: a plain path is shown as a
    /// percent-encoded `file://` URI. Text that cannot travel on D-Bus (a NUL inside a tag) is
    /// cleaned first.
    public var metadata: DBusValue {
        var entries: [(String, DBusValue)] = [("mpris:trackid", .objectPath(objectPath))]
        if let length { entries.append(("mpris:length", .int64(length.microseconds))) }
        if let artURL { entries.append(("mpris:artUrl", .string(FileURI.uri(for: artURL).dbusSafe))) }
        entries.append(("xesam:url", .string(FileURI.uri(for: url).dbusSafe)))
        if let title { entries.append(("xesam:title", .string(title.dbusSafe))) }
        if !artists.isEmpty { entries.append(("xesam:artist", .strings(artists.map(\.dbusSafe)))) }
        if let album { entries.append(("xesam:album", .string(album.dbusSafe))) }
        if !albumArtists.isEmpty { entries.append(("xesam:albumArtist", .strings(albumArtists.map(\.dbusSafe)))) }
        if !genres.isEmpty { entries.append(("xesam:genre", .strings(genres.map(\.dbusSafe)))) }
        if let trackNumber, let number = Int32(exactly: trackNumber) { entries.append(("xesam:trackNumber", .int32(number))) }
        if let discNumber, let number = Int32(exactly: discNumber) { entries.append(("xesam:discNumber", .int32(number))) }
        if let date { entries.append(("xesam:contentCreated", .string(date.dbusSafe))) }
        if !composers.isEmpty { entries.append(("xesam:composer", .strings(composers.map(\.dbusSafe)))) }
        if let comment { entries.append(("xesam:comment", .strings([comment.dbusSafe]))) }
        if let chapter { entries.append((Self.chapterKey, .string(chapter.dbusSafe))) }
        return .stringVariantDictionary(entries)
    }

    /// The metadata of "no track": only `mpris:trackid` set to the spec's NoTrack path.
    public static let noTrackMetadata = DBusValue.stringVariantDictionary([
        ("mpris:trackid", .objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack"))
    ])
}

extension String {
    /// The string with NUL characters removed, so it can travel as a D-Bus string.
    public var dbusSafe: String {
        DBusValidation.isValidString(self) ? self : String(unicodeScalars.filter { $0 != "\0" })
    }
}
