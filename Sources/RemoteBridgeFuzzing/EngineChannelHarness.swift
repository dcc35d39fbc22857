// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol

extension FuzzHarness {
    /// What the daemon reads from its engine, which parses every file it plays and so is the one
    /// peer that may have been taken over: frames (a length, then a body), each decoded as an
    /// `EngineMessage`. A message read is written again to the same bytes (compared as bytes, so a
    /// NaN, which is not equal to itself, is compared by its bit pattern); one the daemon takes
    /// (`violation` nil) has every number finite and every string and list within `EngineLimits`;
    /// the engine's own cutting (`MPVNode.bounded`) gives values the daemon takes. A frame that is
    /// not a message is refused, and the bytes after it are not read (the daemon lets such an
    /// engine go).
    static let engineChannel = FuzzHarness(
        name: "engine-channel", summary: "the engine's messages: each read is written back to the same bytes; what the daemon takes is within the limits"
    ) { bytes throws(PropertyViolation) in
        var rest = bytes[...]
        while rest.count >= 4 {
            let length = rest.prefix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
            rest = rest.dropFirst(4)
            guard length > 0, length <= EngineWire.maximumFrame, length <= rest.count else { return }
            let body = Array(rest.prefix(length))
            rest = rest.dropFirst(length)
            guard let message = try? EngineMessage(body: body) else { return }
            let written = Array(message.encoded().dropFirst(4))
            let again = try? EngineMessage(body: written)
            try require(again.map { Array($0.encoded().dropFirst(4)) } == written, "\(message) read back as \(again.map { "\($0)" } ?? "an error")")
            try checkLimits(message)
        }
    }

    /// A message the daemon takes keeps every limit; any value cut by the engine's rules is taken.
    private static func checkLimits(_ message: EngineMessage) throws(PropertyViolation) {
        var values: [MPVNode] = []
        switch message {
        case .reply(_, _, _, let value): values = [value]
        case .event(.propertyChange(_, let value)), .event(.fileLoaded(_, let value)): values = [value]
        case .position(let timePos, let heard):
            if message.violation == nil {
                try require(EngineLimits.isTime(timePos) && heard.map(EngineLimits.isTime) ?? true, "\(message) taken with a time out of range")
            }
        default: break
        }
        for value in values {
            try require(value.bounded().violation() == nil, "\(value) cut by the engine's rules is still refused: \(value.bounded().violation() ?? "")")
            if value.violation() == nil { try require(isFinite(value), "\(value) taken with a number that is not finite") }
        }
    }

    private static func isFinite(_ node: MPVNode) -> Bool {
        switch node {
        case .double(let number): number.isFinite
        case .array(let items): items.allSatisfy(isFinite)
        case .map(let pairs): pairs.allSatisfy { isFinite($0.1) }
        default: true
        }
    }
}
