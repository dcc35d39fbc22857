// SPDX-License-Identifier: Apache-2.0

/// The tags every reader gives, whatever the format calls them: the fields MPRIS shows (and the
/// xesam names they go out as), and the loudness values for ReplayGain.
public enum TagKey: String, CaseIterable, Sendable {
    case title
    case artist
    case album
    case albumArtist = "album_artist"
    case composer
    case genre
    /// "3" or "3/12", as tagged.
    case track
    /// "1" or "1/2", as tagged.
    case disc
    /// A date or a year, as tagged.
    case date
    case comment
    /// "-6.20 dB", as tagged.
    case replayGainTrackGain = "replaygain_track_gain"
    case replayGainTrackPeak = "replaygain_track_peak"
    case replayGainAlbumGain = "replaygain_album_gain"
    case replayGainAlbumPeak = "replaygain_album_peak"
    /// Opus's R128 gains: Q7.8 fixed point, in dB, relative to -23 LUFS.
    case r128TrackGain = "r128_track_gain"
    case r128AlbumGain = "r128_album_gain"

    /// The key a Vorbis comment, an APEv2 item, a Matroska simple tag or a freeform MP4 or ASF
    /// name stands for, without regard to case (`TITLE`, `AlbumArtist`, `Album Artist`,
    /// `TRACKNUMBER`, `Year`, `DESCRIPTION`…); nil for one not read.
    public init?(commonName name: String) {
        guard let key = Self.commonNames[name] ?? Self.commonNames[name.lowercased()] else { return nil }
        self = key
    }

    /// Each name in lower case, and as formats mostly spell it (`TITLE`, `Title`, `Album Artist`),
    /// so that most are found without lowering their case first.
    private static let commonNames: [String: TagKey] = {
        var names: [String: TagKey] = [:]
        let pairs = TagKey.allCases.map { ($0.rawValue, $0) } + [
            ("albumartist", TagKey.albumArtist), ("album artist", .albumArtist), ("tracknumber", .track), ("discnumber", .disc),
            ("year", .date), ("description", .comment), ("part_number", .track),
        ]
        for (name, key) in pairs {
            let words = name.split(separator: " ", omittingEmptySubsequences: false).map { $0.prefix(1).uppercased() + $0.dropFirst() }
            for spelling in [name, name.uppercased(), words.joined(separator: " ")] { names[spelling] = key }
        }
        return names
    }()
}

/// One tag: its key and one value (a tag with several values comes as several fields).
public struct TagField: Equatable, Sendable {
    public var key: TagKey
    public var value: String

    public init(_ key: TagKey, _ value: String) {
        self.key = key
        self.value = value
    }
}
