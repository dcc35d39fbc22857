// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeHeadsetDaemon
import Logging
import RemoteBridgeDBus
import RemoteBridgeDoctor
import RemoteBridgeGestures
import RemoteBridgeTesting

/// A whole chain that works, in folders and buses of its own: a session bus that reads the
/// activation files, a system bus, the udev rule, both units and activation files, the desktop
/// entry and its icon, a config file, an input folder with one FIFO headset, and (after
/// `startHeadsetd`) headsetd in-process.
/// Each test breaks one link and reads the doctor's verdict and fix.
@MainActor
final class DoctorBed {
    /// The call timeout of a test that waits for a frozen peer not to answer, where every peer
    /// that must answer is a process of its own (one in this process answers from its busy
    /// main actor, and may take longer on a loaded machine).
    static let frozenPeerTimeout: Duration = .milliseconds(500)

    let root: String
    let session: PrivateBus
    let system: PrivateBus
    let fifo: EvdevFIFO
    var environment: DoctorEnvironment
    private(set) var headsetd: HeadsetHandler?

    /// Builds the working chain; `config` is the config file's text.
    init(config: String = "[headset]\nbluetooth = false\n") throws {
        root = NSTemporaryDirectory() + "remotebridge-doctor-\(getpid())-\(UUID().uuidString.prefix(8))"
        for folder in ["input", "udev", "units", "services", "applications", "icons/hicolor/scalable/apps"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        session = try PrivateBus(serviceDirectory: root + "/services")
        system = try PrivateBus()
        fifo = try EvdevFIFO(path: root + "/input/event0")
        environment = DoctorEnvironment(environment: ["HOME": root])
        environment.sessionBusAddress = session.address
        environment.systemBusAddress = system.address
        environment.inputDirectory = root + "/input"
        environment.discoversFIFOs = true
        environment.udevRuleDirectories = [root + "/udev"]
        environment.systemdUnitDirectories = [root + "/units"]
        environment.dbusServiceDirectories = [root + "/services"]
        environment.applicationDirectories = [root + "/applications"]
        environment.iconThemeDirectories = [root + "/icons"]
        environment.pixmapDirectories = []
        environment.installPrefixes = []
        environment.configPath = root + "/config.toml"
        // Long enough for the in-process fakes on a loaded machine; a test of a frozen peer
        // shortens it (`frozenPeerTimeout`) so that waiting it out is quick.
        environment.callTimeout = .seconds(5)
        write("udev/70-remotebridge-headset.rules", "# the rule\n")
        write("units/headsetd.service", "[Service]\nExecStart=/bin/true\n")
        write("units/remote-playerd.service", "[Service]\nExecStart=/bin/true\n")
        // The bus may start these; Exec names a program that is there (and does nothing).
        write("services/io.github.remotebridge.Headset.service", "[D-BUS Service]\nName=io.github.remotebridge.Headset\nExec=/bin/true\n")
        write(
            "services/org.mpris.MediaPlayer2.remotebridge.service",
            "[D-BUS Service]\nName=org.mpris.MediaPlayer2.remotebridge\nExec=/bin/true\n")
        write("config.toml", config)
        // remote-playerd's desktop entry and icon, where a desktop shell finds them.
        write("applications/remotebridge.desktop", "[Desktop Entry]\nType=Application\nName=RemoteBridge\nIcon=remotebridge\n")
        write("icons/hicolor/scalable/apps/remotebridge.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n")
    }

    deinit {
        session.stop()
        system.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Writes `text` to `path` under the bed's folder.
    func write(_ path: String, _ text: String) {
        _ = FileManager.default.createFile(atPath: root + "/" + path, contents: Data(text.utf8))
    }

    /// Removes `path` under the bed's folder.
    func remove(_ path: String) {
        unlink(root + "/" + path)
    }

    /// Starts headsetd in-process on the bed's buses, input folder and config file, timing its
    /// gestures and retries on `clock`.
    func startHeadsetd(clock: any GestureClock = ContinuousGestureClock()) async throws {
        var options = HeadsetHandler.Options()
        options.busAddress = session.address
        options.systemBusAddress = system.address
        options.inputDirectory = environment.inputDirectory
        options.configPath = environment.configPath
        options.doctorEnvironment = environment
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        headsetd = try await HeadsetHandler(options: options, logger: logger, clock: clock)
    }

    /// Runs the doctor over the bed.
    func findings() async -> [DoctorFinding] {
        await Doctor(environment: environment).run()
    }

    /// Stops headsetd.
    func stopHeadsetd() {
        headsetd?.shutdown()
        headsetd = nil
    }
}

extension [DoctorFinding] {
    /// The failed findings whose text contains `text`.
    func failed(_ text: String) -> [DoctorFinding] {
        filter { $0.status == .failed && $0.text.contains(text) }
    }

    /// Every finding as the lines remotectl prints, for a failure message.
    var printed: String { map(\.line).joined(separator: "\n") }
}
