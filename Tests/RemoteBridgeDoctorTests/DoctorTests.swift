// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDesktopKeys
import Foundation
import RemoteBridgeDBus
import RemoteBridgeDoctor
import RemoteBridgeGestures
import RemoteBridgeHeadsetDaemon
import RemoteBridgeTesting
import Testing

/// Each check of `remotectl doctor`, made to fail on purpose, with the verdict and fix it prints;
/// and the whole chain passing when nothing is broken.
@Suite("remotectl doctor's checks")
@MainActor
struct DoctorTests {
    @Test("a working chain passes every check, and says where the next press goes and why")
    func healthy() async throws {
        let bed = try DoctorBed()
        defer { bed.stopHeadsetd() }
        let player = try await ServedPlayer(address: bed.session.address, name: "vlc")
        try await bed.startHeadsetd()
        let findings = await bed.findings()
        #expect(Doctor.passed(findings), "\(findings.printed)")
        #expect(findings.contains { $0.area == .input && $0.status == .ok && $0.text.contains("event0") && $0.text.contains("headsetd reads it") }, "\(findings.printed)")
        #expect(findings.contains { $0.text.contains("the next press goes to vlc because no player has played a track yet, and it appeared last") }, "\(findings.printed)")
        #expect(findings.contains { $0.area == .players && $0.text.hasPrefix("vlc") }, "\(findings.printed)")
        _ = player
    }

    @Test("no player: the press is dropped, or the resumption verdict says what it would do")
    func noPlayer() async throws {
        let bed = try DoctorBed()
        defer { bed.stopHeadsetd() }
        try await bed.startHeadsetd()
        #expect(await bed.findings().contains { $0.status == .note && $0.text == "the next press is dropped: no MPRIS player on the bus" })
        bed.environment.resumeVerdict = { "would start remote-playerd and resume (saved 2 h ago, 14 tracks)" }
        let findings = await bed.findings()
        #expect(
            findings.contains { $0.text == "the next press would start remote-playerd and resume (saved 2 h ago, 14 tracks): no MPRIS player on the bus" },
            "\(findings.printed)")
    }

    @Test("no headsetd: it says headsetd is missing, with the command that starts it, and the rest is still checked")
    func noHeadsetd() async throws {
        let bed = try DoctorBed()
        let findings = await bed.findings()
        let missing = findings.failed("headsetd is not running")
        #expect(missing.count == 1, "\(findings.printed)")
        #expect(missing.first?.fix == "systemctl --user enable --now headsetd.service")
        #expect(findings.contains { $0.text == "no press is routed: headsetd is not running (see daemons)" }, "\(findings.printed)")
        #expect(findings.contains { $0.area == .configuration && $0.status == .ok }, "\(findings.printed)")
        #expect(!Doctor.passed(findings))

        bed.remove("units/headsetd.service")
        let noUnit = await bed.findings().failed("headsetd is not running").first
        #expect(noUnit?.fix?.hasPrefix("install -Dm644 dist/systemd/headsetd.service ~/.config/systemd/user/headsetd.service") == true, "\(noUnit?.line ?? "")")
    }

    @Test("a missing udev rule fails, and the fix installs it")
    func missingUdevRule() async throws {
        let bed = try DoctorBed()
        bed.remove("udev/70-remotebridge-headset.rules")
        let findings = await bed.findings()
        let rule = findings.failed("the udev rule 70-remotebridge-headset.rules is not installed")
        #expect(rule.count == 1, "\(findings.printed)")
        #expect(rule.first?.fix?.hasPrefix("sudo install -m644 dist/udev/70-remotebridge-headset.rules /etc/udev/rules.d/") == true)
    }

    @Test("a device that cannot be opened (a dangling link) fails; a folder is named and left alone")
    func unopenableDevice() async throws {
        let bed = try DoctorBed()
        try FileManager.default.createSymbolicLink(atPath: bed.root + "/input/event7", withDestinationPath: bed.root + "/gone")
        try FileManager.default.createDirectory(atPath: bed.root + "/input/event8", withIntermediateDirectories: false)
        let findings = await bed.findings()
        let dangling = findings.failed("event7 cannot be opened: No such file or directory")
        #expect(dangling.count == 1, "\(findings.printed)")
        #expect(dangling.first?.fix?.contains("ls -l \(bed.root)/input/event7") == true)
        #expect(findings.contains { $0.status == .note && $0.text.hasSuffix("event8 is a folder, not an input device; headsetd leaves it alone") }, "\(findings.printed)")
    }

    @Test("a headset headsetd does not read fails, and says what to change")
    func unreadDevice() async throws {
        let bed = try DoctorBed(config: "[headset]\nbluetooth = false\ndevices = [\"/nonexistent/event3\"]\n")
        defer { bed.stopHeadsetd() }
        try await bed.startHeadsetd()
        let findings = await bed.findings()
        let unread = findings.failed("event0 is a FIFO, but headsetd does not read it")
        #expect(unread.count == 1, "\(findings.printed)")
        #expect(unread.first?.fix?.hasPrefix("add it to devices = [...] under [headset] in \(bed.environment.configPath)") == true)
    }

    @Test("a frozen player (SIGSTOP) is named within the call timeout, with kill -CONT as the fix")
    func frozenPlayer() async throws {
        // The bed's own call timeout, not `frozenPeerTimeout`: headsetd, asked too, answers from
        // this process's main actor, which a loaded machine may keep from it for more than 0.5 s
        // (seen once in ten runs beside a busy core). Waiting out the frozen player costs 5 s.
        let bed = try DoctorBed()
        defer { bed.stopHeadsetd() }
        let record = bed.root + "/calls"
        let frozen = try await DaemonProcess("mpris-test-player", ["frozen", record], environment: ["DBUS_SESSION_BUS_ADDRESS": bed.session.address])
        defer { frozen.send(SIGKILL) }
        let client = try await DBusConnection.connect(to: bed.session.address)
        #expect(try await frozen.waitForName("org.mpris.MediaPlayer2.frozen", on: client))
        try await bed.startHeadsetd()
        await frozen.freeze()
        // Each call to it is bounded by the bed's timeout: the doctor returns, naming it.
        let findings = await bed.findings()
        let named = findings.failed("frozen on the session bus is frozen: its process is stopped")
        #expect(named.count == 1, "\(findings.printed)")
        #expect(named.first?.fix == "kill -CONT \(frozen.pid) to let it run again, or end it: kill \(frozen.pid)")
        #expect(findings.failed("the next press goes to frozen because").first?.text.hasSuffix("but it does not answer") == true, "\(findings.printed)")
    }

    @Test("a frozen headsetd (SIGSTOP) is named as stopped, with kill -CONT as the fix, and no press is routed")
    func frozenHeadsetd() async throws {
        let bed = try DoctorBed()
        bed.environment.callTimeout = DoctorBed.frozenPeerTimeout
        let headsetd = try await DaemonProcess(
            "headsetd", ["--bus", bed.session.address, "--input-dir", bed.environment.inputDirectory, "--config", bed.environment.configPath])
        defer { headsetd.send(SIGKILL) }
        let client = try await DBusConnection.connect(to: bed.session.address)
        #expect(try await headsetd.waitForName("io.github.remotebridge.Headset", on: client))
        await headsetd.freeze()
        let findings = await bed.findings()
        let stopped = findings.failed("headsetd is stopped (pid \(headsetd.pid), ")
        #expect(stopped.count == 1, "\(findings.printed)")
        #expect(stopped.first?.fix == "kill -CONT \(headsetd.pid), or restart it: kill \(headsetd.pid) and start it again", "\(findings.printed)")
        #expect(findings.contains { $0.text == "no press is routed: headsetd does not answer (see daemons)" }, "\(findings.printed)")
    }

    @Test("no BlueZ on the system bus fails with the command that starts it; a registered adapter passes")
    func bluetooth() async throws {
        let bed = try DoctorBed(config: "[headset]\nbluetooth = true\n")
        let findings = await bed.findings()
        let absent = findings.failed("BlueZ is not on the system bus")
        #expect(absent.count == 1, "\(findings.printed)")
        #expect(absent.first?.fix?.hasPrefix("sudo apt install bluez && sudo systemctl enable --now bluetooth") == true)

        let bluez = try await FakeBlueZ(address: bed.system.address)
        defer { bluez.close() }
        let unregistered = await bed.findings().failed("/org/bluez/hci0: no now-playing proxy is registered, because headsetd is not running")
        #expect(unregistered.count == 1)
        defer { bed.stopHeadsetd() }
        try await bed.startHeadsetd()
        #expect(await bluez.waitForRegistrations(1))
        let registered = await bed.findings()
        #expect(registered.contains { $0.status == .ok && $0.text == "/org/bluez/hci0: headsetd's now-playing proxy is registered" }, "\(registered.printed)")
    }

    @Test("what remote-playerd does for podcasts is said from the config; a player serving Playback1 shows its sleep timer and chapter, another player nothing of them")
    func spokenWord() async throws {
        let bed = try DoctorBed(config: "[player]\nremember-position = \"off\"\nchapter-steps = \"30min\"\nremember-rate = \"per-entry\"\n")
        defer { bed.stopHeadsetd() }
        var properties = ScriptedPlayerProperties(identity: "RemoteBridge")
        properties.playback = [
            "Chapters": .array(elementSignature: "(xs)", (0..<3).map { .structure([.int64(Int64($0) * 300_000_000), .string("Part \($0 + 1)")]) }),
            "Chapter": .int32(1), "ChapterTitle": .string("Part 2"), "SleepTimer": .string("time"), "SleepRemaining": .int64(754_000_000),
        ]
        let remote = try await ScriptedPlayer(address: bed.session.address, name: "remotebridge", properties: properties)
        let other = try await ServedPlayer(address: bed.session.address, name: "vlc")
        try await bed.startHeadsetd()
        let findings = await bed.findings()
        #expect(
            findings.contains {
                $0.area == .configuration && $0.status == .note && $0.text.contains("keeps no episode's place (remember-position = \"off\")")
                    && $0.text.contains("chapters of files of 30m or more") && $0.text.contains("each entry's own rate")
            }, "\(findings.printed)")
        #expect(findings.contains { $0.area == .players && $0.text.hasPrefix("remotebridge") && $0.text.hasSuffix("; sleep timer time, 12:34 left, chapter 2 of 3 (\"Part 2\")") }, "\(findings.printed)")
        #expect(findings.contains { $0.area == .players && $0.text.hasPrefix("vlc") && !$0.text.contains("sleep timer") }, "\(findings.printed)")
        _ = (remote, other)
    }

    @Test("a config file that does not parse fails, naming the line to edit")
    func brokenConfig() async throws {
        let bed = try DoctorBed(config: "[headset]\nclick-interval = \"soon\"\n")
        let findings = await bed.findings()
        let broken = findings.failed("config.toml does not parse")
        #expect(broken.count == 1, "\(findings.printed)")
        #expect(broken.first?.fix?.hasPrefix("edit line 2 of \(bed.environment.configPath)") == true, "\(broken.first?.line ?? "")")
    }

    @Test("a missing activation file, or one whose Exec= is not there, fails with the fix")
    func activationFiles() async throws {
        let bed = try DoctorBed()
        bed.remove("services/org.mpris.MediaPlayer2.remotebridge.service")
        bed.write("services/io.github.remotebridge.Headset.service", "[D-BUS Service]\nName=io.github.remotebridge.Headset\nExec=/nonexistent/headsetd\n")
        let findings = await bed.findings()
        let missing = findings.failed("org.mpris.MediaPlayer2.remotebridge.service is not installed")
        #expect(missing.first?.fix?.hasPrefix("install -Dm644 dbus/services/org.mpris.MediaPlayer2.remotebridge.service ~/.local/share/dbus-1/services/") == true, "\(findings.printed)")
        let broken = findings.failed("its Exec= names /nonexistent/headsetd, which is not an executable file")
        #expect(broken.first?.fix?.hasPrefix("edit Exec= in") == true, "\(findings.printed)")
    }

    @Test("with grab = false under a desktop's media-key daemon, one press acts twice: it fails with the setting to change")
    func desktopKeysWithoutGrab() async throws {
        let bed = try DoctorBed(config: "[headset]\nbluetooth = false\ngrab = false\n")
        defer { bed.stopHeadsetd() }
        let gnome = try await FakeSettingsDaemon(bus: bed.session, daemon: DesktopMediaKeys.daemons[0])
        try await bed.startHeadsetd()
        let findings = await bed.findings()
        #expect(findings.contains { $0.area == .desktopKeys && $0.status == .ok && $0.text.hasPrefix("GNOME's settings daemon offers the media-key grab") }, "\(findings.printed)")
        let twice = findings.failed("one press can act twice")
        #expect(twice.first?.fix == "set grab = true under [headset] in \(bed.environment.configPath), then systemctl --user restart headsetd", "\(findings.printed)")
        _ = gnome
    }

    @Test("no session bus: said first, with the fix, and nothing that needs it is claimed (the desktop entry and icon, files, are still checked)")
    func noSessionBus() async throws {
        let bed = try DoctorBed()
        bed.environment.sessionBusAddress = "unix:path=\(bed.root)/no-bus"
        let findings = await bed.findings()
        #expect(findings.first?.area == .sessionBus && findings.first?.status == .failed, "\(findings.printed)")
        #expect(findings.first?.fix?.contains("DBUS_SESSION_BUS_ADDRESS") == true)
        let files = findings.filter { $0.area == .daemons && ($0.text.hasPrefix("the desktop entry ") || $0.text.hasPrefix("the icon ")) }
        #expect(files.count == 2 && files.allSatisfy { $0.status == .ok }, "\(findings.printed)")
        #expect(!findings.contains { ($0.area == .daemons && !files.contains($0)) || $0.area == .players }, "\(findings.printed)")
    }

    @Test("the system bus gone under headsetd: it fails saying headsetd lost it; the fix starts the bus, and still does once headsetd's retries ran out (it waits for the bus's folder and socket with no timer); restarting headsetd only if it does not reconnect")
    func systemBusLostUnderHeadsetd() async throws {
        let bed = try DoctorBed(config: "[headset]\nbluetooth = true\n")
        defer { bed.stopHeadsetd() }
        let bluez = try await FakeBlueZ(address: bed.system.address)
        let clock = VirtualClock()
        try await bed.startHeadsetd(clock: clock)
        let headsetd = try #require(bed.headsetd)
        let bridge = try #require(headsetd.bluetooth)
        #expect(await until(wokenBy: bridge.listeners) { bridge.registeredAdapters == ["/org/bluez/hci0"] })
        #expect(bluez.registrations.count == 1)
        func lost(_ findings: [DoctorFinding]) -> [DoctorFinding] { findings.failed("headsetd lost its connection to the system bus and has not reconnected") }
        #expect(lost(await bed.findings()).isEmpty)

        // Killed (SIGKILL), its folder removed with it: headsetd tries again on its clock.
        bed.system.stop()
        #expect(await until(wokenBy: bridge.listeners) { headsetd.bluetoothStatus.contains("went away") }, "\(headsetd.bluetoothStatus)")
        var findings = await bed.findings()
        #expect(lost(findings).count == 1, "\(findings.printed)")
        #expect(lost(findings).first?.area == .systemBus)
        #expect(lost(findings).first?.fix == "start the system bus: sudo systemctl start dbus; headsetd connects again by itself once it is back", "\(findings.printed)")

        // Once its round of retries has run out: its folder gone too, headsetd waits for the folder,
        // then the socket, in the folder above, and connects by itself once they are back.
        for _ in 1...RetryBackoff().retriesToCap {
            #expect(await until(wokenBy: clock.listeners, bridge.listeners) { clock.pendingDeadlineCount > 0 })
            clock.advance(by: RetryBackoff().cap)
        }
        findings = await bed.findings()
        #expect(lost(findings).first?.fix == "start the system bus: sudo systemctl start dbus; headsetd connects again by itself once it is back", "\(findings.printed)")

        // A system bus up again, where headsetd does not look for it: restarting headsetd is the
        // fix if it does not reconnect.
        let again = try PrivateBus()
        defer { again.stop() }
        bed.environment.systemBusAddress = again.address
        findings = await bed.findings()
        #expect(
            lost(findings).first?.fix == "none needed if headsetd reconnects within a minute (it tries again by itself); else systemctl --user restart headsetd",
            "\(findings.printed)")
    }
}

/// The units' state, from systemd's manager on the session bus.
@Suite("remotectl doctor and systemd")
@MainActor
struct DoctorSystemdTests {
    @Test("a failed unit, and a headsetd unit that is not enabled, fail with the systemctl line; enabled and running passes")
    func unitStates() async throws {
        let bed = try DoctorBed()
        let systemd = try await FakeSystemd(address: bed.session.address)
        systemd.states["remote-playerd.service"] = ("failed", "failed", "enabled")
        systemd.states["headsetd.service"] = ("inactive", "dead", "disabled")
        let findings = await bed.findings()
        let failed = findings.failed("remote-playerd.service (\(bed.root)/units/remote-playerd.service) has failed: failed (failed), enabled")
        #expect(failed.first?.fix?.hasPrefix("journalctl --user -u remote-playerd.service says why") == true, "\(findings.printed)")
        let disabled = findings.failed("headsetd.service (\(bed.root)/units/headsetd.service) is inactive (dead), disabled")
        #expect(disabled.first?.fix == "systemctl --user enable --now headsetd.service", "\(findings.printed)")

        systemd.states["headsetd.service"] = ("active", "running", "enabled")
        let running = await bed.findings()
        #expect(running.contains { $0.status == .ok && $0.text.hasSuffix("headsetd.service: active (running), enabled") }, "\(running.printed)")
    }
}
