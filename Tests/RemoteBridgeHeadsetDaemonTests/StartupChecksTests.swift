// SPDX-License-Identifier: Apache-2.0
import Foundation
import Logging
import RemoteBridgeDoctor
import RemoteBridgeTesting
import Testing

/// headsetd logs, once at start, what `remotectl doctor` would find broken in the parts it
/// cannot see otherwise.
@Suite("headsetd's start-up checks")
@MainActor
struct StartupChecksTests {
    @Test("a missing udev rule and unit are logged as warnings with their fixes; what works is not logged")
    func loggedAtStart() async throws {
        let empty = NSTemporaryDirectory() + "remotebridge-startup-\(getpid())"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let log = LogRecorder()
        let f = try await HeadsetFixture(logger: log.logger) { options in
            var environment = DoctorEnvironment(environment: ["HOME": empty])
            environment.udevRuleDirectories = [empty]
            environment.systemdUnitDirectories = [empty]
            environment.dbusServiceDirectories = [empty]
            options.doctorEnvironment = environment
        }
        defer { f.handler.shutdown() }
        await f.handler.logStartupFindings()
        #expect(await log.waitFor("doctor: FAIL  daemons: headsetd.service is not installed"))
        #expect(await log.waitFor("doctor: FAIL  input: the udev rule"))
        let rule = log.lines(containing: "doctor: FAIL  input: the udev rule 70-remotebridge-headset.rules is not installed")
        #expect(rule.count == 1)
        #expect(rule.first?.level == .warning)
        #expect(rule.first?.text.contains("Fix: sudo install -m644 dist/udev/70-remotebridge-headset.rules /etc/udev/rules.d/") == true)
        #expect(log.lines(containing: "doctor: FAIL  daemons: headsetd.service is not installed").count == 1)
        #expect(log.lines(containing: "doctor: ok").isEmpty)
        #expect(log.lines(containing: "headsetd is not running").isEmpty, "headsetd is running: it says so from its own report")
    }
}
