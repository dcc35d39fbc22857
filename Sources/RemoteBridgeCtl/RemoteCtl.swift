// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeCore
import RemoteBridgeText

/// What `remotectl` does, as a library so tests can run it in-process. Each function prints
/// through `output`/`errors` and returns the exit status: 0 success, 1 no player or failure.
@MainActor
public struct RemoteCtl {
    /// The bus connection commands go through.
    public let connection: DBusConnection
    /// Which players the commands act on.
    public let selection: PlayerSelection
    /// Where normal output goes, a line at a time (stdout by default).
    public var output: (String) -> Void = { print($0) }
    /// Where error messages go, a line at a time (stderr by default).
    public var errors: (String) -> Void = { StandardStream.error.write($0 + "\n") }
    /// Whether output goes to a terminal: then text from players has its control characters
    /// shown rather than sent (`TerminalText`), so a title cannot carry escape sequences.
    public var outputIsTerminal = false
    /// How waits (the hold of `seek-forward --hold`) pass; a test gives a virtual clock's.
    public var sleep: @MainActor (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

    /// How long each player has to answer, unless `--timeout` says otherwise: a frozen player
    /// (stopped, or stuck) is named after this rather than waited on as playerctl does
    /// (`playerctlTimeout`).
    public nonisolated static let defaultTimeout: Duration = .seconds(3)
    /// How long playerctl waits for a player that does not answer (GDBus's default call
    /// timeout): the help and docs/remotectl.md compare the two.
    public nonisolated static let playerctlTimeout: Duration = .seconds(25)

    /// `--timeout`'s value: seconds, from 0.01 to 600.
    public nonisolated static func timeout(parsing text: String) -> Duration? {
        guard let seconds = Double(text), seconds.isFinite, (0.01...600).contains(seconds) else { return nil }
        return .milliseconds(rounding: seconds)
    }

    /// A failed call to `player`, in words: a player that did not answer is named as such.
    func failure(_ error: DBusError, of player: String, doing what: String) -> String {
        let name = PlayerSelection.short(player)
        if error.isTimeout { return Self.unanswered(name, within: connection.callTimeout) + "; \(what) not done" }
        return "remotectl: \(name): \(what) failed: \(error)"
    }

    /// "remotectl: NAME did not answer within 3 s (frozen?)".
    nonisolated static func unanswered(_ name: String, within timeout: Duration) -> String {
        let seconds = timeout.components.seconds
        return "remotectl: \(name) did not answer within \(seconds > 0 ? "\(seconds) s" : "\(timeout)") (frozen?)"
    }

    /// `text` from a player, as it may be printed: made safe when output is a terminal.
    func printable(_ text: String) -> String {
        outputIsTerminal ? TerminalText.safe(text) : text
    }

    /// Makes a controller on `connection` for the players `selection` names.
    public init(connection: DBusConnection, selection: PlayerSelection) {
        self.connection = connection
        self.selection = selection
    }

    func players() async -> [String]? {
        do throws(DBusError) {
            let players = try await selection.resolve(on: connection)
            if players.isEmpty {
                errors("No players found")
                return nil
            }
            return players
        } catch {
            errors("remotectl: cannot list players: \(error)")
            return nil
        }
    }

    /// list: every player, the now-playing one marked with `*`. Each is asked at once whether it
    /// answers; one that does not is still listed, named on stderr, and the exit status is 1.
    public func list(json: Bool) async -> Int32 {
        let all = (try? await MPRISClient.players(on: connection)) ?? []
        let pings = all.map { player in
            Task { () -> DBusError? in
                do throws(DBusError) {
                    _ = try await connection.call(player, MPRISNames.objectPath, StandardInterfaces.ping)
                    return nil
                } catch {
                    return error
                }
            }
        }
        let chosen = (try? await PlayerSelection().resolve(on: connection))?.first
        var result: Int32 = 0
        for (player, ping) in zip(all, pings) {
            let name = PlayerSelection.short(player)
            if let error = await ping.value {
                errors(failure(error, of: player, doing: "list"))
                result = 1
            }
            if json {
                output(#"{"player":"\#(name.jsonEscaped)","nowPlaying":\#(player == chosen)}"#)
            } else {
                output((player == chosen ? "* " : "  ") + name)
            }
        }
        return result
    }

    /// send SUBTYPE: through RemoteControl1.SendEvent to a RemoteBridge player (printing the
    /// outcome and responder), or as the closest MPRIS call to any other player.
    public func send(_ name: String, interval: Duration?, position: Duration?) async -> Int32 {
        guard let subtype = RemoteControlSubtype(name: name) else {
            errors("remotectl: unknown subtype \(OutsideText.quoted(name)); use a number or one of: \(RemoteControlSubtype.allCases.map(\.name).joined(separator: ", "))")
            return 2
        }
        guard let players = await players() else { return 1 }
        var status: Int32 = 0
        for player in players {
            let client = MPRISClient(connection: connection, busName: player)
            do throws(DBusError) {
                do throws(DBusError) {
                    let (outcome, responder) = try await client.sendEvent(subtype, interval: interval, position: position)
                    output(responder.isEmpty ? outcome : "\(outcome) by \(responder)")
                } catch where error.name == "org.freedesktop.DBus.Error.UnknownInterface" || error.name == "org.freedesktop.DBus.Error.UnknownMethod" {
                    try await client.perform(subtype, interval: interval, position: position)
                    output("sent as MPRIS")
                }
            } catch {
                errors("remotectl: \(PlayerSelection.short(player)): send \(subtype.name) failed: \(error)")
                status = 1
            }
        }
        return status
    }
}

extension String {
    var jsonEscaped: String {
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case _ where scalar.value < 0x20: result += String(printf: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
