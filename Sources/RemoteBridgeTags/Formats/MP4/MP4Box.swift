// SPDX-License-Identifier: Apache-2.0

/// One box of an ISO base media file (ISO/IEC 14496-12 §4.2), known by its header alone: its
/// type and where its payload lies.
struct MP4Box: Equatable {
    /// The four-character type as a big-endian number ("moov" is 0x6D6F_6F76).
    let type: UInt32
    /// Where the payload starts: after the size, the type and any 64-bit size.
    let payload: Int
    /// Where the box ends.
    let end: Int
    /// False for a box cut short at its container's end: it may be walked into, but its
    /// payload is not taken as a value.
    var isWhole = true

    var payloadSize: Int { end - payload }

    /// The type named by `name`, one byte per character (`"©nam"` is 0xA96E_616D).
    static func type(_ name: String) -> UInt32 {
        name.unicodeScalars.prefix(4).reduce(0) { $0 << 8 | ($1.value & 0xFF) }
    }
}

/// Lists the boxes of a file or of a container box by reading their headers only (16 bytes
/// each), so that a large box (`mdat`, the sample tables, a cover not asked for) is stepped over
/// by its size and never read. A hostile file cannot make it loop: every box moves on by at
/// least its 8-byte header, and the headers read per file and the boxes listed per container
/// are counted. It never recurses: readers go down fixed paths (`moov/udta/meta/ilst/covr`,
/// `moov/trak/mdia/hdlr`), so the depth is bounded by them.
struct MP4BoxWalker<Source: ByteSource> {
    let source: Source
    /// The box headers still allowed to be read for this file (16 bytes each, so at most 32 KiB).
    private(set) var headersLeft = 2048
    /// The most boxes listed in one container.
    static var mostChildren: Int { 512 }

    init(_ source: Source) { self.source = source }

    /// The box whose header is at `offset`, in a container that ends at `end`; nil at the end,
    /// or at a header that cannot be right.
    ///
    /// A size of 1 means a 64-bit size follows the type; a size of 0 means the box runs to the
    /// end of the file, which only a top-level box may say (as Mutagen holds). A box that claims
    /// more than its container holds is cut short at the container's end (and marked so): a file
    /// cut off in its last box still gives the whole boxes it has.
    mutating func box(at offset: Int, before end: Int, topLevel: Bool) -> MP4Box? {
        guard headersLeft > 0, offset >= 0, end - offset >= 8 else { return nil }
        headersLeft -= 1
        guard let header = source.read(at: offset, count: min(16, end - offset)), header.count >= 8 else { return nil }
        var cursor = ByteCursor(header)
        guard let size = cursor.u32BE(), let type = cursor.u32BE() else { return nil }
        let room = UInt64(end - offset)
        let claimed: UInt64
        var headerSize = 8
        switch size {
        case 0:
            guard topLevel else { return nil }
            claimed = room
        case 1:
            guard let large = cursor.u64BE(), large >= 16 else { return nil }
            claimed = large
            headerSize = 16
        case 2..<8:
            return nil
        default:
            claimed = UInt64(size)
        }
        let length = Int(min(claimed, room))
        guard length >= headerSize else { return nil }
        return MP4Box(type: type, payload: offset + headerSize, end: offset + length, isWhole: claimed <= room)
    }

    /// The boxes from `start` to `end`, in order, up to the first damaged header.
    mutating func boxes(from start: Int, to end: Int, topLevel: Bool = false) -> [MP4Box] {
        var found: [MP4Box] = []
        var offset = start
        while found.count < Self.mostChildren, let box = box(at: offset, before: end, topLevel: topLevel) {
            found.append(box)
            offset = box.end
        }
        return found
    }

    /// The boxes inside `container`, from `skipping` bytes into its payload.
    mutating func children(of container: MP4Box, skipping: Int = 0) -> [MP4Box] {
        boxes(from: container.payload + skipping, to: container.end)
    }

    /// The first box of type `type` from `start` to `end`; the headers after it are not read.
    mutating func first(_ type: UInt32, from start: Int, to end: Int, topLevel: Bool = false) -> MP4Box? {
        var offset = start
        for _ in 0..<Self.mostChildren {
            guard let box = box(at: offset, before: end, topLevel: topLevel) else { return nil }
            if box.type == type { return box }
            offset = box.end
        }
        return nil
    }

    /// The first box of type `type` inside `container`.
    mutating func first(_ type: UInt32, in container: MP4Box, skipping: Int = 0) -> MP4Box? {
        first(type, from: container.payload + skipping, to: container.end)
    }

    /// The payload of `box`, or its first `limit` bytes; nil if it cannot be read whole (or is
    /// over `ByteSourceLimits.largestRead`), or the box is cut short.
    func payload(of box: MP4Box, limit: Int = .max) -> [UInt8]? {
        guard box.isWhole || box.payloadSize >= limit else { return nil }
        return source.readExactly(at: box.payload, count: min(box.payloadSize, limit))
    }
}

/// The boxes inside a box's payload already in memory (an `ilst` item's `data`, `mean` and
/// `name` boxes), with 32-bit sizes only, as iTunes writes them.
enum MP4InlineBoxes {
    /// The most boxes read from one payload.
    static let mostBoxes = 256

    /// The (type, payload) of each box in `bytes`, in order, up to the first damaged header.
    static func list(_ bytes: ArraySlice<UInt8>) -> [(type: UInt32, body: ArraySlice<UInt8>)] {
        var found: [(type: UInt32, body: ArraySlice<UInt8>)] = []
        var cursor = ByteCursor(bytes)
        while found.count < mostBoxes, let size = cursor.u32BE(), let type = cursor.u32BE() {
            guard size >= 8, let body = cursor.bytes(Int(size) - 8) else { break }
            found.append((type, body))
        }
        return found
    }
}
