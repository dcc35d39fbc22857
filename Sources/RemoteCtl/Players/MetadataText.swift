import RemoteBridgeDBus

/// The `metadata` command's text: playerctl's (`PlayerctlText`), and remotectl's `--json`.
enum MetadataText {
    /// The keys `metadata` takes as short names.
    static let shortcuts = ["artist": "xesam:artist", "title": "xesam:title", "album": "xesam:album"]

    /// `metadata KEY`; nil when the track has no such key.
    static func value(of key: String, in metadata: DBusValue) -> String? {
        PlayerctlText.metadataValue(key, in: metadata)
    }

    /// The table `metadata` prints; nil when there is nothing to print.
    static func table(player: String, metadata: DBusValue) -> String? {
        PlayerctlText.metadataTable(player: player, metadata: metadata)
    }

    /// remotectl's `metadata --json`: `{"player":…,"KEY":"VALUE",…}`, keys sorted; a string is
    /// itself, a list of strings is joined with `, ` (as playerctl prints it), anything else is
    /// printed as playerctl prints it.
    static func json(player: PlayerName, metadata: DBusValue) -> String {
        let fields = (metadata.dictionaryEntries ?? []).compactMap { entry -> (String, String)? in
            guard let key = entry.key.stringValue else { return nil }
            let value = entry.value.unwrapped
            let text = value.stringValue ?? value.stringArrayValue.map { $0.joined(separator: ", ") } ?? PlayerctlText.value(value)
            return (key, text)
        }.sorted { $0.0 < $1.0 }
        let body = fields.map { #""\#($0.0.jsonEscaped)":"\#($0.1.jsonEscaped)""# }
        return "{" + ([#""player":"\#(player.instance.jsonEscaped)""#] + body).joined(separator: ",") + "}"
    }
}
