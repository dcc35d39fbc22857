// SPDX-License-Identifier: Apache-2.0

/// Somewhere an audio file's bytes can be read from at an offset: a file (`TagFile`), or bytes
/// in memory (tests, the fuzzer).
public protocol ByteSource {
    /// The size in bytes.
    var size: Int { get }
    /// Up to `count` bytes at `offset` (fewer at the end, none past it); nil on an error, or for
    /// a count over `ByteSourceLimits.largestRead`.
    func read(at offset: Int, count: Int) -> [UInt8]?
}

/// The bounds every reader keeps to, whatever a file says.
public enum ByteSourceLimits {
    /// The largest block read at once (a tag, a frame, a picture): a cover bigger than this is
    /// ignored, and a length field that claims more is not believed.
    public static let largestRead = 16 << 20
}

extension Array: ByteSource where Element == UInt8 {
    public var size: Int { count }

    public func read(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, count <= ByteSourceLimits.largestRead else { return nil }
        guard offset < self.count else { return [] }
        return Array(self[offset..<Swift.min(self.count, offset + count)])
    }
}

extension ByteSource {
    /// Exactly `count` bytes at `offset`, or nil.
    public func readExactly(at offset: Int, count: Int) -> [UInt8]? {
        guard let bytes = read(at: offset, count: count), bytes.count == count else { return nil }
        return bytes
    }
}
