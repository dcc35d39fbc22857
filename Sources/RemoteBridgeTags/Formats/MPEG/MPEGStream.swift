// SPDX-License-Identifier: Apache-2.0

/// The length of an MPEG audio stream, found as Mutagen's `MPEGInfo` finds it, from the first
/// frames only: the first frame whose header is followed by more valid ones, then the frame
/// count its Xing, Info or VBRI header states, or else the bytes at its bitrate.
enum MPEGStream {
    /// The bytes searched for the first frame (Mutagen searches 1 MiB): less than 64 KiB, so
    /// that with the tags at the end a file is read no further than that past its tags.
    static let searchSize = 60 << 10
    /// The syncs tried before giving up, as Mutagen's `max_syncs`.
    static let mostSyncs = 1500
    /// Frames in a row that make a sync trusted; two will do if no sync has that many.
    static let framesInARow = 4
    /// The bytes read at a frame's start to find a VBR header in it.
    static let vbrHeaderBytes = 256
    /// The end of the window where no sync is tried when the stream goes on past it, so that
    /// the frames after a sync and its VBR header are always in the window: four of the
    /// longest frames a header can state (2,881 bytes: layer II at 160 kbit/s and 8 kHz) and
    /// a VBR header.
    static let searchMargin = 12 << 10

    /// The bytes searched first: the first frame is nearly always right after the tags, so most
    /// files are done with these (a 60 KiB read for each was a third of an MP3's reading time).
    static let firstSearchSize = 16 << 10

    /// The length of the stream in `source` from `start` to `end` (the end of the audio,
    /// before any tags at the end of the file), or nil if no frames are found: searched in the
    /// first `firstSearchSize` bytes, then in `searchSize`.
    static func length(_ source: some ByteSource, from start: Int, to end: Int) -> Duration? {
        if end - start > firstSearchSize, let found = length(source, from: start, to: end, searching: firstSearchSize) { return found }
        return length(source, from: start, to: end, searching: searchSize)
    }

    private static func length(_ source: some ByteSource, from start: Int, to end: Int, searching searchSize: Int) -> Duration? {
        guard start >= 0, end > start, let window = source.read(at: start, count: min(searchSize, end - start)) else { return nil }
        /// Up to `count` bytes of the window at `offset`.
        func bytes(at offset: Int, count: Int) -> ArraySlice<UInt8> {
            offset < window.count ? window[offset..<min(window.count, offset + count)] : []
        }
        let searched = window.count < end - start ? max(0, window.count - searchMargin) : window.count
        var trusted: (offset: Int, header: MPEGFrameHeader)?
        var fallback: (offset: Int, header: MPEGFrameHeader)?
        var syncs = 0
        var index = 0
        while trusted == nil, syncs < mostSyncs, let sync = window[..<searched].dropFirst(index).firstIndex(of: 0xFF),
            sync + 1 < window.count
        {
            index = sync + 1
            guard window[sync + 1] & 0xE0 == 0xE0 else { continue }
            syncs += 1
            var chain: [(offset: Int, header: MPEGFrameHeader)] = []
            var position = sync
            for _ in 0..<framesInARow {
                guard let header = MPEGFrameHeader(bytes(at: position, count: 4)), chain.last?.header.isCompatible(with: header) ?? true else {
                    break
                }
                chain.append((position, header))
                let frame = bytes(at: position, count: vbrHeaderBytes)
                if let vbr = MPEGVBRHeader(frame: frame, header: header, remaining: end - start - position) {
                    return length(vbr: vbr, header: header) ?? estimate(bytes: end - start - position, header: header)
                }
                position += header.frameLength
            }
            if chain.count >= framesInARow { trusted = chain.first }
            if chain.count >= 2, fallback == nil { fallback = chain.first }
        }
        guard let first = trusted ?? fallback else { return nil }
        return estimate(bytes: end - start - first.offset, header: first.header)
    }

    /// The length a VBR header states: its frames' samples, less LAME's encoder delay and
    /// padding (Mutagen's reading). Nil if it states no frame count, or none.
    static func length(vbr: MPEGVBRHeader, header: MPEGFrameHeader) -> Duration? {
        guard let frames = vbr.frames else { return nil }
        let samples = max(0, frames * header.samplesPerFrame - vbr.encoderDelay - vbr.encoderPadding)
        return samples > 0 ? Duration.samples(samples, rate: header.sampleRate) : nil
    }

    /// The length of `bytes` of audio at the bitrate of its first frame: exact for a constant
    /// bitrate, as Mutagen estimates when no header states it.
    static func estimate(bytes: Int, header: MPEGFrameHeader) -> Duration? {
        bytes > 0 ? Duration.seconds(checked: Double(bytes) * 8 / Double(header.bitrate)) : nil
    }
}
