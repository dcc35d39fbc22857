// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// remotectl's `metadata --json`; the rest of `metadata`'s text is playerctl's (`PlayerctlText`).
enum MetadataJSON {
    /// remotectl's `metadata --json`: `{"player":…,"KEY":"VALUE",…}`, keys sorted; a string is
    /// itself, a list of strings is joined with `, ` (as playerctl prints it), anything else is
    /// printed as playerctl prints it.
    static func line(player: PlayerName, metadata: DBusValue) -> String {
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
