// SPDX-License-Identifier: Apache-2.0
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
        guard checksum(ofRecordAt: offset, length: length, in: bytes) == stored else { return nil }
        let start = offset + StateFileFormat.recordHeaderSize
        return UnsafeRawBufferPointer(rebasing: bytes[start..<start + length])
    }

    /// The checksum of the record at `offset` whose payload is `length` bytes: CRC-32C of its
    /// length field and its payload. The writer stores it; the readers compare it.
    public static func checksum(ofRecordAt offset: Int, length: Int, in bytes: UnsafeRawBufferPointer) -> UInt32 {
        let start = offset + StateFileFormat.recordHeaderSize
        return CRC32C.checksum(
            UnsafeRawBufferPointer(rebasing: bytes[start..<start + length]),
            continuing: CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 4])))
    }
}

extension StateFileRecords {
    /// A file whose records cannot be read, in the words both readers give after the path.
    public struct Damage: Error, CustomStringConvertible {
        /// "not a state file (…)".
        public let description: String
    }

    /// The offsets a walk ends at.
    public struct Extent: Sendable {
        /// The end of the header and the snapshot record.
        public var snapshotEnd: Int
        /// The end of the last whole record: an append goes here.
        public var validEnd: Int
    }

    /// Walks the records of `bytes`, a file whose header has been checked: the snapshot, then
    /// each journal record up to the first one cut short or failing its checksum. Each body gets
    /// a reader past the record's kind byte (and, for an edits record, the number of edits in it).
    public static func walk(
        _ bytes: UnsafeRawBufferPointer,
        snapshot: (inout StateRecordReader) throws(StateRecordReader.Malformed) -> Void,
        edits: (inout StateRecordReader, _ count: Int) throws(StateRecordReader.Malformed) -> Void
    ) throws(Damage) -> Extent {
        var offset = StateFileFormat.headerSize
        guard let first = payload(in: bytes, at: offset) else {
            throw Damage(description: "not a state file (its snapshot is cut short or fails its checksum)")
        }
        do throws(StateRecordReader.Malformed) {
            var reader = StateRecordReader(first)
            guard try reader.byte() == StateFileFormat.Kind.snapshot.rawValue else {
                throw StateRecordReader.Malformed(description: "its first record is not a snapshot")
            }
            try snapshot(&reader)
        } catch {
            throw Damage(description: "not a state file (snapshot: \(error.description))")
        }
        offset += StateFileFormat.recordHeaderSize + first.count
        let snapshotEnd = offset
        while let record = payload(in: bytes, at: offset) {
            do throws(StateRecordReader.Malformed) {
                var reader = StateRecordReader(record)
                guard try reader.byte() == StateFileFormat.Kind.edits.rawValue else {
                    throw StateRecordReader.Malformed(description: "a record of unknown kind")
                }
                try edits(&reader, try reader.count(limit: record.count, "edits"))
            } catch {
                throw Damage(description: "not a state file (the edits at byte \(offset): \(error.description))")
            }
            offset += StateFileFormat.recordHeaderSize + record.count
        }
        return Extent(snapshotEnd: snapshotEnd, validEnd: offset)
    }
}
