// SPDX-License-Identifier: Apache-2.0

/// An AIFF or AIFF-C file's "COMM" chunk: channels, sample frames, bits per sample, and the
/// sample rate as an 80-bit IEEE 754 extended float (AIFF 1.3 section "Common Chunk"), then in
/// AIFF-C the compression type.
struct AIFFCommon {
    let sampleFrames: UInt32
    let sampleRate: Double
    /// The samples one counted frame stands for: 1, but 64 for AIFF-C's "ima4" (IMA ADPCM),
    /// whose COMM counts its 64-sample packets, as ffmpeg's aiff demuxer (and so ffprobe) reads
    /// it; Mutagen counts them as samples, 64 times too short.
    let samplesPerFrame: Int

    /// The fields of a COMM chunk's body, with AIFF-C's compression type after them if `isAIFC`;
    /// nil if it is short or the rate is not a finite number.
    init?(_ body: [UInt8], isAIFC: Bool) {
        var cursor = ByteCursor(body)
        guard cursor.skip(2), let sampleFrames = cursor.u32BE(), cursor.skip(2), let rate = cursor.bytes(10),
            let sampleRate = Self.extendedFloat(rate)
        else { return nil }
        self.sampleFrames = sampleFrames
        self.sampleRate = sampleRate
        let compression = isAIFC ? cursor.bytes(4).map(TagText.latin1) : nil
        samplesPerFrame = compression == "ima4" ? 64 : 1
    }

    /// The length: the sample frames at the sample rate, as Mutagen works it out (but for
    /// "ima4", see `samplesPerFrame`).
    var length: Duration? {
        sampleRate > 0 ? Duration.seconds(checked: Double(sampleFrames) * Double(samplesPerFrame) / sampleRate) : nil
    }

    /// An 80-bit extended float: a sign bit, a 15-bit exponent biased by 16383, and a 64-bit
    /// significand whose integer bit is explicit. Nil for infinity and NaN (exponent 0x7FFF),
    /// which Mutagen refuses too; any other exponent, however large, gives a finite Double or
    /// infinity by scaling, never a trap.
    static func extendedFloat(_ bytes: ArraySlice<UInt8>) -> Double? {
        guard bytes.count == 10 else { return nil }
        let signAndExponent = Int(bytes.prefix(2).unsignedInteger(bigEndian: true))
        let significand = bytes.dropFirst(2).unsignedInteger(bigEndian: true)
        let exponent = signAndExponent & 0x7FFF
        guard exponent != 0x7FFF else { return nil }
        guard significand != 0 else { return 0 }
        let value = Double(sign: signAndExponent & 0x8000 != 0 ? .minus : .plus, exponent: exponent - 16383 - 63, significand: Double(significand))
        return value.isFinite ? value : nil
    }
}
