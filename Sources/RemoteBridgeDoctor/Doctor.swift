// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeConfiguration
import RemoteBridgeDBus

/// Walks the chain a headset press travels and says, for each link, what works, what does not,
/// and the exact fix: the buses, the daemons and their installed files (remote-playerd's desktop
/// entry and icon among them), the udev rule and the input devices, the desktop's media keys,
/// Bluetooth, the players and where the next press goes, the config file.
///
/// It needs nothing running: a missing headsetd, BlueZ or session bus is a finding, not an
/// error. Every peer is asked with `DoctorEnvironment.callTimeout`, so a frozen one costs that
/// long and is named. `remotectl doctor` prints the findings; headsetd logs the failing ones
/// at start.
@MainActor
public struct Doctor {
    /// Where to look.
    public var environment: DoctorEnvironment
    /// The parts to check; all by default.
    public var areas: Set<DoctorArea> = Set(DoctorArea.allCases)
    /// What headsetd says, when the doctor runs inside it; nil asks headsetd over the bus.
    public var headset: HeadsetReport?

    /// A doctor that looks where `environment` says.
    public init(environment: DoctorEnvironment = DoctorEnvironment()) {
        self.environment = environment
    }

    /// Every finding, in the order of the chain.
    public func run() async -> [DoctorFinding] {
        var context = DoctorContext(environment: environment)
        var findings = await context.connect(areas: areas)
        findings += context.loadConfiguration()
        if let session = context.session {
            if let headset {
                context.headset = .success(headset)
            } else {
                context.headset = await HeadsetReport.read(on: session, timeout: environment.callTimeout)
            }
        }
        if areas.contains(.systemBus) { findings += context.headsetSystemBusFindings() }
        if areas.contains(.daemons) { findings += await context.daemonFindings() + context.desktopFindings() }
        if areas.contains(.input) { findings += context.inputFindings() }
        if areas.contains(.desktopKeys) { findings += await context.desktopKeyFindings() }
        if areas.contains(.bluetooth) { findings += await context.bluetoothFindings() }
        if areas.contains(.players) { findings += await context.playerFindings() }
        context.close()
        return findings.filter { areas.contains($0.area) }.sorted { $0.area < $1.area }
    }

    /// Whether every check passed: what `remotectl doctor`'s exit status says.
    public static func passed(_ findings: [DoctorFinding]) -> Bool {
        !findings.contains { $0.status == .failed }
    }
}

/// What the checks share while the doctor runs: the buses, the configuration, headsetd's report.
@MainActor
struct DoctorContext {
    let environment: DoctorEnvironment
    /// The session bus, once connected.
    var session: DBusConnection?
    /// The system bus, once connected.
    var system: DBusConnection?
    /// headsetd's settings as the config file gives them (the defaults when it does not parse).
    var configuration = HeadsetConfiguration()
    /// What headsetd answered, or why it did not; nil without a session bus.
    var headset: Result<HeadsetReport, DBusError>?

    init(environment: DoctorEnvironment) {
        self.environment = environment
    }

    /// headsetd's report, when it answered.
    var report: HeadsetReport? {
        guard case .success(let report) = headset else { return nil }
        return report
    }

    /// The shell's name for the config file, for fixes.
    var configPath: String { environment.configPath }

    /// Leaves both buses.
    func close() {
        session?.close()
        system?.close()
    }
}
