// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// GLib 2.74's `g_variant_print` for D-Bus values: how playerctl prints every value that is
/// neither a string nor an array of strings (`'/org/mpris/…'`, `[1, 2]`, `<int64 5>`, `1.0`).
///
/// With `annotated`, types that a number or an empty container would not show are written
/// before the value (`int64 5`, `@as []`), as GLib does inside a variant; in an array or a
/// dictionary only the first element is annotated, in a struct every field is.
enum GVariantText {
    /// `value` printed, type names shown or not.
    static func printed(_ value: DBusValue, annotated: Bool) -> String {
        var text = ""
        append(value, annotated: annotated, to: &text)
        return text
    }

    /// A dictionary entry printed on its own, as `{key, value}`.
    static func printedEntry(_ entry: DBusValue.DictionaryEntry) -> String {
        var text = "{"
        append(entry.key, annotated: false, to: &text)
        text += ", "
        append(entry.value, annotated: false, to: &text)
        return text + "}"
    }

    /// Appends `value` printed to `text`.
    static func append(_ value: DBusValue, annotated: Bool, to text: inout String) {
        func prefix(_ type: String) { if annotated { text += type + " " } }
        switch value {
        case .byte(let number):
            prefix("byte")
            text += "0x" + hex(UInt32(number), digits: 2)
        case .bool(let flag): text += flag ? "true" : "false"
        case .int16(let number): prefix("int16"); text += "\(number)"
        case .uint16(let number): prefix("uint16"); text += "\(number)"
        case .int32(let number): text += "\(number)"  // never annotated: GLib's default for numbers
        case .uint32(let number): prefix("uint32"); text += "\(number)"
        case .int64(let number): prefix("int64"); text += "\(number)"
        case .uint64(let number): prefix("uint64"); text += "\(number)"
        case .double(let number): text += GLibText.double(number)
        case .string(let string): appendQuoted(string, to: &text)
        case .objectPath(let path): prefix("objectpath"); text += "'\(path)'"
        case .signature(let signature): prefix("signature"); text += "'\(signature)'"
        case .array(let element, let values):
            if element == "y", let bytes = byteString(values) {
                text += bytes
            } else {
                appendList(of: value, count: values.count, between: ("[", "]"), annotated: annotated, to: &text) { index, annotated, text in
                    append(values[index], annotated: annotated, to: &text)
                }
            }
        case .dictionary(_, _, let entries):
            appendList(of: value, count: entries.count, between: ("{", "}"), annotated: annotated, to: &text) { index, annotated, text in
                append(entries[index].key, annotated: annotated, to: &text)
                text += ": "
                append(entries[index].value, annotated: annotated, to: &text)
            }
        case .structure(let fields):
            text += "("
            for (index, field) in fields.enumerated() {
                if index > 0 { text += ", " }
                append(field, annotated: annotated, to: &text)
            }
            text += fields.count == 1 ? ",)" : ")"
        case .variant(let inner):
            // A variant's content always shows its type: it could be any.
            text += "<"
            append(inner, annotated: true, to: &text)
            text += ">"
        }
    }

    /// An array's or a dictionary's elements between `brackets`, separated by `, `; only the
    /// first is annotated. Empty, it is the brackets alone, after `@` and its type if annotated.
    private static func appendList(
        of value: DBusValue, count: Int, between brackets: (String, String), annotated: Bool, to text: inout String,
        element: (Int, Bool, inout String) -> Void
    ) {
        if count == 0 && annotated { text += "@" + value.signature + " " }
        text += brackets.0
        for index in 0..<count {
            if index > 0 { text += ", " }
            element(index, annotated && index == 0, &text)
        }
        text += brackets.1
    }

    /// A string in single quotes (double quotes if it holds a single one), with the quote and
    /// backslash escaped and what `g_unichar_isprint` refuses as `\n`, `\u0001` or `\U000e0001`.
    private static func appendQuoted(_ string: String, to text: inout String) {
        let quote: Unicode.Scalar = string.unicodeScalars.contains("'") ? "\"" : "'"
        text.unicodeScalars.append(quote)
        for scalar in string.unicodeScalars {
            if scalar == quote || scalar == "\\" { text += "\\" }
            switch scalar.properties.generalCategory {
            case .control, .format, .unassigned, .surrogate:
                let named: [Unicode.Scalar: String] = ["\u{07}": "a", "\u{08}": "b", "\u{0C}": "f", "\n": "n", "\r": "r", "\t": "t", "\u{0B}": "v"]
                text += "\\" + (named[scalar] ?? (scalar.value < 0x10000 ? "u" + hex(scalar.value, digits: 4) : "U" + hex(scalar.value, digits: 8)))
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text.unicodeScalars.append(quote)
    }

    /// An `ay` whose only zero byte is its last, as GLib prints it: `b'…'` (or `b"…"` if it
    /// holds a single quote), escaped by `g_strescape`. Nil for any other byte array.
    private static func byteString(_ values: [DBusValue]) -> String? {
        let bytes = values.compactMap { value -> UInt8? in if case .byte(let byte) = value { byte } else { nil } }
        guard bytes.count == values.count, bytes.firstIndex(of: 0) == bytes.count - 1 else { return nil }
        let content = bytes.dropLast()
        var escaped = ""
        for byte in content {
            switch byte {
            case 0x08: escaped += "\\b"
            case 0x0C: escaped += "\\f"
            case 0x0A: escaped += "\\n"
            case 0x0D: escaped += "\\r"
            case 0x09: escaped += "\\t"
            case 0x0B: escaped += "\\v"
            case UInt8(ascii: "\\"): escaped += "\\\\"
            case UInt8(ascii: "\""): escaped += "\\\""
            case ..<0x20, 0x7F...: escaped += "\\" + String(byte >> 6 & 7) + String(byte >> 3 & 7) + String(byte & 7)
            default: escaped.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return content.contains(UInt8(ascii: "'")) ? "b\"\(escaped)\"" : "b'\(escaped)'"
    }

    /// `value` in lowercase hexadecimal, zero-padded to `digits`.
    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
