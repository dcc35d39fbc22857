// SPDX-License-Identifier: Apache-2.0

/// The codec of an Ogg stream, known from its identification header (its first packet), with
/// what that header says is needed for the length.
enum OggCodec {
    /// Vorbis I specification section 4.2.2: 0x01 "vorbis", version, channels, then the rate.
    case vorbis(rate: UInt32)
    /// RFC 7845 section 5.1: "OpusHead", version, channels, then the pre-skip, the samples at
    /// 48 kHz the decoder drops at the start (granule positions count them).
    case opus(preSkip: UInt16)
    /// The Ogg FLAC mapping: 0x7F "FLAC", version 1.0, the number of header packets, "fLaC",
    /// then the STREAMINFO block (with its block header).
    case flac(rate: Int, samples: Int, headerPackets: Int)
    /// Speex's header: "Speex   ", the version string and number, the header size, the rate.
    case speex(rate: UInt32)

    /// The codec `packet` identifies, or nil for a stream of another kind (video, a skeleton)
    /// or a header too short for its fields.
    init?(identification packet: [UInt8]) {
        var cursor = ByteCursor(packet)
        if packet.starts(with: [0x01] + Array("vorbis".utf8)) {
            guard cursor.skip(7 + 4 + 1), let rate = cursor.u32LE() else { return nil }
            self = .vorbis(rate: rate)
        } else if packet.starts(with: Array("OpusHead".utf8)) {
            // Mutagen refuses a major version other than 0 (the high 4 bits): a new layout.
            guard cursor.skip(8), let version = cursor.u8(), version >> 4 == 0, cursor.skip(1), let preSkip = cursor.u16LE() else { return nil }
            self = .opus(preSkip: preSkip)
        } else if packet.starts(with: [0x7F] + Array("FLAC".utf8)) {
            guard cursor.skip(5), cursor.u8() == 1, cursor.skip(1), let count = cursor.u16BE(),
                cursor.bytes(4).map(Array.init) == Array("fLaC".utf8), cursor.skip(4), let streamInfo = cursor.bytes(34)
            else { return nil }
            // 20 bits of sample rate, 3 of channels, 5 of bits per sample, 36 of total samples.
            let fields = streamInfo.dropFirst(10).prefix(8).unsignedInteger(bigEndian: true)
            self = .flac(rate: Int(fields >> 44), samples: Int(fields & 0xF_FFFF_FFFF), headerPackets: Int(count))
        } else if packet.starts(with: Array("Speex   ".utf8)) {
            guard cursor.skip(36), let rate = cursor.u32LE() else { return nil }
            self = .speex(rate: rate)
        } else {
            return nil
        }
    }

    var format: AudioFormat {
        switch self {
        case .vorbis: .oggVorbis
        case .opus: .oggOpus
        case .flac: .oggFLAC
        case .speex: .oggSpeex
        }
    }

    /// The header packets to read: the identification header and the comment packet (always
    /// the second), and for Ogg FLAC with a picture asked for, the metadata blocks after it
    /// (a PICTURE block may be one), at most `mostFLACHeaderPackets`.
    func packetsWanted(picture: Bool) -> Int {
        if case .flac(_, _, let headerPackets) = self, picture, headerPackets > 1 {
            return 1 + min(headerPackets, Self.mostFLACHeaderPackets)
        }
        return 2
    }

    /// Whether `packet` ends Ogg FLAC's header packets: a metadata block with its last-block
    /// flag set, or an audio frame (its sync code begins 0xFF), so that a header count stated too
    /// large never leads far into the audio.
    func isLastHeader(_ packet: [UInt8]?) -> Bool {
        guard case .flac = self, let first = packet?.first else { return false }
        return first & 0x80 != 0
    }

    /// A bound on the Ogg FLAC header packets read, as `FLACTags.mostBlocks` bounds FLAC's.
    static let mostFLACHeaderPackets = 128

    /// The Vorbis comment block inside the comment packet: after 0x03 "vorbis" (whose framing
    /// bit after the block is ignored), after "OpusTags", after the FLAC metadata block header
    /// of a VORBIS_COMMENT block (type 4), or the whole of Speex's packet.
    func commentBlock(in packet: [UInt8]) -> ArraySlice<UInt8>? {
        switch self {
        case .vorbis: packet.starts(with: [0x03] + Array("vorbis".utf8)) ? packet.dropFirst(7) : nil
        case .opus: packet.starts(with: Array("OpusTags".utf8)) ? packet.dropFirst(8) : nil
        case .flac: packet.first.map { $0 & 0x7F } == 4 ? packet.dropFirst(4) : nil
        case .speex: packet[...]
        }
    }

    /// Whether the length needs the stream's last granule position: all but an Ogg FLAC stream
    /// whose STREAMINFO states its total samples (Mutagen takes those first).
    var needsLastGranule: Bool {
        if case .flac(_, let samples, _) = self { return samples == 0 }
        return true
    }

    /// The length, from the last granule position if one was found (Mutagen's rules): Opus
    /// counts 48 kHz samples including the pre-skip; the others count samples at their rate.
    func length(lastGranule granule: Int64?) -> Duration? {
        if case .flac(let rate, let samples, _) = self, samples > 0 { return Duration.samples(samples, rate: rate) }
        guard let granule, granule >= 0 else { return nil }
        switch self {
        case .flac(let rate, _, _): return Duration.samples(granule, rate: rate)
        case .vorbis(let rate), .speex(let rate): return Duration.samples(granule, rate: rate)
        case .opus(let preSkip): return Duration.samples(granule - Int64(preSkip), rate: 48000)
        }
    }
}
