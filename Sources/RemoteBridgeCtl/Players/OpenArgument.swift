// SPDX-License-Identifier: Apache-2.0
import Glibc

/// What `open ARG` hands the player, as playerctl (GLib's `g_file_new_for_commandline_arg`)
/// decides: a file that exists becomes its absolute `file://` URI; anything else (a URL, a
/// name that is not there) goes as given.
enum OpenArgument {
    /// The URI for `argument`, with relative paths taken from `directory` (the working directory).
    static func uri(for argument: String, in directory: String) -> String {
        if hasScheme(argument) { return argument }
        let path = normalized(argument.hasPrefix("/") ? argument : directory + "/" + argument)
        var status = stat()
        guard stat(path, &status) == 0 else { return argument }
        return "file://" + escaped(path)
    }

    /// `scheme:` at the start, as RFC 3986 spells a scheme.
    private static func hasScheme(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isLetter(first), let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return false }
        return bytes[1..<colon].allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// The path with `.`, `..` and repeated slashes taken out, as GLib canonicalizes it (no
    /// links followed).
    private static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// GLib's escaping of a path in a file URI: letters, digits, `!$&'()*+,-./:;=@_~` as they
    /// are, every other byte as `%XX`.
    private static func escaped(_ path: String) -> String {
        let kept = Set("!$&'()*+,-./:=@_~".utf8)
        var result: [UInt8] = []
        for byte in path.utf8 {
            if isLetter(byte) || (0x30...0x39).contains(byte) || kept.contains(byte) {
                result.append(byte)
            } else {
                let digits = Array("0123456789ABCDEF".utf8)
                result += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
