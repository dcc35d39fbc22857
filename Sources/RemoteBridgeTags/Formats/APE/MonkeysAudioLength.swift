// SPDX-License-Identifier: Apache-2.0

/// The length of a Monkey's Audio stream ("MAC "), from its header as Mutagen's
/// `MonkeysAudioInfo` and the Monkey's Audio SDK (`APEHeader.cpp`) read it: (total frames - 1)
/// frames of "blocks per frame" samples, plus the final frame's blocks, at the sample rate.
enum MonkeysAudioLength {
    /// The descriptor (version 3.98 on) is 52 bytes; the SDK takes the header after as many
    /// bytes as the descriptor states, which is bounded here.
    static let smallestDescriptor = 52
    static let largestDescriptor = 1024

    /// The length of the stream at the start of `source`.
    static func read(_ source: some ByteSource) -> Duration? {
        guard let head = source.readExactly(at: 0, count: 32), head.starts(with: Array("MAC ".utf8)) else { return nil }
        var cursor = ByteCursor(head.dropFirst(4))
        guard let version = cursor.u16LE() else { return nil }
        let blocksPerFrame: Int, finalFrameBlocks: Int, totalFrames: Int, rate: Int
        if version >= 3980 {
            // APE_DESCRIPTOR, then APE_HEADER: compression level, format flags, blocks per
            // frame, final frame blocks, total frames, bits per sample, channels, sample rate.
            guard cursor.skip(2), let descriptorSize = cursor.u32LE().map(Int.init),
                (smallestDescriptor...largestDescriptor).contains(descriptorSize),
                let header = source.readExactly(at: descriptorSize, count: 24)
            else { return nil }
            var fields = ByteCursor(header)
            guard fields.skip(4), let perFrame = fields.u32LE(), let final = fields.u32LE(), let frames = fields.u32LE(), fields.skip(4),
                let sampleRate = fields.u32LE()
            else { return nil }
            (blocksPerFrame, finalFrameBlocks, totalFrames, rate) = (Int(perFrame), Int(final), Int(frames), Int(sampleRate))
        } else {
            // APE_HEADER_OLD: compression level, format flags, channels, sample rate, header
            // bytes, terminating bytes, total frames, final frame blocks.
            guard let compression = cursor.u16LE(), cursor.skip(4), let sampleRate = cursor.u32LE(), cursor.skip(8),
                let frames = cursor.u32LE(), let final = cursor.u32LE()
            else { return nil }
            (finalFrameBlocks, totalFrames, rate) = (Int(final), Int(frames), Int(sampleRate))
            blocksPerFrame = oldBlocksPerFrame(version: version, compression: compression)
        }
        guard totalFrames > 0, rate > 0 else { return nil }
        let (whole, overflow) = (totalFrames - 1).multipliedReportingOverflow(by: blocksPerFrame)
        let (blocks, overflowAgain) = whole.addingReportingOverflow(finalFrameBlocks)
        guard !overflow, !overflowAgain, blocks > 0 else { return nil }
        return Duration.samples(blocks, rate: rate)
    }

    /// The samples a frame holds before version 3.98, by version and compression level, as the
    /// SDK decides it. Mutagen compares the level with 4 where the SDK (and ffmpeg) compare it
    /// with 4000, "extra high": a 3.80-3.89 file at extra high gets 73728 here, 9216 there.
    static func oldBlocksPerFrame(version: UInt16, compression: UInt16) -> Int {
        if version >= 3950 { return 73728 * 4 }
        if version >= 3900 || (version >= 3800 && compression == 4000) { return 73728 }
        return 9216
    }
}
