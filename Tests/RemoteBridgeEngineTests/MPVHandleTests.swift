// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol
import Testing

@testable import RemoteBridgeEngine
import RemoteBridgePlayer

/// mpv's event thread cannot always be made: that is an error the engine reports, not a crash.
@Suite("MPVHandle: no thread for mpv's events")
struct MPVEventThreadTests {
    @Test("a thread that cannot be made (a 64 TiB stack) is an MPVError naming what failed, and the handle is freed")
    func threadFailure() throws {
        let handle = try MPVHandle(options: [("config", "no"), ("idle", "yes"), ("ao", "null"), ("vo", "null")])
        #expect {
            try handle.startEvents(stackSize: 1 << 46, positions: { _ in }) { _ in }
        } throws: { error in
            "\(error)".contains("start the mpv events thread")
        }
        // Freed: a call now fails cleanly instead of using a dead handle.
        #expect(throws: MPVError.self) { try handle.command(["stop"]) }
    }
}
