// SPDX-License-Identifier: Apache-2.0

/// One item's header: its value's size and kind, and its key.
struct APEItem {
    static let text: UInt32 = 0
    static let binary: UInt32 = 1
    static let externalLink: UInt32 = 2

    /// The key, or nil if it is not 2 to 255 printable ASCII characters (the item is skipped).
    let key: String?
    /// Bits 1-2 of the flags.
    let kind: UInt32
    let valueStart: Int
    let valueSize: Int

    /// How far a key's NUL is looked for: past the 255 characters a key may have, so that an
    /// item with a longer one can be passed over.
    static let longestKeySearch = 4096

    /// The item at `offset`, whose value must end by `end`; nil if it is cut short or its key
    /// has no NUL within `longestKeySearch` bytes (the items after it cannot be found).
    static func read<Source: ByteSource>(_ window: inout APETagWindow<Source>, at offset: Int, end: Int) -> APEItem? {
        guard let head = window.bytes(at: offset, upTo: 8 + longestKeySearch) else { return nil }
        var cursor = ByteCursor(head)
        guard let size = cursor.u32LE(), let flags = cursor.u32LE(), let nul = cursor.rest.firstIndex(of: 0) else { return nil }
        let keyBytes = cursor.rest[..<nul]
        let valueStart = offset + 8 + keyBytes.count + 1
        guard Int(size) <= end - valueStart else { return nil }
        let printable = (2...255).contains(keyBytes.count) && keyBytes.allSatisfy { (0x20...0x7E).contains($0) }
        return APEItem(key: printable ? TagText.latin1(keyBytes) : nil, kind: (flags >> 1) & 3, valueStart: valueStart, valueSize: Int(size))
    }
}
