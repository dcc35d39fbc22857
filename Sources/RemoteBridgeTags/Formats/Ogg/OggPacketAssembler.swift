// SPDX-License-Identifier: Apache-2.0

/// Joins one logical stream's first packets from its pages' bodies: a packet runs on across
/// pages while its pieces' lacing values are 255 (RFC 3533 section 5), as a comment packet with a
/// big `METADATA_BLOCK_PICTURE` does over many pages.
struct OggPacketAssembler {
    /// How many packets are wanted from the start of the stream.
    let wanted: Int
    /// The packets joined so far, in order.
    private(set) var packets: [[UInt8]] = []
    private var partial: [UInt8] = []
    /// Whether `partial` holds the start of a packet (it may hold no bytes yet: a packet of
    /// exactly 255 bytes ends with a lacing value of 0).
    private var inPacket = false

    init(wanted: Int) { self.wanted = wanted }

    /// Whether all the packets wanted are there.
    var isComplete: Bool { packets.count >= wanted }

    /// How many bytes of `page`'s body are needed to finish the packets still wanted (the whole
    /// body if they run on past it), so that nothing after them is read.
    func bytesNeeded(from page: OggPage) -> Int {
        var size = 0
        var finished = packets.count
        var skipping = page.continuesPacket && !inPacket
        for lacing in page.lacing {
            size += Int(lacing)
            if lacing < 255 {
                if !skipping { finished += 1 }
                skipping = false
                if finished >= wanted { break }
            }
        }
        return size
    }

    /// Adds the pieces in `body` (the start of `page`'s body; pieces past its end are left
    /// out). A page that continues a packet never seen has its first piece dropped; one that
    /// does not continue drops a packet left unfinished. False if a packet grows past
    /// `ByteSourceLimits.largestRead`: the stream is then not believed.
    mutating func add(_ page: OggPage, body: ArraySlice<UInt8>) -> Bool {
        var skipping = page.continuesPacket && !inPacket
        if !page.continuesPacket {
            partial = []
            inPacket = false
        }
        var index = body.startIndex
        for lacing in page.lacing where !isComplete {
            let size = Int(lacing)
            guard body.endIndex - index >= size else { break }
            if !skipping {
                partial += body[index..<(index + size)]
                inPacket = true
                guard partial.count <= ByteSourceLimits.largestRead else { return false }
            }
            index += size
            if lacing < 255 {
                if !skipping { packets.append(partial) }
                partial = []
                inPacket = false
                skipping = false
            }
        }
        return true
    }
}
