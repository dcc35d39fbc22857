// SPDX-License-Identifier: Apache-2.0

/// The Tags elements of a Matroska segment, turned into fields.
///
/// Each Tag has Targets (what it is about) and SimpleTags (a TagName and a TagString). The
/// Matroska tagging specification gives a tag's meaning by its target level: at 30 (TRACK)
/// TITLE, ARTIST and PART_NUMBER are the track's title, artist and number; at 50 (ALBUM) they
/// are the album's title, the album's artist and the disc's number in its set. A Targets that
/// states no level means 50 by the specification; but ffmpeg writes a file's own tags (its
/// `-metadata`) with an empty Targets, and ffprobe reads any Tag not aimed at a track, chapter
/// or attachment as the file's tags, whatever its level. This reader follows ffprobe where
/// the level is unstated (the names keep their common meaning: TITLE is the title), and the
/// specification where it is stated. ffprobe would instead give a stated level's tags as
/// "ALBUM/TITLE" when the Targets has a TargetType, or as plain names (the last one winning)
/// when it has only a TargetTypeValue.
///
/// Several SimpleTags of one name are several values, as the specification says to store
/// them; ffprobe keeps only the last.
struct MatroskaTagList {
    /// Where a Tag's fields come from, in the order they are taken: a key given by an earlier
    /// source is not taken from a later one.
    enum Source: CaseIterable {
        /// No level stated and no UID: the file's own tags, as ffmpeg writes them.
        case file
        /// Level 30 (TRACK), or a Tag aimed at a track (ffprobe's stream tags, which it ranks
        /// after the file's).
        case track
        /// Level 50 (ALBUM).
        case album
    }

    private var fields: [Source: [TagField]] = [:]
    /// DATE_RELEASED, the specification's name for the date, taken when no DATE was.
    private var released: [Source: [String]] = [:]
    /// How many SimpleTags are read in all, whatever the file says.
    static let mostSimpleTags = 4096
    private var simpleTagsRead = 0

    /// Reads a Tags element's data.
    mutating func read(tags data: ArraySlice<UInt8>) {
        for tag in EBML.children(data) where tag.id == MatroskaID.tag {
            readTag(tag.data)
        }
    }

    private mutating func readTag(_ data: ArraySlice<UInt8>) {
        let children = EBML.children(data)
        let targets = children.first { $0.id == MatroskaID.targets }.map { Targets($0.data) } ?? Targets(ArraySlice())
        guard let source = targets.source else { return }
        for child in children where child.id == MatroskaID.simpleTag {
            guard simpleTagsRead < Self.mostSimpleTags else { return }
            simpleTagsRead += 1
            readSimpleTag(child.data, from: source)
        }
    }

    /// One SimpleTag: its name and string. Nested SimpleTags describe their parent (ffprobe
    /// names them "PARENT/CHILD", which no field is) and are passed over; so is a tag marked
    /// TagDefault 0 in a language other than "und", which ffprobe gives only as "NAME-lang".
    /// An unstated TagDefault is 1, as the specification says; ffprobe takes it as 0, and
    /// gives a tag in a stated language (other than "und") only as "NAME-lang" then.
    private mutating func readSimpleTag(_ data: ArraySlice<UInt8>, from source: Source) {
        var name: String?
        var value: String?
        var language = "und"
        var isDefault = true
        for child in EBML.children(data) {
            switch child.id {
            case MatroskaID.tagName: name = EBML.string(child.data)
            case MatroskaID.tagString: value = EBML.string(child.data)
            case MatroskaID.tagLanguage: language = EBML.string(child.data)
            case MatroskaID.tagDefault: isDefault = EBML.unsigned(child.data) != 0
            default: break
            }
        }
        guard let name, let value, isDefault || language == "und" else { return }
        let upper = name.uppercased()
        if upper == "DATE_RELEASED" {
            released[source, default: []].append(value)
        } else if let key = Self.key(upper, from: source) {
            fields[source, default: []].append(TagField(key, value))
        }
    }

    /// The key of a tag named `name` (upper case) at `source`'s level.
    static func key(_ name: String, from source: Source) -> TagKey? {
        switch (name, source) {
        case ("TITLE", .album): return .album
        case ("ARTIST", .album): return .albumArtist
        case ("PART_NUMBER", .album): return .disc
        case ("REPLAYGAIN_GAIN", .album): return .replayGainAlbumGain
        case ("REPLAYGAIN_PEAK", .album): return .replayGainAlbumPeak
        case ("REPLAYGAIN_GAIN", _): return .replayGainTrackGain
        case ("REPLAYGAIN_PEAK", _): return .replayGainTrackPeak
        default: return TagKey(commonName: name)
        }
    }

    /// Adds the fields to `tags`: each key from the first source that has it, then the date
    /// from DATE_RELEASED if no DATE gave one.
    func add(to tags: inout AudioTags) {
        var given = Set(tags.fields.map(\.key))
        for source in Source.allCases {
            let found = fields[source] ?? []
            for field in found where !given.contains(field.key) {
                tags.add(field.key, field.value)
            }
            given.formUnion(found.map(\.key))
        }
        if !given.contains(.date), let dates = Source.allCases.lazy.compactMap({ released[$0] }).first {
            for date in dates { tags.add(.date, date) }
        }
    }

    /// A Tag's Targets: its level, and what it is aimed at.
    struct Targets {
        var level: UInt64?
        var type: String?
        var track = false
        var elsewhere = false

        init(_ data: ArraySlice<UInt8>) {
            for child in EBML.children(data) {
                switch child.id {
                case MatroskaID.targetTypeValue: level = EBML.unsigned(child.data)
                case MatroskaID.targetType: type = EBML.string(child.data).uppercased()
                case MatroskaID.tagTrackUID: track = track || EBML.unsigned(child.data) != 0
                case MatroskaID.tagChapterUID, MatroskaID.tagAttachmentUID: elsewhere = elsewhere || EBML.unsigned(child.data) != 0
                default: break
                }
            }
        }

        /// The source its fields count as; nil for a Tag about a chapter or an attachment
        /// (ffprobe gives those to the chapter or the attachment), or about a level neither
        /// track nor album (a collection, a subtrack…).
        var source: Source? {
            guard !elsewhere else { return nil }
            if let level {
                return level == 50 ? .album : level == 30 ? .track : nil
            }
            if let type {
                if ["ALBUM", "OPERA", "CONCERT", "MOVIE", "EPISODE"].contains(type) { return .album }
                if ["TRACK", "SONG", "CHAPTER"].contains(type) { return .track }
                return nil
            }
            return track ? .track : .file
        }
    }
}
