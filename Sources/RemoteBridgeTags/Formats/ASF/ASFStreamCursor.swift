// SPDX-License-Identifier: Apache-2.0

/// Reads fields one after another from a stretch of a source, a few KiB at a time, never past
/// the stretch's end: a large value (a picture when none is asked for) is skipped without
/// being read. Every read gives nil once the stretch runs out.
struct ASFStreamCursor<Source: ByteSource> {
    let source: Source
    /// Where the next field starts.
    private(set) var offset: Int
    /// Where the stretch ends.
    let end: Int
    /// Bytes already read from `offset` on.
    private var buffered: ArraySlice<UInt8> = []
    /// How much is read at once when a field needs more than is buffered.
    static var chunk: Int { 4096 }

    init(_ source: Source, from start: Int, to end: Int) {
        self.source = source
        offset = max(0, start)
        self.end = max(offset, end)
    }

    var remaining: Int { end - offset }

    /// The next `count` bytes, or nil (and nothing taken) if fewer are left.
    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= remaining else { return nil }
        if buffered.count < count {
            let wanted = min(max(count, Self.chunk), remaining)
            guard let fresh = source.read(at: offset, count: wanted), fresh.count >= count else { return nil }
            buffered = fresh[...]
        }
        let taken = buffered.prefix(count)
        buffered = buffered.dropFirst(count)
        offset += count
        return taken
    }

    /// Skips `count` bytes without reading them; false (and nothing skipped) if fewer are left.
    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= remaining else { return false }
        buffered = count <= buffered.count ? buffered.dropFirst(count) : []
        offset += count
        return true
    }

    mutating func u16LE() -> UInt16? { bytes(2).map { UInt16($0.unsignedInteger(bigEndian: false)) } }
    mutating func u32LE() -> UInt32? { bytes(4).map { UInt32($0.unsignedInteger(bigEndian: false)) } }
    mutating func u64LE() -> UInt64? { bytes(8).map { $0.unsignedInteger(bigEndian: false) } }
}
