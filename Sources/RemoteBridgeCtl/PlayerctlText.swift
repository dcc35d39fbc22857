// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// Values as playerctl 2.4.1 prints them: in a template, for `metadata KEY`, and as the
/// `metadata` table.
public enum PlayerctlText {
    /// `value` as playerctl prints it (`pctl_print_gvariant`): a string as it is, an array of
    /// strings joined with `, ` (`xesam:artist`), anything else as GLib prints a value, type
    /// names left out: `'/org/mpris/…'` for an object path, `1.0` and `0.10000000000000001`
    /// for doubles (`%.17g`, not the `%f` of playerctl's `volume` and `position` commands),
    /// `true`, `[1, 2]`, `{'k': <'v'>}`.
    public static func value(_ value: DBusValue) -> String {
        switch value {
        case .string(let string):
            return string
        case .array("s", let strings):
            return strings.map { string in
                if case .string(let text) = string { text } else { GVariantText.printed(string, annotated: false) }
            }.joined(separator: ", ")
        default:
            return GVariantText.printed(value, annotated: false)
        }
    }

    /// `metadata KEY`: the value of `key` in `metadata` (an `a{sv}`, as the Metadata property
    /// holds it), printed; nil when the key is absent. `artist`, `title` and `album` mean their
    /// `xesam:` keys. Of two entries with one key, the first counts, as in playerctl.
    public static func metadataValue(_ key: String, in metadata: DBusValue) -> String? {
        lookUp(shortcutKeys.first { $0.short == key }?.key ?? key, in: metadata).map(value)
    }

    /// The short names playerctl gives three metadata keys, in `metadata KEY` and in templates.
    public static let shortcutKeys: [(short: String, key: String)] = [
        ("artist", "xesam:artist"), ("album", "xesam:album"), ("title", "xesam:title"),
    ]

    /// `metadata` with no key: a line per entry, in the player's order, as
    /// `printf("%-5s %-25s %s")` of the player's name, the key and the value (columns padded
    /// in bytes), without the last newline. An array, dictionary, struct or variant gives a
    /// line per element (none when empty). Nil when there is nothing to print, or when
    /// `metadata` is not an `a{sv}`.
    public static func metadataTable(player: String, metadata: DBusValue) -> String? {
        let metadata = metadata.unwrapped
        guard metadata.signature == "a{sv}", case .dictionary(_, _, let entries) = metadata else { return nil }
        var lines: [String] = []
        for entry in entries {
            guard case .string(let key) = entry.key, let value = lookUp(key, in: metadata) else { continue }
            let start = padded(player, to: 5) + " " + padded(key, to: 25) + " "
            for part in parts(of: value) { lines.append(start + part) }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// The table's values for one entry: a container's elements (one level down), else the value.
    private static func parts(of value: DBusValue) -> [String] {
        switch value {
        case .array(_, let elements), .structure(let elements): elements.map(Self.value)
        case .dictionary(_, _, let entries): entries.map(GVariantText.printedEntry)
        case .variant(let inner): [Self.value(inner)]
        default: [Self.value(value)]
        }
    }

    /// The first value under `key` in a dictionary keyed by strings (`g_variant_lookup_value`),
    /// taken out of its variant.
    private static func lookUp(_ key: String, in metadata: DBusValue) -> DBusValue? {
        guard case .dictionary(_, _, let entries) = metadata.unwrapped,
            let entry = entries.first(where: { $0.key.stringValue == key })
        else { return nil }
        if case .variant(let inner) = entry.value { return inner }
        return entry.value
    }

    /// `text` followed by spaces up to `width` bytes, as printf's `%-Ns` pads.
    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.utf8.count))
    }
}
