// SPDX-License-Identifier: Apache-2.0

/// The length of a Musepack stream, as Mutagen's `MusepackInfo` reads it: stream version 7
/// ("MP+") from its frame count, stream version 8 ("MPCK") from its stream header packet.
/// Versions 4 to 6 have no signature, so the dispatcher never sends them here.
enum MusepackLength {
    /// The sample rates, by the header's 2-bit (SV7) or 3-bit (SV8) index.
    static let rates = [44100, 48000, 37800, 32000]
    /// How many SV8 packets are passed over looking for the stream header (it is the first).
    static let mostPackets = 32

    /// The length of the stream at the start of `source`.
    static func read(_ source: some ByteSource) -> Duration? {
        guard let head = source.readExactly(at: 0, count: 12) else { return nil }
        if head.starts(with: Array("MPCK".utf8)) { return streamVersion8(source) }
        guard head.starts(with: Array("MP+".utf8)), head[3] & 0xF >= 7 else { return nil }
        // SV7: frames at 4, flags at 8 (sample rate index in bits 16-17). Each frame holds 1152
        // samples; Mutagen takes off half a frame (576) for the last one, and so does this.
        var cursor = ByteCursor(head.dropFirst(4))
        guard let frames = cursor.u32LE(), let flags = cursor.u32LE() else { return nil }
        let samples = Int(frames) * 1152 - 576
        return samples > 0 ? Duration.samples(samples, rate: rates[Int(flags >> 16 & 3)]) : nil
    }

    /// SV8 (the Musepack SV8 specification): packets of a 2-letter key, a size (a varint that
    /// counts the key and itself), then data. The stream header "SH" holds a CRC, the version,
    /// the sample count and the silence at the start (varints), then the rate index (top 3
    /// bits). The length is (samples - silence) / rate, as Mutagen gives it.
    static func streamVersion8(_ source: some ByteSource) -> Duration? {
        var offset = 4
        for _ in 0..<mostPackets {
            guard let head = source.readExactly(at: offset, count: 2), head.allSatisfy({ (0x41...0x5A).contains($0) }),
                let sizeBytes = source.read(at: offset + 2, count: 9)
            else { return nil }
            var sizeCursor = ByteCursor(sizeBytes)
            guard let (size, sizeLength) = varint(&sizeCursor), size >= 2 + sizeLength, size <= source.size - offset else { return nil }
            let key = String(decoding: head, as: UTF8.self)
            if key == "AP" || key == "SE" { return nil }
            if key == "SH" {
                let dataLength = min(size - 2 - sizeLength, 64)
                guard let data = source.readExactly(at: offset + 2 + sizeLength, count: dataLength) else { return nil }
                return streamHeader(data[...])
            }
            offset += size
        }
        return nil
    }

    /// The length an "SH" packet's data states.
    static func streamHeader(_ data: ArraySlice<UInt8>) -> Duration? {
        var cursor = ByteCursor(data)
        guard cursor.skip(5), let (samples, _) = varint(&cursor), let (silence, _) = varint(&cursor), let rateByte = cursor.u8(),
            cursor.u8() != nil
        else { return nil }
        let index = Int(rateByte >> 5)
        guard index < rates.count, samples > silence else { return nil }
        return Duration.samples(samples - silence, rate: rates[index])
    }

    /// An SV8 varint: 7 bits a byte, big-endian, while the top bit is set; at most 9 bytes, as
    /// Mutagen reads it. The value and the bytes it took.
    static func varint(_ cursor: inout ByteCursor) -> (Int, Int)? {
        var value = 0
        for length in 1...9 {
            guard let byte = cursor.u8() else { return nil }
            value = value << 7 | Int(byte & 0x7F)
            if byte & 0x80 == 0 { return (value, length) }
        }
        return nil
    }
}
