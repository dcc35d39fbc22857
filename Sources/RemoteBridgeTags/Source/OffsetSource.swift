// SPDX-License-Identifier: Apache-2.0

/// The bytes of `base` from `start` on, as a source of their own: a FLAC stream after an ID3v2
/// tag, a stream inside a container.
package struct OffsetSource<Base: ByteSource>: ByteSource {
    let base: Base
    let start: Int

    package init(_ base: Base, from start: Int) {
        self.base = base
        self.start = max(0, start)
    }

    package var size: Int { max(0, base.size - start) }

    package func read(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0 else { return nil }
        return base.read(at: start + offset, count: count)
    }
}
