// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol

extension FuzzHarness {
    /// What the daemon reads from its engine, which parses every file it plays and so is the one
    /// peer that may have been taken over: frames (a length, then a body), each decoded as an
    /// `EngineMessage`. A message read is encoded and read back the same; a frame that is not one
    /// is refused, and the bytes after it are not read (the daemon lets such an engine go).
    static let engineChannel = FuzzHarness(
        name: "engine-channel", summary: "the engine's messages: each read is written and read back the same"
    ) { bytes throws(PropertyViolation) in
        var rest = bytes[...]
        while rest.count >= 4 {
            let length = rest.prefix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
            rest = rest.dropFirst(4)
            guard length > 0, length <= EngineWire.maximumFrame, length <= rest.count else { return }
            let body = Array(rest.prefix(length))
            rest = rest.dropFirst(length)
            guard let message = try? EngineMessage(body: body) else { return }
            let again = try? EngineMessage(body: Array(message.encoded().dropFirst(4)))
            try require(again == message, "\(message) read back as \(again.map { "\($0)" } ?? "an error")")
        }
    }
}
