// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeText

extension RemoteCtl {
    /// `rate [RATE][+/-]`: prints MPRIS `Rate` (`%f`, as `volume` prints its level), or sets it,
    /// on any player: it is plain MPRIS. A rate outside the player's `MinimumRate` to
    /// `MaximumRate`, or not above 0, is refused here with the range, rather than left to each
    /// player's own refusal (or, for some, silent clamping).
    public func rate(_ argument: String?, json: Bool) async -> Int32 {
        var change: RateArgument?
        if let argument {
            guard let parsed = RateArgument(argument) else {
                errors("remotectl: rate: \(OutsideText.quoted(argument)) is not a rate; write one such as 1.5, or 0.25+ or 0.25- to change it by that much")
                return 2
            }
            change = parsed
        }
        guard let players = await players() else { return 1 }
        var status: Int32 = 0
        for player in players {
            let name = PlayerSelection.short(player)
            let client = MPRISClient(connection: connection, busName: player)
            let properties: [String: DBusValue]
            do throws(DBusError) {
                properties = try await client.properties()
            } catch {
                errors(failure(error, of: player, doing: "rate"))
                status = 1
                continue
            }
            guard let current = properties[PlayerInterface.rate.name]?.doubleValue else {
                errors("remotectl: \(name) gives no Rate")
                status = 1
                continue
            }
            guard let change else {
                let text = String(printf: "%f", current)
                output(json ? #"{"player":"\#(name.jsonEscaped)","rate":\#(text)}"# : text)
                continue
            }
            let rate = change.rate(from: current)
            let minimum = properties[PlayerInterface.minimumRate.name]?.doubleValue
            let maximum = properties[PlayerInterface.maximumRate.name]?.doubleValue
            if let problem = RateArgument.problem(with: rate, minimum: minimum, maximum: maximum) {
                errors("remotectl: \(name): \(problem)")
                status = 1
                continue
            }
            guard properties[PlayerInterface.canControl.name]?.boolValue ?? false else {
                errors("remotectl: \(name) cannot be controlled (CanControl is false); its rate stays \(RateArgument.text(current))")
                status = 1
                continue
            }
            do throws(DBusError) {
                try await client.setProperty(PlayerInterface.rate, .double(rate))
            } catch {
                errors(failure(error, of: player, doing: "setting the rate"))
                status = 1
            }
        }
        return status
    }
}
