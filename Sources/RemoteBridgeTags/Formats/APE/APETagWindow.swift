// SPDX-License-Identifier: Apache-2.0

/// The bytes of one APE tag, read from its source a chunk at a time, so that reading its items
/// one after another takes few reads, and a value that is skipped (a cover, when no picture is
/// asked for) is never read unless it shares a chunk with the items around it.
struct APETagWindow<Source: ByteSource> {
    /// The most read at once for the items (a value bigger than this is read on its own).
    static var chunkSize: Int { 64 << 10 }

    let source: Source
    /// The tag's bytes in the source: nothing outside them is read.
    let range: Range<Int>
    private var chunkStart = 0
    private var chunk: [UInt8] = []

    init(_ source: Source, range: Range<Int>) {
        self.source = source
        self.range = range
    }

    /// Exactly `count` bytes at `offset`, or nil if they are not all inside the tag or cannot
    /// be read.
    mutating func bytes(at offset: Int, count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, offset >= range.lowerBound, offset <= range.upperBound, count <= range.upperBound - offset else { return nil }
        if offset >= chunkStart, count <= chunk.count - (offset - chunkStart) {
            let start = offset - chunkStart
            return chunk[start..<(start + count)]
        }
        let length = min(range.upperBound - offset, max(count, Self.chunkSize))
        guard length <= ByteSourceLimits.largestRead, let read = source.readExactly(at: offset, count: length) else { return nil }
        chunk = read
        chunkStart = offset
        return chunk[0..<count]
    }

    /// Up to `count` bytes at `offset`: fewer at the end of the tag.
    mutating func bytes(at offset: Int, upTo count: Int) -> ArraySlice<UInt8>? {
        guard offset >= range.lowerBound, offset <= range.upperBound else { return nil }
        return bytes(at: offset, count: min(count, range.upperBound - offset))
    }
}
