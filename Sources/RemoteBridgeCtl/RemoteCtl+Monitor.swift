// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS

extension RemoteCtl {
    /// One line of `monitor`.
    public static func line(for message: DBusMessage, player: String, json: Bool) -> String? {
        let name = PlayerSelection.short(player)
        switch message.member {
        case RemoteControl1Interface.eventDelivered.name:
            let fields = message.body.prefix(4).compactMap(\.stringValue)
            guard fields.count == 4 else { return nil }
            return json
                ? #"{"player":"\#(name.jsonEscaped)","signal":"EventDelivered","subtype":"\#(fields[0].jsonEscaped)","source":"\#(fields[1].jsonEscaped)","outcome":"\#(fields[2].jsonEscaped)","responder":"\#(fields[3].jsonEscaped)"}"#
                : "\(name) event \(fields[0]) from \(fields[1]): \(fields[2])\(fields[3].isEmpty ? "" : " by \(fields[3])")"
        case PlayerInterface.seeked.name:
            let microseconds = message.body.first?.int64Value ?? 0
            return json
                ? #"{"player":"\#(name.jsonEscaped)","signal":"Seeked","position":\#(Double(microseconds) / 1e6)}"#
                : "\(name) seeked to \(String(printf: "%.3f", Double(microseconds) / 1e6)) s"
        case StandardInterfaces.propertiesChanged.name:
            guard message.body.count == 3, let changed = message.body[1].stringDictionaryValue else { return nil }
            let keys = changed.keys.sorted()
            let invalidated = message.body[2].stringArrayValue ?? []
            if json {
                let names = (keys + invalidated).map { #""\#($0.jsonEscaped)""# }.joined(separator: ",")
                return #"{"player":"\#(name.jsonEscaped)","signal":"PropertiesChanged","interface":"\#((message.body[0].stringValue ?? "").jsonEscaped)","properties":[\#(names)]}"#
            }
            let summary = keys.map { key -> String in
                switch changed[key] {
                case .string(let text)?: "\(key)=\(text)"
                case .bool(let flag)?: "\(key)=\(flag)"
                case .double(let number)?: "\(key)=\(number)"
                default: key
                }
            } + invalidated.map { "\($0) (invalidated)" }
            return "\(name) changed \(summary.joined(separator: ", "))"
        default:
            return nil
        }
    }

    /// monitor: follows EventDelivered, PropertiesChanged and Seeked of the chosen players (all
    /// players without -p), printing one line each, until the process is stopped.
    public func monitor(json: Bool, until stop: () async -> Void) async -> Int32 {
        let players: [String]
        if selection.names.isEmpty, !selection.all {
            players = (try? await MPRISClient.players(on: connection)) ?? []
        } else {
            guard let chosen = await self.players() else { return 1 }
            players = chosen
        }
        var owners: [String: String] = [:]
        for player in players {
            if let owner = await connection.nameOwner(player) { owners[owner] = player }
        }
        for signal in [RemoteControl1Interface.eventDelivered, StandardInterfaces.propertiesChanged, PlayerInterface.seeked] {
            let output = self.output
            do throws(DBusError) {
                try await connection.subscribe(to: MatchRule(signal: signal, path: MPRISNames.objectPath)) { message in
                    guard let sender = message.sender, let player = owners[sender],
                        let line = RemoteCtl.line(for: message, player: player, json: json)
                    else { return }
                    output(printable(line))
                }
            } catch {
                errors("remotectl: cannot follow \(signal.name): \(error)")
                return 1
            }
        }
        await stop()
        return 0
    }
}
