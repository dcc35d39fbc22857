import RemoteBridgeDBus
import RemoteBridgeMPRIS

extension RemoteCtl {
    /// The values a template or `metadata KEY` can name: every metadata key, plus the shortcuts.
    func values(of client: MPRISClient) async throws(DBusError) -> [String: DBusValue] {
        var values = try await client.metadata()
        values["artist"] = values["xesam:artist"]
        values["album"] = values["xesam:album"]
        values["title"] = values["xesam:title"]
        values["playerName"] = .string(PlayerSelection.short(client.busName))
        values["status"] = try? await client.property(PlayerInterface.playbackStatus)
        values["volume"] = try? await client.property(PlayerInterface.volume)
        values["position"] = try? await client.property(PlayerInterface.position)
        return values
    }

    /// metadata [KEY…] [--format TEMPLATE] [--json].
    public func metadata(keys: [String], format: String?, json: Bool) async -> Int32 {
        var template: Template?
        if let format {
            do throws(Template.Error) {
                template = try Template(format)
            } catch {
                errors("remotectl: \(error.description)")
                return 2
            }
        }
        return await eachPlayer("metadata") { client throws(DBusError) in
            let values = try await values(of: client)
            let name = PlayerSelection.short(client.busName)
            if let template {
                do throws(Template.Error) {
                    output(printable(try template.render(values)))
                } catch {
                    throw .failed(error.description)
                }
            } else if !keys.isEmpty {
                for key in keys { output(printable(values[key].map(PlayerctlText.value) ?? "")) }
            } else if json {
                let fields = try await client.metadata().sorted { $0.key < $1.key }
                    .map { #""\#($0.key.jsonEscaped)":"\#(PlayerctlText.value($0.value).jsonEscaped)""# }
                output("{" + ([#""player":"\#(name.jsonEscaped)""#] + fields).joined(separator: ",") + "}")
            } else {
                for (key, value) in try await client.metadata().sorted(by: { $0.key < $1.key }) {
                    output(printable("\(name) \(key + String(repeating: " ", count: max(0, 24 - key.count))) \(PlayerctlText.value(value))"))
                }
            }
        }
    }
}
