// SPDX-License-Identifier: Apache-2.0

/// Ogg Vorbis, Opus, FLAC and Speex: the first audio stream's identification header (the codec
/// and its rate), its comment packet (the tags, a `METADATA_BLOCK_PICTURE` cover, and when asked
/// the `CHAPTERxxx` chapters), and the granule position of its last page (the length). Pages
/// are read from the start only until those header packets are whole; the audio pages after
/// them are never read, save the file's last 64 KiB for the length.
package enum OggTags {
    /// A bound on the pages read from the start for the header packets: enough for a comment
    /// packet of `ByteSourceLimits.largestRead` in pages of 4 KiB (as Mutagen writes them), with
    /// other streams' pages between.
    static let mostHeaderPages = 16384

    /// The tags of the Ogg file in `source`; nil if its first pages hold no stream of a codec
    /// read here.
    package static func read(_ source: some ByteSource, picture: Bool, chapters: Bool = false) -> AudioTags? {
        guard let stream = headerPackets(source, picture: picture) else { return nil }
        var tags = AudioTags(format: stream.codec.format)
        let packets = stream.packets
        if packets.count > 1, let block = stream.codec.commentBlock(in: packets[1]) {
            VorbisComment.read(block, into: &tags, picture: picture, chapters: chapters)
        }
        if picture, case .flac = stream.codec {
            tags.picture = flacPicture(packets.dropFirst(2), after: tags.picture)
        }
        let granule = stream.codec.needsLastGranule ? OggStreamEnd.lastGranule(source, serial: stream.serial, after: stream.end) : nil
        tags.length = stream.codec.length(lastGranule: granule)
        return tags
    }

    /// The stream an Ogg file's tags are read from: its codec, serial number, first header
    /// packets, and where the page that finished them ends.
    struct HeaderPackets {
        var codec: OggCodec
        var serial: UInt32
        var packets: [[UInt8]]
        var end: Int
    }

    /// The first stream whose beginning page identifies a codec read here (the beginning pages
    /// of all streams come first, RFC 3533 section 4; Mutagen likewise looks for the first page
    /// with a known identification header), and its first header packets, as many as
    /// `OggCodec.packetsWanted` (fewer if the file ends or breaks before them).
    static func headerPackets(_ source: some ByteSource, picture: Bool) -> HeaderPackets? {
        var found: HeaderPackets?
        var assembler = OggPacketAssembler(wanted: 0)
        var offset = 0
        for _ in 0..<mostHeaderPages {
            guard let page = OggPage.read(source, at: offset) else { break }
            let body = offset + page.headerSize
            if let stream = found {
                if page.serial == stream.serial {
                    let count = assembler.bytesNeeded(from: page)
                    guard let bytes = source.readExactly(at: body, count: count), assembler.add(page, body: bytes[...]) else { break }
                    found?.end = body + page.bodySize
                    if assembler.isComplete || stream.codec.isLastHeader(assembler.packets.last) { break }
                }
            } else {
                guard page.beginsStream else { return nil }
                var first = OggPacketAssembler(wanted: 1)
                if let bytes = source.readExactly(at: body, count: first.bytesNeeded(from: page)), first.add(page, body: bytes[...]),
                    let packet = first.packets.first, let codec = OggCodec(identification: packet)
                {
                    found = HeaderPackets(codec: codec, serial: page.serial, packets: [], end: body + page.bodySize)
                    assembler = OggPacketAssembler(wanted: codec.packetsWanted(picture: picture))
                    // The page should hold the identification header alone, but may hold more.
                    let count = assembler.bytesNeeded(from: page)
                    let all = count > bytes.count ? source.readExactly(at: body, count: count) ?? bytes : bytes
                    guard assembler.add(page, body: all[...]), !assembler.isComplete else { break }
                }
            }
            offset = body + page.bodySize
        }
        found?.packets = assembler.packets
        return found
    }

    /// The picture in Ogg FLAC's header packets after the comment packet (each a FLAC metadata
    /// block; type 6 is PICTURE), or `current` (one from the comments) unless that is not a front
    /// cover and one of these is.
    static func flacPicture(_ packets: ArraySlice<[UInt8]>, after current: EmbeddedPicture?) -> EmbeddedPicture? {
        var chosen = current
        for packet in packets where packet.first.map({ $0 & 0x7F }) == 6 {
            guard chosen?.isFrontCover != true else { break }
            if let found = FLACTags.picture(inBlock: packet.dropFirst(4)), chosen == nil || found.isFrontCover {
                chosen = found
            }
        }
        return chosen
    }
}
