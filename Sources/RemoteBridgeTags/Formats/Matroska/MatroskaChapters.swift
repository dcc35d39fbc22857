// SPDX-License-Identifier: Apache-2.0

/// The chapters of a Matroska segment's Chapters element (RFC 9559 section 5.1.7): its
/// EditionEntries, each a list of ChapterAtoms (ChapterTimeStart in nanoseconds, unscaled by
/// the TimestampScale; ChapterDisplay's ChapString the title).
///
/// One edition is read: the first flagged EditionFlagDefault, else the first, as a player
/// shows one edition at a time. Only its top-level ChapterAtoms are chapters; the atoms nested
/// in them (sub-chapters) are passed over, as ffmpeg passes them over. An atom with no start,
/// or marked hidden (ChapterFlagHidden) or disabled (ChapterFlagEnabled 0), is left out; the
/// title is the first ChapterDisplay's, whatever its language.
enum MatroskaChapters {
    /// The chapters in a Chapters element's data, in the file's order.
    static func read(_ data: ArraySlice<UInt8>) -> [AudioChapter] {
        let editions = EBML.children(data).filter { $0.id == MatroskaID.editionEntry }
        let chosen = editions.first { edition in
            EBML.children(edition.data).contains { $0.id == MatroskaID.editionFlagDefault && EBML.unsigned($0.data) == 1 }
        } ?? editions.first
        guard let chosen else { return [] }
        var found: [AudioChapter] = []
        for atom in EBML.children(chosen.data, limit: AudioTags.mostChapters + 16) where atom.id == MatroskaID.chapterAtom {
            guard found.count < AudioTags.mostChapters else { break }
            if let chapter = chapter(atom.data) { found.append(chapter) }
        }
        return found
    }

    /// One ChapterAtom's chapter; nil if it has no start (or one past what a Duration of
    /// nanoseconds holds), or is hidden or disabled.
    static func chapter(_ data: ArraySlice<UInt8>) -> AudioChapter? {
        var start: UInt64?
        var title: String?
        for child in EBML.children(data, limit: 64) {
            switch child.id {
            case MatroskaID.chapterTimeStart where start == nil: start = EBML.unsigned(child.data)
            case MatroskaID.chapterFlagHidden: if EBML.unsigned(child.data) == 1 { return nil }
            case MatroskaID.chapterFlagEnabled: if EBML.unsigned(child.data) == 0 { return nil }
            case MatroskaID.chapterDisplay where title == nil:
                title = EBML.children(child.data, limit: 16).first { $0.id == MatroskaID.chapString }.map { EBML.string($0.data) }
            default: break
            }
        }
        guard let start, start <= UInt64(Int64.max) else { return nil }
        return AudioChapter(start: .nanoseconds(Int64(start)), title: title)
    }
}
