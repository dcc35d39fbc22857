import DurationConversions
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeText

extension RemoteCtl {
    /// A value with an optional `+`/`-` suffix, as playerctl writes them: `30`, `5+`, `0.1-`.
    struct Adjustment {
        var amount: Double
        var relative: Int  // 0 absolute, +1 add, -1 subtract

        init?(_ text: String) {
            var body = Substring(text)
            relative = 0
            if body.hasSuffix("+") {
                relative = 1
                body = body.dropLast()
            } else if body.hasSuffix("-") {
                relative = -1
                body = body.dropLast()
            }
            guard let value = Double(body), value.isFinite, value >= 0 else { return nil }
            amount = value
        }
    }

    /// Runs `body` on every chosen player, reporting failures; returns the exit status.
    func eachPlayer(_ what: String, _ body: (MPRISClient) async throws(DBusError) -> Void) async -> Int32 {
        guard let players = await players() else { return 1 }
        var status: Int32 = 0
        for player in players {
            do throws(DBusError) {
                try await body(MPRISClient(connection: connection, busName: player))
            } catch {
                errors("remotectl: \(PlayerSelection.short(player)): \(what) failed: \(error)")
                status = 1
            }
        }
        return status
    }

    /// position [SECONDS][+|-]: prints it, jumps to it, or moves by it.
    public func position(_ argument: String?, json: Bool = false) async -> Int32 {
        guard let argument else {
            return await eachPlayer("position") { client throws(DBusError) in
                let position = try await client.position()
                let seconds = String(printf: "%.3f", position.inSeconds)
                output(json ? Self.json(client, "position", seconds) : seconds)
            }
        }
        guard let adjustment = Adjustment(argument) else {
            errors("remotectl: \(OutsideText.quoted(argument)) is not a position; use SECONDS, SECONDS+ or SECONDS-")
            return 2
        }
        let amount = Duration.milliseconds(rounding: adjustment.amount) ?? .zero
        return await eachPlayer("position") { client throws(DBusError) in
            if adjustment.relative == 0 {
                let metadata = try await client.metadata()
                guard let track = metadata["mpris:trackid"]?.stringValue else {
                    throw DBusError.failed("there is no current track to set the position in")
                }
                // MPRIS players ignore a position past the end without a word; say so instead.
                if let length = metadata["mpris:length"]?.int64Value, length > 0, amount.microseconds > length {
                    throw DBusError.invalidArgs(
                        "\(OutsideText.bareOrQuoted(argument)) s is past the end of the track (\(String(printf: "%.1f", Double(length) / 1e6)) s); nothing done")
                }
                try await client.setPosition(trackID: track, amount)
            } else {
                try await client.seek(by: adjustment.relative > 0 ? amount : .zero - amount)
            }
        }
    }

    /// volume [LEVEL][+|-]: prints it, or sets it (1.0 is 100%).
    public func volume(_ argument: String?, json: Bool = false) async -> Int32 {
        guard let argument else {
            return await eachPlayer("volume") { client throws(DBusError) in
                let level = String(printf: "%.2f", try await client.property(PlayerInterface.volume).doubleValue ?? 0)
                output(json ? Self.json(client, "volume", level) : level)
            }
        }
        guard let adjustment = Adjustment(argument) else {
            errors("remotectl: \(OutsideText.quoted(argument)) is not a volume; use LEVEL, LEVEL+ or LEVEL- (1.0 is 100%)")
            return 2
        }
        return await eachPlayer("volume") { client throws(DBusError) in
            var level = adjustment.amount
            if adjustment.relative != 0 {
                level = (try await client.property(PlayerInterface.volume).doubleValue ?? 0) + Double(adjustment.relative) * adjustment.amount
            }
            try await client.setProperty(PlayerInterface.volume, .double(max(0, level)))
        }
    }

    /// loop [none|track|playlist].
    public func loop(_ argument: String?, json: Bool = false) async -> Int32 {
        guard let argument else {
            return await eachPlayer("loop") { client throws(DBusError) in
                let mode = try await client.property(PlayerInterface.loopStatus).stringValue ?? ""
                output(json ? Self.json(client, "loop", #""\#(mode.jsonEscaped)""#) : mode)
            }
        }
        guard let status = LoopStatus.allCases.first(where: { $0.rawValue.lowercased() == argument.lowercased() }) else {
            errors("remotectl: \(OutsideText.quoted(argument)) is not a loop mode; use none, track or playlist")
            return 2
        }
        return await eachPlayer("loop") { client throws(DBusError) in
            try await client.setProperty(PlayerInterface.loopStatus, .string(status.rawValue))
        }
    }

    /// shuffle [on|off|toggle].
    public func shuffle(_ argument: String?, json: Bool = false) async -> Int32 {
        guard let argument else {
            return await eachPlayer("shuffle") { client throws(DBusError) in
                let on = try await client.property(PlayerInterface.shuffle).boolValue == true
                output(json ? Self.json(client, "shuffle", on ? "true" : "false") : on ? "On" : "Off")
            }
        }
        let wanted = argument.lowercased()
        guard ["on", "off", "toggle"].contains(wanted) else {
            errors("remotectl: \(OutsideText.quoted(argument)) is not a shuffle setting; use on, off or toggle")
            return 2
        }
        return await eachPlayer("shuffle") { client throws(DBusError) in
            let on = wanted == "toggle" ? !(try await client.property(PlayerInterface.shuffle).boolValue ?? false) : wanted == "on"
            try await client.setProperty(PlayerInterface.shuffle, .bool(on))
        }
    }

    /// `{"player":"name","key":value}` with `value` already JSON.
    static func json(_ client: MPRISClient, _ key: String, _ value: String) -> String {
        #"{"player":"\#(PlayerSelection.short(client.busName).jsonEscaped)","\#(key)":\#(value)}"#
    }

    /// open URI.
    public func open(_ uri: String) async -> Int32 {
        await eachPlayer("open") { client throws(DBusError) in try await client.openURI(uri) }
    }
}
