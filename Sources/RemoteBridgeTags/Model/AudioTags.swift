// SPDX-License-Identifier: Apache-2.0

/// What an audio file says of itself, read without decoding it: its tags, its length, and (when
/// asked) its embedded cover.
public struct AudioTags: Equatable, Sendable {
    /// The format it was read as.
    public var format: AudioFormat
    /// The tags, in the order the file gives them; empty values are left out.
    public var fields: [TagField]
    /// The length, if the file states it or it can be worked out from its headers.
    public var length: Duration?
    /// The first embedded picture (the front cover if one is marked so), only when asked for.
    public var picture: EmbeddedPicture?
    /// The chapters, only when asked for (else empty, as for a file with none): sorted by
    /// start, one a start, none at or past the length when it is known, at most `mostChapters`.
    public var chapters: [AudioChapter]

    public init(
        format: AudioFormat, fields: [TagField] = [], length: Duration? = nil, picture: EmbeddedPicture? = nil, chapters: [AudioChapter] = []
    ) {
        self.format = format
        self.fields = fields
        self.length = length
        self.picture = picture
        self.chapters = chapters
    }

    /// The values of `key`, in order.
    public func values(_ key: TagKey) -> [String] {
        fields.filter { $0.key == key }.map(\.value)
    }

    /// The most fields `add` keeps: each add checks the fields for a duplicate, so a hostile
    /// file of endless values would make reading it quadratic; past this, values are dropped
    /// at once, unread.
    package static let mostFields = 4096

    /// The most chapters a file gives: an audiobook has tens, a hostile file may claim
    /// millions. Each reader stops gathering at this many; the rest are dropped unread.
    package static let mostChapters = 4096

    /// Adds `value` for `key`, unless it is empty (or only NULs and spaces), or `key` has it
    /// already (formats that store a tag twice, such as ASF's title, give it once), or there are
    /// `mostFields` fields already.
    package mutating func add(_ key: TagKey, _ value: String) {
        guard fields.count < Self.mostFields else { return }
        let trimmed = value.trimmingNULsAndSpaces
        guard !trimmed.isEmpty, !fields.contains(TagField(key, trimmed)) else { return }
        fields.append(TagField(key, trimmed))
    }

    /// Adds the fields of `other` whose keys this one has no value for (ID3v1 under ID3v2, APEv2
    /// beside ID3v1); its length, picture and chapters if this one has none.
    package mutating func fill(from other: AudioTags) {
        let have = Set(fields.map(\.key))
        fields += other.fields.filter { !have.contains($0.key) }
        if length == nil { length = other.length }
        if picture == nil { picture = other.picture }
        if chapters.isEmpty { chapters = other.chapters }
    }
}

/// A picture embedded in an audio file.
public struct EmbeddedPicture: Equatable, Sendable {
    public var bytes: [UInt8]
    /// "image/jpeg" or "image/png" (as the file says, else by the bytes' signature).
    public var mimeType: String
    /// Whether the file marks it as the front cover (ID3 and FLAC picture type 3, ASF likewise);
    /// a reader keeps looking past other pictures for one.
    public var isFrontCover = false

    public init(bytes: [UInt8], mimeType: String) {
        self.bytes = bytes
        let said = mimeType.lowercased()
        if said.hasPrefix("image/") {
            self.mimeType = said == "image/jpg" ? "image/jpeg" : said
        } else {
            self.mimeType = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? "image/png" : "image/jpeg"
        }
    }
}

/// The formats read.
public enum AudioFormat: String, Sendable, CaseIterable {
    case flac = "FLAC"
    case oggVorbis = "Ogg Vorbis"
    case oggOpus = "Ogg Opus"
    case oggFLAC = "Ogg FLAC"
    case oggSpeex = "Ogg Speex"
    case mp3 = "MP3"
    case mp4 = "MP4"
    case wav = "WAV"
    case aiff = "AIFF"
    case wavPack = "WavPack"
    case monkeysAudio = "Monkey's Audio"
    case musepack = "Musepack"
    case asf = "ASF"
    case matroska = "Matroska"
}

extension Duration {
    /// `count` samples at `rate` a second, to the microsecond; nil for a rate of 0 or less, or
    /// a count that is negative or past any real file (about 31 years).
    package static func samples(_ count: some BinaryInteger, rate: some BinaryInteger) -> Duration? {
        guard rate > 0, count >= 0 else { return nil }
        let seconds = Double(count) / Double(rate)
        return seconds.isFinite && seconds < 1e9 ? .microseconds(Int64((seconds * 1_000_000).rounded())) : nil
    }

    /// `value` seconds; nil if not finite, negative, or past any real file.
    package static func seconds(checked value: Double) -> Duration? {
        value.isFinite && value >= 0 && value < 1e9 ? .microseconds(Int64((value * 1_000_000).rounded())) : nil
    }
}
