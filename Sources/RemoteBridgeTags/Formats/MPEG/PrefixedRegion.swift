// SPDX-License-Identifier: Apache-2.0

/// A stretch of `base` (an ID3v2 tag's frames) read as a source of its own, never past its end,
/// with its first bytes read once: the small frames most tags hold come from memory, while a
/// large frame further on (a cover) is read only if it is wanted.
struct PrefixedRegion<Base: ByteSource>: ByteSource {
    let base: Base
    let start: Int
    let size: Int
    private let prefix: [UInt8]

    /// The `count` bytes of `base` from `start` (fewer if `base` ends first), the first
    /// `prefixSize` of them read now.
    init(_ base: Base, from start: Int, count: Int, prefixSize: Int) {
        self.base = base
        self.start = max(0, start)
        size = max(0, min(count, base.size - self.start))
        prefix = base.read(at: self.start, count: min(size, prefixSize)) ?? []
    }

    func read(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, count <= ByteSourceLimits.largestRead else { return nil }
        guard offset < size else { return [] }
        let wanted = min(count, size - offset)
        if offset + wanted <= prefix.count { return Array(prefix[offset..<(offset + wanted)]) }
        return base.read(at: start + offset, count: wanted)
    }
}
