// SPDX-License-Identifier: Apache-2.0

/// A WAVE file's "fmt " chunk (WAVEFORMATEX: format tag, channels, sample rate, byte rate, block
/// align, bits per sample; and WAVE_FORMAT_EXTENSIBLE's sub-format): what the length of its data
/// chunk is worked out from.
struct WAVEFormat {
    /// The format tag; for WAVE_FORMAT_EXTENSIBLE (0xFFFE), the first two bytes of its
    /// sub-format GUID, which hold the tag it stands for.
    let formatTag: UInt16
    let sampleRate: UInt32
    /// The average bytes a second.
    let byteRate: UInt32
    /// The bytes of one frame (a sample of each channel), or of one compressed block.
    let blockAlign: UInt16

    /// The fields of a "fmt " chunk's body; nil if it is shorter than the 16 bytes every one
    /// has (Mutagen refuses such a file too).
    init?(_ body: [UInt8]) {
        var cursor = ByteCursor(body)
        guard var formatTag = cursor.u16LE(), cursor.skip(2), let sampleRate = cursor.u32LE(),
            let byteRate = cursor.u32LE(), let blockAlign = cursor.u16LE(), cursor.skip(2)
        else { return nil }
        // WAVE_FORMAT_EXTENSIBLE: extension size, valid bits, channel mask, then the GUID.
        if formatTag == 0xFFFE, cursor.skip(2 + 2 + 4), let subFormat = cursor.u16LE() {
            formatTag = subFormat
        }
        self.formatTag = formatTag
        self.sampleRate = sampleRate
        self.byteRate = byteRate
        self.blockAlign = blockAlign
    }

    /// Whether every frame takes `blockAlign` bytes: integer PCM (1), IEEE float (3), A-law (6)
    /// and µ-law (7).
    var isUncompressed: Bool { [1, 3, 6, 7].contains(formatTag) }

    /// The length of `dataSize` bytes of audio. Uncompressed audio follows Mutagen: the bytes
    /// over the block align are the frames, at the sample rate. Compressed audio (ADPCM, MP3…),
    /// where Mutagen's rule is wrong by the samples a block holds, follows ffprobe: the "fact"
    /// chunk's sample count (which the spec requires for it), else the bytes over the average
    /// byte rate.
    func length(dataSize: Int, factSamples: UInt64?) -> Duration? {
        if isUncompressed, blockAlign > 0, sampleRate > 0 {
            return Duration.seconds(checked: Double(dataSize) / Double(blockAlign) / Double(sampleRate))
        }
        if let factSamples, factSamples > 0, let length = Duration.samples(factSamples, rate: sampleRate) {
            return length
        }
        return Duration.samples(dataSize, rate: byteRate)
    }
}
