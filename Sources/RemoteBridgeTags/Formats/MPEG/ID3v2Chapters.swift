// SPDX-License-Identifier: Apache-2.0

/// The chapters of an ID3v2.3 or 2.4 tag (the ID3v2 Chapter Frame Addendum): each `CHAP`
/// frame is a chapter (an element ID, its start and end in milliseconds, byte offsets, then
/// frames of its own, of which `TIT2` is its title), and a `CTOC` frame with its top-level flag
/// lists the chapters of the table of contents by their element IDs.
///
/// When a top-level `CTOC` is there, its list says which `CHAP` frames are chapters and in
/// what order they are taken (which one is kept of two with one start); `CHAP` frames it does
/// not list (the sub-chapters of a nested `CTOC`) are left out. Without one, every `CHAP`
/// frame is a chapter, in the tag's order. ffmpeg writes both, the `CTOC` listing every
/// `CHAP`; ffprobe reads the `CHAP` frames only.
struct ID3v2Chapters {
    /// The frames read.
    enum Frame {
        case chapter, tableOfContents

        init?(id: ArraySlice<UInt8>) {
            if id.elementsEqual("CHAP".utf8) {
                self = .chapter
            } else if id.elementsEqual("CTOC".utf8) {
                self = .tableOfContents
            } else {
                return nil
            }
        }
    }

    /// The frames inside a `CHAP` frame looked at: its title comes first as ffmpeg and
    /// Mutagen write it, and a few more (a `TIT3`, an `APIC`, a `WXXX`) may follow.
    static let mostSubframes = 16

    let major: UInt8
    /// Whether the tag's frame sizes, and so its sub-frames', are plain integers (ID3v2.3, or an
    /// ID3v2.4 tag written by iTunes) rather than synchsafe.
    let plainSizes: Bool
    private var chapters: [(id: ArraySlice<UInt8>, chapter: AudioChapter)] = []
    private var tableOfContents: [ArraySlice<UInt8>]?

    init(major: UInt8, plainSizes: Bool) {
        self.major = major
        self.plainSizes = plainSizes
    }

    /// Whether a frame of `kind` is still read: `CHAP` frames up to `AudioTags.mostChapters`
    /// (those after are passed over unread), and `CTOC` frames until the top-level one.
    func wants(_ kind: Frame) -> Bool {
        switch kind {
        case .chapter: chapters.count < AudioTags.mostChapters
        case .tableOfContents: tableOfContents == nil
        }
    }

    /// Reads the body of a frame of `kind` (flags already undone).
    mutating func take(_ kind: Frame, _ body: ArraySlice<UInt8>) {
        var cursor = ByteCursor(body)
        guard let id = Self.elementID(&cursor) else { return }
        switch kind {
        case .chapter:
            guard let startMilliseconds = cursor.u32BE(), cursor.skip(12) else { return }
            chapters.append((id, AudioChapter(start: .milliseconds(Int64(startMilliseconds)), title: title(in: cursor.rest))))
        case .tableOfContents:
            // Flags (bit 1: top level; bit 0: ordered), the entry count, the children's IDs.
            guard let flags = cursor.u8(), flags & 0x02 != 0, let count = cursor.u8() else { return }
            var children: [ArraySlice<UInt8>] = []
            for _ in 0..<count {
                guard let child = Self.elementID(&cursor) else { break }
                children.append(child)
            }
            tableOfContents = children
        }
    }

    /// The chapters, in the table of contents' order if there is one, else the tag's.
    func finish() -> [AudioChapter] {
        guard let tableOfContents else { return chapters.map(\.chapter) }
        var byID: [ArraySlice<UInt8>: AudioChapter] = [:]
        for entry in chapters where byID[entry.id] == nil { byID[entry.id] = entry.chapter }
        return tableOfContents.compactMap { byID[$0] }
    }

    /// A NUL-terminated element ID; nil if no NUL ends it.
    private static func elementID(_ cursor: inout ByteCursor) -> ArraySlice<UInt8>? {
        guard let end = cursor.rest.firstIndex(of: 0), let id = cursor.bytes(end - cursor.rest.startIndex), cursor.skip(1) else { return nil }
        return id
    }

    /// The first value of the first `TIT2` among a `CHAP` frame's sub-frames, which have the
    /// tag's frame headers (a four-letter ID, a size, two flag bytes).
    private func title(in subframes: ArraySlice<UInt8>) -> String? {
        var cursor = ByteCursor(subframes)
        for _ in 0..<Self.mostSubframes {
            guard let id = cursor.bytes(4), ID3v2FrameKind.isFrameID(id), let sizeField = cursor.bytes(4), let flags = cursor.u16BE() else { return nil }
            let size = plainSizes ? Int(sizeField.unsignedInteger(bigEndian: true)) : sizeField.synchsafe
            // A sub-frame cut short by its CHAP frame is read as far as it goes, as a tag's are.
            guard let stored = cursor.bytes(min(size, cursor.remaining)) else { return nil }
            guard id.elementsEqual("TIT2".utf8) else { continue }
            let body = ID3v2Frames.unwrapped(stored, flags: flags, major: major, tagUnsynchronised: false)
            return body.flatMap { ID3v2FrameBodies.text($0, major: major)?.first }
        }
        return nil
    }
}
