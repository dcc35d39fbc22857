// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeTesting
import Testing

/// The test support's process runner, which every playerctl and remotectl test goes through.
@Suite("ExternalProcess")
struct ExternalProcessTests {
    @Test("output far past the pipe buffer comes back whole, on both streams, with the exit status")
    func largeOutput() async throws {
        let result = try await ExternalProcess.run(
            "sh", ["-c", "head -c 300000 /dev/zero | tr '\\0' a; head -c 200000 /dev/zero | tr '\\0' b >&2; exit 3"])
        #expect(result.status == 3)
        #expect(result.standardOutput.utf8.count == 300_000)
        #expect(result.standardOutput.allSatisfy { $0 == "a" })
        #expect(result.standardError.utf8.count == 200_000)
    }

    @Test("the environment given is added to ours; a program killed by a signal reports 128 + it")
    func environmentAndSignal() async throws {
        #expect(try await ExternalProcess.run("sh", ["-c", "echo $REMOTEBRIDGE_PROBE"], environment: ["REMOTEBRIDGE_PROBE": "here"]).output == "here")
        #expect(try await ExternalProcess.run("sh", ["-c", "kill -9 $$"]).status == 128 + 9)
    }

    @Test("a program that is not installed is named")
    func missing() async {
        await #expect { try await ExternalProcess.run("remotebridge-no-such-program", []) } throws: { "\($0)".contains("remotebridge-no-such-program is not installed") }
    }
}
