// SPDX-License-Identifier: Apache-2.0

/// The four bytes that open an MPEG audio frame (ISO/IEC 11172-3 section 2.4.2.3, and 13818-3
/// for MPEG-2 and the unofficial MPEG-2.5): 11 sync bits, version, layer, protection, bitrate
/// index, sample rate index, padding, private bit, channel mode, and bits not needed here.
struct MPEGFrameHeader: Equatable {
    enum Version: Equatable { case mpeg1, mpeg2, mpeg25 }

    let version: Version
    /// 1, 2 or 3.
    let layer: Int
    /// Bits a second.
    let bitrate: Int
    let sampleRate: Int
    let isPadded: Bool
    /// 0 stereo, 1 joint stereo, 2 dual channel, 3 mono.
    let channelMode: UInt8

    /// Kilobits a second by bitrate index 1 to 14, for MPEG-1 layers I, II, III, then MPEG-2
    /// and 2.5 layer I, then their layers II and III.
    private static let bitrates: [[Int]] = [
        [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
        [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
        [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
        [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
        [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    ]
    private static let sampleRates: [Version: [Int]] = [
        .mpeg1: [44100, 48000, 32000], .mpeg2: [22050, 24000, 16000], .mpeg25: [11025, 12000, 8000],
    ]

    /// The header in the first four of `bytes`; nil unless it is valid. As Mutagen does, to
    /// keep false syncs out, it refuses the reserved version, layer and sample rate, the bad
    /// bitrate index 15, and the free format (index 0), whose frame length no header states.
    init?(_ bytes: some Collection<UInt8>) {
        let bytes = Array(bytes.prefix(4))
        guard bytes.count == 4, bytes[0] == 0xFF, bytes[1] & 0xE0 == 0xE0 else { return nil }
        let versionBits = (bytes[1] >> 3) & 3
        let layerBits = (bytes[1] >> 1) & 3
        let bitrateIndex = Int(bytes[2] >> 4)
        let rateIndex = Int((bytes[2] >> 2) & 3)
        guard versionBits != 1, layerBits != 0, bitrateIndex != 0, bitrateIndex != 15, rateIndex != 3 else { return nil }
        version = versionBits == 3 ? .mpeg1 : versionBits == 2 ? .mpeg2 : .mpeg25
        layer = 4 - Int(layerBits)
        let table = version == .mpeg1 ? layer - 1 : layer == 1 ? 3 : 4
        bitrate = Self.bitrates[table][bitrateIndex - 1] * 1000
        sampleRate = Self.sampleRates[version]?[rateIndex] ?? 44100
        isPadded = bytes[2] & 2 != 0
        channelMode = bytes[3] >> 6
    }

    /// Samples in each frame: 384 in layer I, 1152 in layer II and in MPEG-1 layer III, 576 in
    /// MPEG-2 and 2.5 layer III.
    var samplesPerFrame: Int {
        layer == 1 ? 384 : layer == 3 && version != .mpeg1 ? 576 : 1152
    }

    /// The frame's length in bytes, header included: layer I counts slots of 4 bytes.
    var frameLength: Int {
        let padding = isPadded ? 1 : 0
        if layer == 1 { return (12 * bitrate / sampleRate + padding) * 4 }
        return samplesPerFrame / 8 * bitrate / sampleRate + padding
    }

    /// Where a Xing or Info header would start, from the frame's start: after the header and
    /// the layer III side information, whose size depends on version and channels (Mutagen's
    /// `XingHeader.get_offset`).
    var xingOffset: Int {
        switch (version == .mpeg1, channelMode == 3) {
        case (true, false): 36
        case (true, true): 21
        case (false, false): 21
        case (false, true): 13
        }
    }

    /// Whether a frame of `other` can follow this one in a stream: the same version, layer and
    /// sample rate (the bitrate may change from frame to frame).
    func isCompatible(with other: MPEGFrameHeader) -> Bool {
        version == other.version && layer == other.layer && sampleRate == other.sampleRate
    }
}
