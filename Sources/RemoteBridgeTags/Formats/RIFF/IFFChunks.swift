// SPDX-License-Identifier: Apache-2.0

/// A chunk of an IFF-style file: RIFF/WAVE (sizes little-endian) or AIFF (big-endian). Each is
/// a four-character id and a 32-bit size, then the body, padded to an even length.
struct IFFChunk {
    /// The four-character id, such as "fmt " or "COMM".
    let id: String
    /// Where the body starts.
    let body: Int
    /// The body's size as the header states it (it may claim more than the file holds).
    let size: Int

    /// Where the next chunk starts: after the body and its pad byte, if the size is odd.
    var end: Int { body + size + size & 1 }
}

/// Walks the chunks of an IFF-style file one header at a time, never reading a body itself.
struct IFFChunkWalk<Source: ByteSource> {
    /// More chunks than any real file has, to bound a hostile one made of empty chunks.
    static var mostChunks: Int { 4096 }

    let source: Source
    let bigEndian: Bool
    /// Where the next chunk header is read; a reader may move it (a chunk whose real size is
    /// stated elsewhere, such as RF64's data chunk).
    var offset: Int
    private var left = Self.mostChunks

    /// A walk from `offset` (after the form's own header) to the end of `source`.
    init(_ source: Source, from offset: Int, bigEndian: Bool) {
        self.source = source
        self.offset = offset
        self.bigEndian = bigEndian
    }

    /// The next chunk, or nil at the end of the file, at a header cut short, or after
    /// `mostChunks`. The walk moves on past the chunk's body as its header states.
    mutating func next() -> IFFChunk? {
        guard left > 0, offset >= 0, offset <= source.size - 8, let header = source.readExactly(at: offset, count: 8) else { return nil }
        left -= 1
        let size = Int(header.dropFirst(4).unsignedInteger(bigEndian: bigEndian))
        let chunk = IFFChunk(id: TagText.latin1(header.prefix(4)), body: offset + 8, size: size)
        offset = chunk.end
        return chunk
    }

    /// The first `count` bytes of `chunk`'s body (fewer if it is shorter), for a chunk of fixed
    /// fields that a later version may lengthen.
    func prefix(of chunk: IFFChunk, count: Int) -> [UInt8]? {
        source.read(at: chunk.body, count: min(chunk.size, count))
    }

    /// The body of `chunk`, if its size is at most `limit` and the file holds it whole.
    func body(of chunk: IFFChunk, limit: Int = ByteSourceLimits.largestRead) -> [UInt8]? {
        guard chunk.size <= limit else { return nil }
        return source.readExactly(at: chunk.body, count: chunk.size)
    }
}
