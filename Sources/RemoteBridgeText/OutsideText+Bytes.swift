// SPDX-License-Identifier: Apache-2.0
/// Outside bytes that should be UTF-8 and may not be (a file, a playlist line), quoted the same
/// way as text.
extension OutsideText {
    /// `bytes` in double quotes, decoded as UTF-8 and escaped as `quoted(_:)` does, with each
    /// byte that is not part of valid UTF-8 written as `\xFF`; bounded the same way, the mark
    /// giving the number of bytes.
    public static func quoted(bytes: some Collection<UInt8>) -> String {
        render(UTF8Pieces(bytes), size: bytes.count, quoting: true, maximumBytes: quotedBytes)
    }

    /// The offset of the first byte in `bytes` that is not part of valid UTF-8, or nil if they are all valid.
    public static func firstInvalidUTF8(in bytes: some Collection<UInt8>) -> Int? {
        var offset = 0
        for piece in UTF8Pieces(bytes) {
            switch piece {
            case .scalar(let scalar): offset += UTF8.width(scalar)
            case .invalid: return offset
            }
        }
        return nil
    }
}

/// The pieces of bytes read as UTF-8: each valid sequence as its scalar, each byte of an invalid
/// one on its own.
struct UTF8Pieces<Bytes: Collection<UInt8>>: Sequence, IteratorProtocol {
    private let bytes: Bytes
    private var position: Bytes.Index
    private var iterator: Bytes.Iterator
    private var parser = Unicode.UTF8.ForwardParser()
    /// The bytes of an invalid sequence not yet returned.
    private var pending: Bytes.SubSequence?

    init(_ bytes: Bytes) {
        self.bytes = bytes
        position = bytes.startIndex
        iterator = bytes.makeIterator()
    }

    mutating func next() -> OutsideText.Piece? {
        if let byte = pending?.popFirst() { return .invalid(byte) }
        switch parser.parseScalar(from: &iterator) {
        case .valid(let encoded):
            bytes.formIndex(&position, offsetBy: encoded.count)
            return .scalar(Unicode.UTF8.decode(encoded))
        case .error(let length):
            // The parser has taken these bytes from the iterator; they are read again from `bytes`.
            let end = bytes.index(position, offsetBy: length)
            pending = bytes[position..<end]
            position = end
            return pending?.popFirst().map(OutsideText.Piece.invalid)
        case .emptyInput:
            return nil
        }
    }
}
