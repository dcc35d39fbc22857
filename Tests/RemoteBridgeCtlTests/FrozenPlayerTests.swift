// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTesting
import Testing

/// A player frozen with SIGSTOP must not hold remotectl for libdbus's 25 s: it is named, the
/// others are still served, and the exit status says something went wrong.
@Suite("remotectl with a frozen player", .serialized)
@MainActor
struct FrozenPlayerTests {
    @Test("status, list and play-pause name the frozen player after --timeout, and still report the others")
    func frozenPeer() async throws {
        let bed = try await DaemonTestBed(tones: 1)
        defer { bed.stop() }
        let bus = bed.bus
        func start(_ name: String) async throws -> DaemonProcess {
            try await bed.startPlayer(["--no-state", "--name", name, bed.media.tones[0].path], name: name)
        }
        let healthy = try await start("healthy")
        let frozen = try await start("frozen")
        defer {
            frozen.send(SIGKILL)
            healthy.send(SIGKILL)
        }
        await frozen.freeze()
        func remotectl(_ arguments: String...) async throws -> ExternalProcess.Result {
            try await ExternalProcess.run(BuiltProduct.debug("remotectl"), ["--bus", bus.address] + arguments)
        }

        let status = try await remotectl("status", "-a", "--timeout", "0.5")
        // As playerctl goes on past a player it cannot use, so does remotectl, after naming it.
        #expect(status.status == 0)
        #expect(status.standardOutput == "Stopped\n" || status.standardOutput == "Paused\n", "\(status.standardOutput)")
        #expect(status.standardError.contains("frozen did not answer within"), "\(status.standardError)")

        let list = try await remotectl("list", "--timeout", "0.5")
        #expect(list.status == 1)
        #expect(list.standardOutput.contains("healthy"))
        #expect(list.standardOutput.contains("frozen"))
        #expect(list.standardError.contains("frozen did not answer within"), "\(list.standardError)")

        // A frozen player alone: named, and nothing could handle the command.
        let toggle = try await remotectl("-p", "frozen", "play-pause", "--timeout", "0.5")
        #expect(toggle.status == 1)
        #expect(toggle.standardError.contains("frozen did not answer within"), "\(toggle.standardError)")
        #expect(toggle.standardError.hasSuffix("No player could handle this command\n"), "\(toggle.standardError)")
        let byDefault = try await remotectl("-p", "frozen", "play-pause")
        #expect(byDefault.status == 1)
        #expect(byDefault.standardError.contains("frozen did not answer within 3 s"), "\(byDefault.standardError)")

        let bad = try await remotectl("status", "--timeout", "soon")
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("--timeout takes seconds"), "\(bad.standardError)")
    }
}
