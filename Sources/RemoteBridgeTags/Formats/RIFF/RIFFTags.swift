// SPDX-License-Identifier: Apache-2.0

/// WAV: a RIFF (or RF64) "WAVE" file. Its "fmt " chunk and the size of its "data" chunk give the
/// length; a "LIST" "INFO" chunk and an "id3 " chunk (ID3v2) the tags, the ID3v2 tag's first,
/// and the ID3v2 tag's chapters when asked.
/// Only chunk headers are read on the way; the data chunk's contents never are.
package enum RIFFTags {
    /// The tags of the WAVE file in `source`; nil if it is not one.
    package static func read(_ source: some ByteSource, picture: Bool, chapters: Bool = false) -> AudioTags? {
        guard let head = source.readExactly(at: 0, count: 12), head.dropFirst(8).elementsEqual("WAVE".utf8) else { return nil }
        let isRF64 = head.starts(with: Array("RF64".utf8))
        guard isRF64 || head.starts(with: Array("RIFF".utf8)) else { return nil }
        var info = AudioTags(format: .wav)
        var format: WAVEFormat?
        var dataSize: Int?
        var factSamples: UInt64?
        var rf64: (dataSize: UInt64, sampleCount: UInt64)?
        var id3Offset: Int?
        var infoItemsLeft = RIFFInfo.mostItems
        // The RIFF size is not believed (a streamed file has 0xFFFFFFFF there): the walk goes on
        // to the end of the file.
        var walk = IFFChunkWalk(source, from: 12, bigEndian: false)
        while let chunk = walk.next() {
            switch chunk.id {
            case "ds64" where isRF64:
                // EBU Tech 3306: the RIFF size, the data size, the sample count, 64 bits each.
                var cursor = ByteCursor(walk.prefix(of: chunk, count: 24) ?? [])
                if cursor.skip(8), let size = cursor.u64LE(), let count = cursor.u64LE() { rf64 = (size, count) }
            case "fmt ":
                if format == nil, let body = walk.prefix(of: chunk, count: 26) { format = WAVEFormat(body) }
            case "fact":
                var cursor = ByteCursor(walk.prefix(of: chunk, count: 4) ?? [])
                if let count = cursor.u32LE() { factSamples = count == 0xFFFF_FFFF && rf64 != nil ? rf64?.sampleCount : UInt64(count) }
            case "data" where dataSize == nil:
                let (size, toEnd) = dataChunkSize(chunk, rf64: rf64?.dataSize, fileSize: source.size)
                dataSize = size
                if toEnd { walk.offset = source.size } else { walk.offset = chunk.body + size + size & 1 }
            case "LIST":
                // Other lists (a cue's "adtl" labels) are skipped without reading them.
                if infoItemsLeft > 0, walk.prefix(of: chunk, count: 4) == Array("INFO".utf8), let body = walk.body(of: chunk) {
                    RIFFInfo.read(body, into: &info, itemsLeft: &infoItemsLeft)
                }
            case "id3 ", "ID3 ":
                if id3Offset == nil { id3Offset = chunk.body }
            default:
                break
            }
        }
        if let format, let dataSize { info.length = format.length(dataSize: dataSize, factSamples: factSamples) }
        guard let id3Offset, let id3 = ID3v2Tag.read(OffsetSource(source, from: id3Offset), at: 0, picture: picture, chapters: chapters) else { return info }
        var tags = id3.tags
        tags.format = .wav
        tags.length = info.length ?? tags.length
        tags.fill(from: info)
        return tags
    }

    /// The size of the data chunk's audio, and whether it runs to the end of the file: RF64's
    /// states 0xFFFFFFFF and the ds64 chunk the real size; a file written to a pipe states
    /// 0xFFFFFFFF (ffmpeg cannot go back to fill it in) or 0, which both mean to the end of the
    /// file, as ffmpeg's wav demuxer reads them (Mutagen takes the 4 GiB at its word). A size
    /// past the end of the file (a file cut short) is cut to what the file holds.
    static func dataChunkSize(_ chunk: IFFChunk, rf64: UInt64?, fileSize: Int) -> (size: Int, toEnd: Bool) {
        let available = max(0, fileSize - chunk.body)
        if chunk.size == 0xFFFF_FFFF, let rf64 {
            return rf64 >= UInt64(available) ? (available, true) : (Int(rf64), false)
        }
        if chunk.size == 0 || chunk.size == 0xFFFF_FFFF || chunk.size >= available { return (available, true) }
        return (chunk.size, false)
    }
}
