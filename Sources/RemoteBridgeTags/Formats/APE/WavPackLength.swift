// SPDX-License-Identifier: Apache-2.0

/// The length of a WavPack stream, from its first block's header ("wvpk", WavPack's
/// file_format.txt and libwavpack's `WavpackHeader`): its 40-bit total samples at its sample
/// rate. The rate is the header's index into the standard table (flag bits 23-26); index 15
/// means a custom rate, held in the first block's ID_SAMPLE_RATE (0x27) metadata sub-block, as
/// libwavpack's `read_sample_rate` reads it. Mutagen 1.46 raises on index 15; this reader gives
/// the length libwavpack and ffprobe give.
enum WavPackLength {
    /// The standard rates (libwavpack's `sample_rates`), by flag bits 23-26.
    static let rates = [6000, 8000, 9600, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000, 64000, 88200, 96000, 192000]
    static let headerSize = 32
    /// How much of the first block is read for its metadata sub-blocks (they come before the
    /// audio bitstream).
    static let metadataRead = 4096
    /// How much before the end of the audio is searched for the last block, when the first
    /// header leaves the length unknown.
    static let tailSearch = 32 << 10
    /// How many block headers are walked, when the last block is not found near the end.
    static let mostBlocksWalked = 1024

    /// The fields of a block header the length needs.
    struct BlockHeader {
        let blockSize: Int
        let version: UInt16
        /// nil when the header says the total is unknown (0xFFFFFFFF).
        let totalSamples: Int?
        let blockIndex: Int
        let blockSamples: Int
        let flags: UInt32

        init?(_ bytes: ArraySlice<UInt8>) {
            var cursor = ByteCursor(bytes)
            guard cursor.bytes(4)?.elementsEqual("wvpk".utf8) == true, let size = cursor.u32LE(), let version = cursor.u16LE(),
                let indexHigh = cursor.u8(), let totalHigh = cursor.u8(), let total = cursor.u32LE(), let index = cursor.u32LE(),
                let samples = cursor.u32LE(), let flags = cursor.u32LE()
            else { return nil }
            blockSize = Int(size)
            self.version = version
            // libwavpack's GET_TOTAL_SAMPLES: each step of the upper byte stands for 2^32 - 1
            // samples, so that the lower word never reads as the "unknown" 0xFFFFFFFF.
            totalSamples = total == UInt32.max ? nil : Int(total) + (Int(totalHigh) << 32) - Int(totalHigh)
            blockIndex = Int(index) + Int(indexHigh) << 32
            blockSamples = Int(samples)
            self.flags = flags
        }

        /// Whether the header is a plausible one: a stream version libwavpack decodes (0x402
        /// to 0x410) and a block size that holds at least the rest of the header.
        var isPlausible: Bool { (0x402...0x410).contains(version) && blockSize >= 24 }
    }

    /// The length of the stream at the start of `source`, whose audio ends at `audioEnd` (the
    /// start of its tags).
    static func read(_ source: some ByteSource, audioEnd: Int) -> Duration? {
        guard let head = source.readExactly(at: 0, count: headerSize), let first = BlockHeader(head[...]) else { return nil }
        let available = min(first.blockSize + 8, metadataRead, audioEnd) - headerSize
        let metadata = available > 0 ? source.read(at: headerSize, count: available) ?? [] : []
        let subBlocks = SubBlocks(metadata[...])
        let rateIndex = Int(first.flags >> 23 & 0xF)
        // libwavpack takes 44100 when a custom rate is not stated.
        var rate = rateIndex < rates.count ? rates[rateIndex] : subBlocks.sampleRate ?? 44100
        if first.flags & 0x8000_0000 != 0 {
            // DSD: the samples counted are bytes of 8 one-bit samples, at the header's rate
            // times the multiplier the DSD block states (libwavpack's WavpackGetSampleRate);
            // without one, Mutagen's assumption of 4 (DSD64).
            rate *= 1 << (subBlocks.dsdShift ?? 2)
        }
        let samples: Int
        if let total = first.totalSamples, first.blockIndex == 0 {
            samples = total
        } else if let final = finalIndex(source, audioEnd: audioEnd) {
            samples = final - first.blockIndex
        } else {
            return nil
        }
        return samples > 0 ? Duration.samples(samples, rate: rate) : nil
    }

    /// The index after the last sample of the stream, from its last block: searched for
    /// backwards from the end of the audio (as libwavpack's `seek_eof_information` does), else
    /// found by walking the block headers from the start (as Mutagen does), within bounds.
    static func finalIndex(_ source: some ByteSource, audioEnd: Int) -> Int? {
        let searchStart = max(0, audioEnd - tailSearch)
        if let tail = source.readExactly(at: searchStart, count: audioEnd - searchStart) {
            var position = tail.count - headerSize
            while position >= 0 {
                if tail[position] == 0x77, let header = BlockHeader(tail[position..<(position + headerSize)]), header.isPlausible,
                    header.blockSize + 8 == tail.count - position
                {
                    return header.blockIndex + header.blockSamples
                }
                position -= 1
            }
        }
        var offset = 0
        var final: Int?
        for _ in 0..<mostBlocksWalked {
            guard offset < audioEnd, let bytes = source.readExactly(at: offset, count: headerSize),
                let header = BlockHeader(bytes[...]), header.isPlausible
            else { break }
            if header.blockSamples > 0 { final = header.blockIndex + header.blockSamples }
            offset += header.blockSize + 8
            if offset >= audioEnd { return final }
        }
        return nil
    }

    /// The metadata sub-blocks of a block read here: each an id byte (bits 0-5 the function,
    /// 0x40 an odd size, 0x80 a 3-byte size), its size in 16-bit words, then its data.
    struct SubBlocks {
        /// ID_SAMPLE_RATE's rate (3 or 4 bytes, little-endian; bit 31 ignored as libwavpack does).
        var sampleRate: Int?
        /// The first byte of ID_DSD_BLOCK: the DSD rate multiplier's power of two.
        var dsdShift: Int?

        init(_ bytes: ArraySlice<UInt8>) {
            var cursor = ByteCursor(bytes)
            for _ in 0..<256 {
                guard let id = cursor.u8() else { break }
                let words: Int
                if id & 0x80 != 0 {
                    guard let size = cursor.unsigned(3, bigEndian: false) else { break }
                    words = Int(size)
                } else {
                    guard let size = cursor.u8() else { break }
                    words = Int(size)
                }
                let length = words * 2 - (id & 0x40 != 0 && words > 0 ? 1 : 0)
                let data = cursor.rest.prefix(length)
                switch id & 0x3F {
                case 0x27 where length == 3 || length == 4:
                    guard data.count == length else { return }
                    sampleRate = Int(data.prefix(3).unsignedInteger(bigEndian: false)) | (length == 4 ? (Int(data[relative: 3] ?? 0) & 0x7F) << 24 : 0)
                case 0x0E where data.count >= 1:
                    // The multiplier is checked as libwavpack's `init_dsd_block` does (at most 31);
                    // beyond 8 (DSD2048) it is not believed.
                    if let shift = data.first, shift <= 8 { dsdShift = Int(shift) }
                default:
                    break
                }
                guard cursor.skip(words * 2) else { break }
            }
        }
    }
}
