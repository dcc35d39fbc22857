// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDoctor
import RemoteBridgeTesting
import Testing

/// `remotectl doctor` with a phone's own player on the session bus, put there by BlueZ's real
/// `mpris-proxy`: it says whose player it is, and names it when it holds the keys (playerctl
/// takes it first while it does not play), with the fix.
@Suite(
    "remotectl doctor and a Bluetooth device's own player (the real mpris-proxy)",
    .enabled(if: MPRISProxyBed.isInstalled, "mpris-proxy is not installed: apt-get install bluez (make deps installs it)"))
@MainActor
struct DevicePlayerDoctorTests {
    static let pixel = "/org/bluez/hci0/dev_00_11_22_33_44_55"

    @Test("a paused phone's player that playerctl takes first holds the keys: named, with its process and the fix")
    func holdsTheKeys() async throws {
        let bed = try DoctorBed()
        let proxy = try await MPRISProxyBed(sessionAddress: bed.session.address)
        _ = try await proxy.addDevicePlayer(device: Self.pixel, alias: "Pixel 7", name: "Music", status: "paused", title: "Song")
        let findings = await bed.findings()
        let pid = proxy.proxy.pid
        #expect(
            findings.contains {
                $0.status == .ok && $0.area == .players
                    && $0.text == "Pixel_7_Music (\"Pixel 7 Music\") on the session bus: Paused, with a current track; "
                    + "a Bluetooth device's own player, put here by mpris-proxy (pid \(pid)): headsetd sends it presses only while it plays"
            }, "\(findings.printed)")
        let keys = findings.failed("is a Bluetooth device's own player")
        #expect(keys.count == 1, "\(findings.printed)")
        #expect(
            keys.first?.text
                == "Pixel_7_Music is a Bluetooth device's own player (put on the session bus by mpris-proxy, pid \(pid)), and playerctl takes it first: "
                + "keys bound to playerctl play-pause, or to remotectl with no -p, control that device, not this computer")
        #expect(
            keys.first?.fix
                == "bind the keys to remotectl click (headsetd's rule: a device's player only while it plays), or to playerctl -i Pixel_7_Music; "
                + "if you do not control the device from here, stop mpris-proxy: kill \(pid), and take mpris-proxy out of your session's autostart")
        #expect(!Doctor.passed(findings))
    }

    @Test("the phone playing, or a desktop player taken first: no finding about the keys", arguments: [true, false])
    func keysNotHeld(playing: Bool) async throws {
        let bed = try DoctorBed()
        let proxy = try await MPRISProxyBed(sessionAddress: bed.session.address)
        _ = try await proxy.addDevicePlayer(device: Self.pixel, alias: "Pixel 7", name: "Music", status: playing ? "playing" : "paused", title: "Song")
        // Sorted before Pixel_7_Music, so playerctl takes it first.
        let desktop = playing ? nil : try await ScriptedPlayer(address: bed.session.address, name: "Audacious")
        let findings = await bed.findings()
        #expect(findings.failed("is a Bluetooth device's own player").isEmpty, "\(findings.printed)")
        #expect(findings.contains { $0.area == .players && $0.text.hasPrefix("Pixel_7_Music") && $0.text.contains("mpris-proxy") }, "\(findings.printed)")
        _ = desktop
    }
}

/// `remotectl doctor` with sandboxed instances and one player under two names.
@Suite("remotectl doctor: sandboxed and repeated player names")
@MainActor
struct PlayerNamesDoctorTests {
    @Test("each sandboxed instance has its line under its own name; a second name of one connection says whose it is")
    func names() async throws {
        let bed = try DoctorBed()
        let first = try await ScriptedPlayer(address: bed.session.address, name: "org.gnome.Epiphany.Sandboxed.instance-2")
        let second = try await ScriptedPlayer(address: bed.session.address, name: "org.gnome.Epiphany.Sandboxed.instance-3")
        let vlc = try await ScriptedPlayer(address: bed.session.address, name: "vlc")
        #expect(try await vlc.connection.requestName("org.mpris.MediaPlayer2.vlc.instance42") == .primaryOwner)
        let findings = await bed.findings()
        let lines = findings.filter { $0.area == .players }.map(\.text)
        for instance in ["org.gnome.Epiphany.Sandboxed.instance-2", "org.gnome.Epiphany.Sandboxed.instance-3"] {
            #expect(lines.filter { $0.hasPrefix(instance + " ") }.count == 1, "\(findings.printed)")
        }
        #expect(lines.contains { $0.hasPrefix("vlc ") && !$0.contains("the same player") }, "\(findings.printed)")
        #expect(lines.contains { $0.hasPrefix("vlc.instance42 ") && $0.hasSuffix("; the same player as vlc (one connection owns both names)") }, "\(findings.printed)")
        #expect(!lines.contains { $0.hasPrefix("org.gnome") && $0.contains("the same player") }, "\(findings.printed)")
        _ = (first, second)
    }
}
