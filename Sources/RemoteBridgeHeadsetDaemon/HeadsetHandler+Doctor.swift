// SPDX-License-Identifier: Apache-2.0
import Logging
import RemoteBridgeDoctor

extension HeadsetHandler {
    /// The parts of `remotectl doctor` headsetd checks at start: what it cannot see for itself
    /// otherwise (the udev rule, devices it may not open, the desktop's grab, the installed
    /// files: units, activation files, remote-playerd's desktop entry and icon). Players and
    /// Bluetooth change while it runs, and it logs those as they do.
    public static let startupAreas: Set<DoctorArea> = [.daemons, .input, .desktopKeys, .configuration]

    /// The open devices, as `Headset1.DeviceDetails` and the doctor give them.
    var deviceReport: [HeadsetReport.Device] {
        readers.filter(\.isOpen).map { reader in
            HeadsetReport.Device(
                path: reader.path, name: reader.identity.name, headsetLike: reader.mode == .follow || reader.identity.isHeadsetLike,
                grabbed: reader.isGrabbed)
        }
    }

    /// What headsetd would answer over `Headset1`, from its own state.
    public var report: HeadsetReport {
        HeadsetReport(
            route: PressRoute(target: tracker.target, reason: tracker.targetReason), devices: deviceReport, grabs: configuration.grab,
            bluetoothAdapters: bluetooth?.registeredAdapters.sorted() ?? [], bluetooth: bluetoothStatus, systemBus: systemBusState)
    }

    /// headsetd's connection to the system bus, as `Headset1.SystemBus` says it. Waiting for a
    /// bus that was not there at start is `waiting` (headsetd connects by itself once it is
    /// there), and giving up on one it cannot watch for `lost` (only a restart connects it).
    var systemBusState: HeadsetReport.SystemBus {
        switch bluetooth?.link.state {
        case nil: .unused
        case .connected: .connected
        case .waiting: .waiting
        case .reconnecting: .reconnecting
        case .gaveUp: .lost
        }
    }

    /// The doctor's findings for `startupAreas`, with headsetd's own report.
    public func startupFindings() async -> [DoctorFinding] {
        var doctor = Doctor(environment: doctorEnvironment)
        doctor.areas = Self.startupAreas
        doctor.headset = report
        return await doctor.run()
    }

    /// Logs each failing start-up finding once, as a warning with its fix, then (at debug level)
    /// that the checks are done.
    public func logStartupFindings() async {
        let findings = await startupFindings()
        let failed = findings.filter { $0.status == .failed }
        for finding in failed {
            logger.warning("doctor: \(finding.line)")
        }
        logger.debug("doctor: start-up checks done, \(failed.count) of \(findings.count) failed")
    }
}
