// SPDX-License-Identifier: Apache-2.0
import Glibc
import SystemPackage

/// Writing text to stdout and stderr, and printf-style numbers, with the C library alone.
///
/// remotectl runs on every media-key press. Foundation (for `FileHandle` and `String(format:)`)
/// would link ICU and the rest of it into the binary, and binding that costs more at start-up
/// than remotectl's whole D-Bus exchange, so this module does without it.
public enum StandardStream {
    /// Standard output (descriptor 1).
    case output
    /// Standard error (descriptor 2).
    case error

    /// Writes all of `text`, going on after short writes and interruptions; a closed stream
    /// drops the rest.
    public func write(_ text: String) {
        _ = try? (self == .output ? FileDescriptor.standardOutput : .standardError).writeAll(text.utf8)
    }

    /// Whether the stream is a terminal.
    public var isTerminal: Bool {
        isatty(self == .output ? 1 : 2) == 1
    }
}

extension String {
    /// `format` filled in by the C library's printf. Integers are Swift `Int`s, so use `%ld`.
    init(printf format: String, _ arguments: any CVarArg...) {
        let length = Int(withVaList(arguments) { vsnprintf(nil, 0, format, $0) })
        guard length > 0 else {
            self = ""
            return
        }
        var buffer = [CChar](repeating: 0, count: length + 1)
        _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        self = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
