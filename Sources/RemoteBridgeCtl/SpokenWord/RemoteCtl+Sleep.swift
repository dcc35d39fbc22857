// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeText

extension RemoteCtl {
    /// `sleep [WHEN]` on remote-playerd (`Playback1`): with a value (`20m`, `+15m`,
    /// `end-of-track`, `end-of-chapter`, `off`), `SetSleepTimer`, the value checked here first
    /// so that a mistyped one costs no call; with none, the timer: `off`, or its kind and the
    /// playing time left (`time, 19:58 left`, `end-of-track, 12:34 left`).
    public func sleepTimer(_ arguments: [String], json: Bool) async -> Int32 {
        guard arguments.count <= 1 else {
            errors("remotectl: sleep takes one value: \(SleepArgument.forms)")
            return 2
        }
        var when: String?
        if let argument = arguments.first {
            switch SleepArgument.check(argument) {
            case .success(let text): when = text
            case .failure(let error):
                errors("remotectl: \(error.message)")
                return 2
            }
        }
        return await eachPlayback1Player(for: "the sleep timer needs", doing: "sleep") { player throws(DBusError) in
            if let when {
                _ = try await player.client.call(Playback1Interface.setSleepTimer, [.string(when)])
                return 0
            }
            let properties = try await player.properties()
            let kind = properties[Playback1Interface.sleepTimer.name]?.stringValue ?? "off"
            let remaining = properties[Playback1Interface.sleepRemaining.name]?.int64Value ?? -1
            if json {
                let left = kind != "off" && remaining >= 0 ? Self.seconds(remaining) : "null"
                output(#"{"player":"\#(player.name.jsonEscaped)","sleep":"\#(kind.jsonEscaped)","remaining":\#(left)}"#)
            } else {
                output(printable(Self.sleepLine(kind: kind, remaining: remaining)))
            }
            return 0
        }
    }

    /// The timer as `sleep` prints it: `off`, or its kind with the time left when known.
    nonisolated static func sleepLine(kind: String, remaining: Int64) -> String {
        guard kind != "off", remaining >= 0 else { return kind }
        return "\(kind), \(clock(microseconds: remaining)) left"
    }
}
