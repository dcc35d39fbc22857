// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTesting
import Testing

/// `remotectl doctor` as a program: its lines or JSON, its exit status, its usage error.
@Suite("remotectl doctor")
@MainActor
struct RemoteCtlDoctorTests {
    @Test("without headsetd: a FAIL line naming it with the fix, exit status 1; --json gives one object per finding")
    func withoutHeadsetd() async throws {
        let f = try await CtlFixture()
        let home = NSTemporaryDirectory() + "remotebridge-ctl-doctor-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = ["XDG_CONFIG_HOME": home, "DBUS_SYSTEM_BUS_ADDRESS": f.bus.address]
        // No peer here is frozen: a generous timeout only keeps a loaded machine from failing it.
        let text = try await ExternalProcess.run(
            BuiltProduct.debug("remotectl"), ["doctor", "--bus", f.bus.address, "--timeout", "5"], environment: environment)
        #expect(text.status == 1, "\(text.standardError)")
        #expect(text.standardOutput.contains("\nFAIL  daemons: headsetd is not running, so no headset press is read. Fix: "), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("\nok    players: remotebridge (\"remotebridge\") on the session bus: "), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("\nok    config: no config file at \(home)/remotebridge/config.toml; the defaults apply"), "\(text.standardOutput)")

        let json = try await ExternalProcess.run(
            BuiltProduct.debug("remotectl"), ["doctor", "--json", "--bus", f.bus.address, "--timeout", "5"], environment: environment)
        #expect(json.status == 1)
        let objects = try json.standardOutput.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String], "\(line)")
        }
        #expect(objects.count == text.standardOutput.split(separator: "\n").count)
        let headsetd = objects.first { $0["text"] == "headsetd is not running, so no headset press is read" }
        #expect(headsetd?["area"] == "daemons")
        #expect(headsetd?["status"] == "failed")
        #expect(headsetd?["fix"]?.contains("headsetd") == true)
    }

    @Test("doctor takes no arguments (exit 2), and help lists it")
    func usage() async throws {
        let f = try await CtlFixture()
        let extra = try await f.run(["doctor", "now"])
        #expect(extra.status == 2)
        #expect(extra.standardError == "remotectl: doctor takes no arguments\n")
        let help = try await ExternalProcess.run(BuiltProduct.debug("remotectl"), ["--help"])
        #expect(help.standardOutput.contains("  doctor "), "\(help.standardOutput)")
    }
}
