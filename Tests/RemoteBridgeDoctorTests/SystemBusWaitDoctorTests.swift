// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Logging
import RemoteBridgeDoctor
import RemoteBridgeGestures
import RemoteBridgeHeadsetDaemon
import RemoteBridgeTesting
import Testing

/// `remotectl doctor` with a headsetd that started before its system bus was there.
@Suite("remotectl doctor and a headsetd waiting for its system bus")
@MainActor
struct SystemBusWaitDoctorTests {
    @Test("headsetd waiting for a system bus that was not there at start: said as waiting (not lost), with the fix for each case")
    func waiting() async throws {
        let bed = try DoctorBed()
        // headsetd's system bus: a socket path in a folder of its own, with nothing there yet.
        let folder = bed.root + "/run-dbus"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var options = HeadsetHandler.Options()
        options.busAddress = bed.session.address
        options.systemBusAddress = "unix:path=\(folder)/system_bus_socket"
        options.inputDirectory = bed.environment.inputDirectory
        options.configPath = bed.environment.configPath
        options.doctorEnvironment = bed.environment
        bed.write("config.toml", "[headset]\n")
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let headsetd = try await HeadsetHandler(options: options, logger: logger, clock: VirtualClock())
        defer { headsetd.shutdown() }
        #expect(headsetd.report.systemBus == HeadsetReport.SystemBus.waiting)
        func waiting(_ findings: [DoctorFinding]) -> [DoctorFinding] { findings.failed("headsetd started before the system bus was there, and waits for it") }

        // The doctor cannot reach a system bus either: start it.
        bed.environment.systemBusAddress = options.systemBusAddress ?? ""
        var findings = await bed.findings()
        #expect(waiting(findings).count == 1, "\(findings.printed)")
        #expect(waiting(findings).first?.area == .systemBus)
        #expect(waiting(findings).first?.fix == "start the system bus: sudo systemctl start dbus; headsetd connects by itself once its socket is there", "\(findings.printed)")
        #expect(findings.failed("lost its connection").isEmpty, "\(findings.printed)")

        // The doctor reaches a bus elsewhere: the two addresses differ.
        bed.environment.systemBusAddress = bed.system.address
        findings = await bed.findings()
        #expect(
            waiting(findings).first?.fix == "none needed if headsetd connects within a minute (the doctor reaches a system bus at \(bed.system.address)); "
                + "if headsetd waits for another address (its words above say which), give both the same DBUS_SYSTEM_BUS_ADDRESS; else systemctl --user restart headsetd",
            "\(findings.printed)")
    }
}
