// SPDX-License-Identifier: Apache-2.0

/// The chapters of an MP4 file, from one of two places. A QuickTime chapter track: a text track
/// that another track names in its `tref/chap` box, each of its samples a chapter's title (a
/// 16-bit length, then UTF-8 text, or UTF-16 after a byte-order mark) and each sample's time its
/// start. Or Nero's `moov/udta/chpl` box: a list of starts in units of 100 ns, each with a title
/// of at most 255 bytes.
///
/// The chapter track is taken when it gives any chapter, as ffmpeg and iTunes take it (ffmpeg
/// writes both, and its `chpl` titles are cut at 255 bytes); `chpl` only otherwise. Only the
/// track's sample tables and its samples are read, each sample where the tables put it.
enum MP4Chapters {
    static let trackHeader = MP4Box.type("tkhd")
    static let trackReference = MP4Box.type("tref")
    static let chapterReference = MP4Box.type("chap")
    static let mediaInformation = MP4Box.type("minf")
    static let sampleTable = MP4Box.type("stbl")
    static let sampleDescription = MP4Box.type("stsd")
    static let timeToSample = MP4Box.type("stts")
    static let sampleToChunk = MP4Box.type("stsc")
    static let sampleSizes = MP4Box.type("stsz")
    static let chunkOffsets = MP4Box.type("stco")
    static let chunkOffsets64 = MP4Box.type("co64")
    static let neroChapters = MP4Box.type("chpl")
    /// The sample entries of a text track: QuickTime's `text` and 3GPP's `tx3g`. A chapter
    /// track of pictures (a `jpeg` video track, which iTunes also names in `chap`) is not one.
    static let textFormats = [MP4Box.type("text"), MP4Box.type("tx3g")]
    /// How many tracks a `chap` box may name that are tried.
    static let mostReferences = 8

    /// The chapters of the movie whose boxes are `movieChildren`, as stored (in the track's or
    /// the box's order, titles untrimmed).
    static func read(_ movieChildren: [MP4Box], source: some ByteSource) -> [AudioChapter] {
        var walker = MP4BoxWalker(source)
        var tracks: [(id: UInt32, box: MP4Box)] = []
        var references: [UInt32] = []
        for trak in movieChildren where trak.type == MP4Tags.track {
            let parts = walker.children(of: trak)
            if let tkhd = parts.first(where: { $0.type == trackHeader }), let id = trackID(tkhd, walker: walker) { tracks.append((id, trak)) }
            if let tref = parts.first(where: { $0.type == trackReference }), let chap = walker.first(chapterReference, in: tref),
                let body = walker.payload(of: chap, limit: 4 * mostReferences)
            {
                var cursor = ByteCursor(body)
                while let id = cursor.u32BE() { references.append(id) }
            }
        }
        for reference in references.prefix(mostReferences) {
            guard let track = tracks.first(where: { $0.id == reference }) else { continue }
            let found = textTrack(track.box, walker: &walker)
            if !found.isEmpty { return found }
        }
        guard let udta = movieChildren.first(where: { $0.type == MP4Tags.userData }), let chpl = walker.first(neroChapters, in: udta),
            let body = walker.payload(of: chpl)
        else { return [] }
        return nero(body[...])
    }

    /// A track header's track ID: after the version and flags, two times of 4 bytes each
    /// (version 0) or 8 (version 1).
    static func trackID<Source>(_ tkhd: MP4Box, walker: MP4BoxWalker<Source>) -> UInt32? {
        guard let body = walker.payload(of: tkhd, limit: 24) else { return nil }
        var cursor = ByteCursor(body)
        guard let version = cursor.u8(), version <= 1, cursor.skip(3 + (version == 1 ? 16 : 8)) else { return nil }
        return cursor.u32BE()
    }

    /// Nero's chapters: a full box (version 1 adds 4 unknown bytes), an 8-bit count, then each
    /// chapter's start (64 bits, 100 ns units) and a title of an 8-bit length. A count larger
    /// than the box holds gives the chapters it does hold.
    static func nero(_ body: ArraySlice<UInt8>) -> [AudioChapter] {
        var cursor = ByteCursor(body)
        guard let version = cursor.u8(), cursor.skip(3), version == 0 || cursor.skip(4), let count = cursor.u8() else { return [] }
        var found: [AudioChapter] = []
        for _ in 0..<count {
            guard let start = cursor.u64BE(), let length = cursor.u8(), let title = cursor.bytes(Int(length)) else { break }
            let time = Duration.microseconds(Int64(start / 10)) + .nanoseconds(Int64(start % 10) * 100)
            found.append(AudioChapter(start: time, title: TagText.utf8(completeUTF8(title))))
        }
        return found
    }

    /// `bytes` without an unfinished UTF-8 sequence at the end: writers cut `chpl` titles at
    /// 255 bytes, wherever that falls.
    static func completeUTF8(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        // The last byte that begins a sequence (not 10xxxxxx), within the longest sequence.
        guard let lead = bytes.suffix(4).lastIndex(where: { $0 & 0xC0 != 0x80 }), bytes[lead] >= 0xC0 else { return bytes }
        let needed = bytes[lead] >= 0xF0 ? 4 : bytes[lead] >= 0xE0 ? 3 : 2
        return bytes.endIndex - lead < needed ? bytes[..<lead] : bytes
    }

    /// The chapters of the QuickTime text track `trak`: one a sample, at most
    /// `AudioTags.mostChapters`; none if it is not a text track.
    static func textTrack<Source>(_ trak: MP4Box, walker: inout MP4BoxWalker<Source>) -> [AudioChapter] {
        guard let mdia = walker.first(MP4Tags.media, in: trak) else { return [] }
        let mediaParts = walker.children(of: mdia)
        guard let mdhd = mediaParts.first(where: { $0.type == MP4Tags.mediaHeader }), let scale = timescale(mdhd, walker: walker), scale > 0,
            let minf = mediaParts.first(where: { $0.type == mediaInformation }), let stbl = walker.first(sampleTable, in: minf)
        else { return [] }
        let tables = walker.children(of: stbl)
        func table(_ type: UInt32, entrySize: Int, headerSize: Int = 8) -> ArraySlice<UInt8>? {
            // Only the entries the chapters kept can need are read.
            guard let box = tables.first(where: { $0.type == type }) else { return nil }
            return walker.payload(of: box, limit: headerSize + entrySize * AudioTags.mostChapters)?[...]
        }
        guard let stsd = table(sampleDescription, entrySize: 0, headerSize: 16), isText(stsd),
            let stts = table(timeToSample, entrySize: 8), let stsc = table(sampleToChunk, entrySize: 12),
            let stsz = table(sampleSizes, entrySize: 4, headerSize: 12),
            let offsets = table(chunkOffsets, entrySize: 4).map({ chunkList($0, wide: false) })
                ?? table(chunkOffsets64, entrySize: 8).map({ chunkList($0, wide: true) })
        else { return [] }
        let samples = MP4SampleTable(times: stts, chunks: stsc, sizes: stsz, chunkOffsets: offsets)
        var found: [AudioChapter] = []
        for sample in samples.samples() {
            guard let start = Duration.samples(sample.time, rate: scale), let chapter = chapter(at: sample, start: start, walker.source) else { continue }
            found.append(chapter)
        }
        return found
    }

    /// Whether a sample description's first entry is text: after the version and flags and the
    /// entry count, the entry's size and its format.
    static func isText(_ stsd: ArraySlice<UInt8>) -> Bool {
        var cursor = ByteCursor(stsd)
        guard cursor.skip(4 + 4 + 4), let format = cursor.u32BE() else { return false }
        return textFormats.contains(format)
    }

    /// A media header's time scale: after the version and flags, two times of 4 bytes each
    /// (version 0) or 8 (version 1).
    static func timescale<Source>(_ mdhd: MP4Box, walker: MP4BoxWalker<Source>) -> UInt32? {
        guard let body = walker.payload(of: mdhd, limit: 24) else { return nil }
        var cursor = ByteCursor(body)
        guard let version = cursor.u8(), version <= 1, cursor.skip(3 + (version == 1 ? 16 : 8)) else { return nil }
        return cursor.u32BE()
    }

    /// The offsets of a chunk offset box (`stco`, or `co64` with 64-bit ones): a full box, a
    /// count, the offsets; as many as the box holds, at most `AudioTags.mostChapters`.
    static func chunkList(_ body: ArraySlice<UInt8>, wide: Bool) -> [UInt64] {
        var cursor = ByteCursor(body)
        guard cursor.skip(4), let count = cursor.u32BE() else { return [] }
        var offsets: [UInt64] = []
        for _ in 0..<min(Int(count), AudioTags.mostChapters) {
            guard let offset = wide ? cursor.u64BE() : cursor.u32BE().map(UInt64.init) else { break }
            offsets.append(offset)
        }
        return offsets
    }

    /// The chapter whose title is `sample`: a 16-bit length, then the text (as ffmpeg reads it:
    /// UTF-16 after a byte-order mark, else UTF-8 up to a NUL). Nil if the sample cannot be read
    /// or its length runs past it (ffmpeg skips such a sample too).
    static func chapter(at sample: MP4SampleTable.Sample, start: Duration, _ source: some ByteSource) -> AudioChapter? {
        guard sample.size >= 2, sample.offset < UInt64(Int.max - (1 << 17)),
            let lengthField = source.readExactly(at: Int(sample.offset), count: 2)
        else { return nil }
        let length = Int(lengthField.unsignedInteger(bigEndian: true))
        guard UInt64(length) <= sample.size - 2 else { return nil }
        guard length > 0 else { return AudioChapter(start: start, title: nil) }
        guard let bytes = source.readExactly(at: Int(sample.offset) + 2, count: length) else { return nil }
        let isUTF16 = bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
        return AudioChapter(start: start, title: isUTF16 ? TagText.utf16(bytes, bigEndian: true) : TagText.utf8(bytes.prefix { $0 != 0 }))
    }
}

/// Where a track's samples lie and when each starts, from its sample tables (ISO/IEC 14496-12
/// §8.6.1.2 `stts`, §8.7.4 `stsc`, §8.7.3 `stsz`, §8.7.5 `stco`): at most
/// `AudioTags.mostChapters` samples, and never past what a table holds. Every sum is checked:
/// a sample whose offset or time would overflow ends the list.
struct MP4SampleTable {
    let times: ArraySlice<UInt8>
    let chunks: ArraySlice<UInt8>
    let sizes: ArraySlice<UInt8>
    let chunkOffsets: [UInt64]

    /// One sample: where it is, its size, and its time in the track's time scale.
    struct Sample {
        var offset: UInt64
        var size: UInt64
        var time: UInt64
    }

    func samples() -> [Sample] {
        var sizeCursor = ByteCursor(sizes)
        guard sizeCursor.skip(4), let uniformSize = sizeCursor.u32BE(), let sampleCount = sizeCursor.u32BE() else { return [] }
        let wanted = min(Int(sampleCount), AudioTags.mostChapters)
        var chunkCursor = ByteCursor(chunks)
        guard chunkCursor.skip(4), let runCount = chunkCursor.u32BE() else { return [] }
        // stsc: runs of (first chunk, counted from 1; samples in each chunk; description).
        var runs: [(firstChunk: UInt32, samplesPerChunk: UInt32)] = []
        for _ in 0..<min(Int(runCount), AudioTags.mostChapters) {
            guard let first = chunkCursor.u32BE(), let perChunk = chunkCursor.u32BE(), chunkCursor.skip(4) else { break }
            runs.append((first, perChunk))
        }
        var timeCursor = ByteCursor(times)
        guard timeCursor.skip(4), let timeRunCount = timeCursor.u32BE() else { return [] }
        var timeRunsLeft = Int(timeRunCount)
        var inTimeRun: UInt32 = 0
        var delta: UInt32 = 0
        var time: UInt64 = 0

        var found: [Sample] = []
        var run = 0
        for (index, chunkStart) in chunkOffsets.enumerated() {
            let chunkNumber = UInt64(index) + 1
            while run + 1 < runs.count, UInt64(runs[run + 1].firstChunk) <= chunkNumber { run += 1 }
            guard run < runs.count, UInt64(runs[run].firstChunk) <= chunkNumber else { continue }
            var offset = chunkStart
            for _ in 0..<min(Int(runs[run].samplesPerChunk), wanted - found.count) {
                let size: UInt64
                if uniformSize != 0 {
                    size = UInt64(uniformSize)
                } else {
                    guard let stated = sizeCursor.u32BE() else { return found }
                    size = UInt64(stated)
                }
                // The sample's time: the next delta of stts's runs of (count, delta).
                while inTimeRun == 0 {
                    guard timeRunsLeft > 0, let count = timeCursor.u32BE(), let next = timeCursor.u32BE() else { return found }
                    timeRunsLeft -= 1
                    (inTimeRun, delta) = (count, next)
                }
                inTimeRun -= 1
                found.append(Sample(offset: offset, size: size, time: time))
                let (nextOffset, offsetOverflow) = offset.addingReportingOverflow(size)
                let (nextTime, timeOverflow) = time.addingReportingOverflow(UInt64(delta))
                guard !offsetOverflow, !timeOverflow else { return found }
                (offset, time) = (nextOffset, nextTime)
            }
            if found.count >= wanted { break }
        }
        return found
    }
}
