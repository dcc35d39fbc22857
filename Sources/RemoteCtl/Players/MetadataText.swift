import RemoteBridgeDBus

/// The `metadata` command's text, as playerctl prints it.
enum MetadataText {
    /// One value: `metadata KEY` (`artist`, `title` and `album` stand for their `xesam:` keys);
    /// nil when the track has no such key.
    /// The keys `metadata` takes as short names.
    static let shortcuts = ["artist": "xesam:artist", "title": "xesam:title", "album": "xesam:album"]

    static func value(of key: String, in metadata: DBusValue) -> String? {
        let wanted = shortcuts[key] ?? key
        guard let entry = metadata.dictionaryEntries?.first(where: { $0.key.stringValue == wanted }) else { return nil }
        return TemplateUse.text(entry.value.unwrapped)
    }

    /// The table `metadata` prints: `NAME  KEY  VALUE` a line per value (an array gives a line
    /// per element), in the player's order, columns padded to 5 and 25 bytes; nil when empty.
    static func table(player: String, metadata: DBusValue) -> String? {
        var lines: [String] = []
        for entry in metadata.dictionaryEntries ?? [] {
            let key = entry.key.stringValue ?? ""
            let value = entry.value.unwrapped
            let parts: [DBusValue]
            switch value {
            case .array(_, let elements): parts = elements
            case .structure(let fields): parts = fields
            case .dictionary(_, _, let entries): parts = entries.map { .structure([$0.key, $0.value]) }
            case .variant(let inner): parts = [inner]
            default: parts = [value]
            }
            for part in parts { lines.append(padded(player, 5) + " " + padded(key, 25) + " " + TemplateUse.text(part)) }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// remotectl's `metadata --json`: `{"player":…,"KEY":"VALUE",…}`, keys sorted.
    static func json(player: PlayerName, metadata: DBusValue) -> String {
        let fields = (metadata.dictionaryEntries ?? []).compactMap { entry -> (String, String)? in
            entry.key.stringValue.map { ($0, TemplateUse.text(entry.value.unwrapped)) }
        }.sorted { $0.0 < $1.0 }
        let body = fields.map { #""\#($0.0.jsonEscaped)":"\#($0.1.jsonEscaped)""# }
        return "{" + ([#""player":"\#(player.instance.jsonEscaped)""#] + body).joined(separator: ",") + "}"
    }

    /// printf's `%-Ns`: `text` followed by spaces up to `width` bytes.
    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.utf8.count))
    }
}
