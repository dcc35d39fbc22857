// SPDX-License-Identifier: Apache-2.0
/// The byte layout of the engine channel's messages: each frame is a little-endian UInt32 length,
/// then that many bytes of body; a body is a kind byte, then its fields in order. Integers are
/// little-endian, a Double is its IEEE bit pattern, a string is its UTF-8 length (UInt32) then
/// its bytes, and an `MPVNode` is a tag byte then its value. docs/engine.md, "The protocol", lists the kinds.
package enum EngineWire {
    /// The largest frame either side accepts: far above any real one (a playlist of two entries,
    /// a file's tags, bounded by mpv), so that a corrupt length is caught before it is allocated.
    package static let maximumFrame = 16 << 20

    /// A malformed frame: the peer is not speaking this protocol (or lies), and is let go.
    package struct Malformed: Error, Sendable, CustomStringConvertible {
        package var description: String
        package init(_ description: String) { self.description = description }
    }

    /// Appends fields to a frame's body.
    package struct Writer {
        package private(set) var bytes: [UInt8] = []

        package init(kind: UInt8) { bytes.append(kind) }

        package mutating func byte(_ value: UInt8) { bytes.append(value) }
        package mutating func int32(_ value: Int32) { integer(UInt32(bitPattern: value)) }
        package mutating func int64(_ value: Int64) { integer(UInt64(bitPattern: value)) }
        package mutating func uint32(_ value: UInt32) { integer(value) }
        package mutating func uint64(_ value: UInt64) { integer(value) }
        package mutating func double(_ value: Double) { integer(value.bitPattern) }
        package mutating func flag(_ value: Bool) { bytes.append(value ? 1 : 0) }

        package mutating func string(_ value: String) {
            integer(UInt32(truncatingIfNeeded: value.utf8.count))
            bytes.append(contentsOf: value.utf8)
        }

        package mutating func strings(_ values: [String]) {
            integer(UInt32(truncatingIfNeeded: values.count))
            for value in values { string(value) }
        }

        package mutating func node(_ value: MPVNode) {
            switch value {
            case .none: byte(0)
            case .string(let text): byte(1); string(text)
            case .flag(let flag): byte(2); self.flag(flag)
            case .int64(let number): byte(3); int64(number)
            case .double(let number): byte(4); double(number)
            case .array(let items):
                byte(5)
                integer(UInt32(truncatingIfNeeded: items.count))
                for item in items { node(item) }
            case .map(let pairs):
                byte(6)
                integer(UInt32(truncatingIfNeeded: pairs.count))
                for (key, item) in pairs {
                    string(key)
                    node(item)
                }
            }
        }

        private mutating func integer<Value: FixedWidthInteger>(_ value: Value) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        /// The frame: length, then body.
        package var frame: [UInt8] {
            var frame: [UInt8] = []
            frame.reserveCapacity(4 + bytes.count)
            withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { frame.append(contentsOf: $0) }
            frame.append(contentsOf: bytes)
            return frame
        }
    }

    /// Reads fields from a frame's body, in the order they were written.
    package struct Reader {
        private let bytes: [UInt8]
        private var offset = 0
        /// The body's kind byte.
        package let kind: UInt8

        package init(body: [UInt8]) throws(Malformed) {
            guard let kind = body.first else { throw Malformed("an empty frame") }
            self.bytes = body
            self.kind = kind
            offset = 1
        }

        package mutating func byte() throws(Malformed) -> UInt8 {
            guard offset < bytes.count else { throw Malformed("a frame of kind \(kind) ends early") }
            defer { offset += 1 }
            return bytes[offset]
        }

        package mutating func flag() throws(Malformed) -> Bool { try byte() != 0 }
        package mutating func int32() throws(Malformed) -> Int32 { Int32(bitPattern: try integer(UInt32.self)) }
        package mutating func int64() throws(Malformed) -> Int64 { Int64(bitPattern: try integer(UInt64.self)) }
        package mutating func uint32() throws(Malformed) -> UInt32 { try integer(UInt32.self) }
        package mutating func uint64() throws(Malformed) -> UInt64 { try integer(UInt64.self) }
        package mutating func double() throws(Malformed) -> Double { Double(bitPattern: try integer(UInt64.self)) }

        package mutating func string() throws(Malformed) -> String {
            let count = Int(try integer(UInt32.self))
            guard count <= bytes.count - offset else { throw Malformed("a string runs past the end of a frame of kind \(kind)") }
            defer { offset += count }
            return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
        }

        package mutating func strings() throws(Malformed) -> [String] {
            let count = Int(try integer(UInt32.self))
            // Each string takes at least its 4-byte length: a count past that is a lie.
            guard count <= (bytes.count - offset) / 4 else { throw Malformed("a list longer than its frame") }
            var values: [String] = []
            values.reserveCapacity(count)
            for _ in 0..<count { values.append(try string()) }
            return values
        }

        package mutating func node(depth: Int = 0) throws(Malformed) -> MPVNode {
            guard depth < 64 else { throw Malformed("a value nested more than 64 deep") }
            switch try byte() {
            case 0: return .none
            case 1: return .string(try string())
            case 2: return .flag(try flag())
            case 3: return .int64(try int64())
            case 4: return .double(try double())
            case 5:
                let count = Int(try integer(UInt32.self))
                guard count <= bytes.count - offset else { throw Malformed("an array longer than its frame") }
                var items: [MPVNode] = []
                items.reserveCapacity(count)
                for _ in 0..<count { items.append(try node(depth: depth + 1)) }
                return .array(items)
            case 6:
                let count = Int(try integer(UInt32.self))
                guard count <= (bytes.count - offset) / 5 else { throw Malformed("a map longer than its frame") }
                var pairs: [(String, MPVNode)] = []
                pairs.reserveCapacity(count)
                for _ in 0..<count { pairs.append((try string(), try node(depth: depth + 1))) }
                return .map(pairs)
            case let tag: throw Malformed("a value of unknown type \(tag)")
            }
        }

        private mutating func integer<Value: FixedWidthInteger>(_: Value.Type) throws(Malformed) -> Value {
            let size = MemoryLayout<Value>.size
            guard size <= bytes.count - offset else { throw Malformed("a frame of kind \(kind) ends early") }
            var value = Value.zero
            for index in 0..<size { value |= Value(bytes[offset + index]) << (8 * index) }
            offset += size
            return value
        }
    }
}
