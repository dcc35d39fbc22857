/// The state file's framing (`StateFileFormat`): the header, and where each whole record's payload
/// is. remote-playerd's decoder and `SavedStateSummary` both walk a file with it.
public enum StateFileRecords {
    /// Whether `bytes` start as a version-2 (or later) file does.
    public static func hasMagic(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= StateFileFormat.magic.count && bytes.prefix(StateFileFormat.magic.count).elementsEqual(StateFileFormat.magic)
    }

    /// The version in the header of `bytes`, or nil when they end inside the header.
    public static func version(of bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= StateFileFormat.headerSize else { return nil }
        return Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: StateFileFormat.magic.count, as: UInt32.self)))
    }

    /// The payload of the record at `offset`, or nil if there is none there: the file ends, or
    /// the record is cut short, empty, or fails its checksum.
    public static func payload(in bytes: UnsafeRawBufferPointer, at offset: Int) -> UnsafeRawBufferPointer? {
        let left = bytes.count - offset
        guard left >= StateFileFormat.recordHeaderSize else { return nil }
        let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        guard length >= 1, length <= left - StateFileFormat.recordHeaderSize else { return nil }
        let stored = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
        let start = offset + StateFileFormat.recordHeaderSize
        let payload = UnsafeRawBufferPointer(rebasing: bytes[start..<start + length])
        let checksum = CRC32C.checksum(payload, continuing: CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 4])))
        return checksum == stored ? payload : nil
    }
}
