// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// BlueZ's real `mpris-proxy` makes a phone's own player (`org.bluez.MediaPlayer1`) an MPRIS
/// player on the session bus: what headsetd meets on a desktop where a phone plays through the
/// computer. These tests pin down what it shows, so that tests of headsetd can rely on the bed.
@Suite(
    "mpris-proxy: a phone's player as an MPRIS player on the session bus",
    .enabled(if: MPRISProxyBed.isInstalled, "mpris-proxy is not installed: apt-get install bluez (make deps installs it)"))
@MainActor
struct MPRISProxyBedTests {
    static let pixel = "/org/bluez/hci0/dev_00_11_22_33_44_55"
    static let pixelName = "org.mpris.MediaPlayer2.Pixel_7_Music"

    @Test("a phone's player appears as org.mpris.MediaPlayer2.<alias>_<name> on a connection of its own, in the mpris-proxy process")
    func appears() async throws {
        let bed = try await MPRISProxyBed()
        let owners = try await SignalRecorder.start(on: bed.session, MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0: Self.pixelName))
        #expect(MPRISProxyBed.busName(alias: "Pixel 7", name: "Music") == Self.pixelName)
        let pixel = try await bed.addDevicePlayer(device: Self.pixel, alias: "Pixel 7", name: "Music", status: "paused", title: "Song")
        #expect(pixel.busName == Self.pixelName)
        #expect(owners.messages.map { $0.body.map(\.stringValue) } == [[Self.pixelName, "", pixel.owner]])

        let pid = try #require(await bed.session.processID(of: pixel.busName))
        #expect(pid == Int64(bed.proxy.pid))
        #expect(try String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) == "mpris-proxy\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe") == MPRISProxyBed.executable)

        let root = try await bed.session.getAllProperties(pixel.busName, MPRISNames.objectPath, MediaPlayer2Interface.declaration)
        #expect(root["Identity"]?.stringValue == "Pixel 7 Music")
        #expect(root["DesktopEntry"] == nil)
        #expect(root["CanRaise"]?.boolValue == false)
        let player = try await bed.session.getAllProperties(pixel.busName, MPRISNames.objectPath, PlayerInterface.declaration)
        #expect(player["PlaybackStatus"]?.stringValue == "Paused")
        #expect(player["Metadata"]?.stringDictionaryValue?["xesam:title"]?.stringValue == "Song")
        #expect(player["Metadata"]?.stringDictionaryValue?["mpris:trackid"] == nil)

        // A second phone, no player Name, an alias with a leading digit and a byte that is not ASCII.
        let other = try await bed.addDevicePlayer(device: "/org/bluez/hci0/dev_66_77_88_99_AA_BB", alias: "1Jö's Phone", status: "playing")
        #expect(other.busName == "org.mpris.MediaPlayer2.bt_1J___s_Phone")
        #expect(other.owner != pixel.owner)
        #expect(await bed.session.processID(of: other.busName) == pid)
        let otherRoot = try await bed.session.getAllProperties(other.busName, MPRISNames.objectPath, MediaPlayer2Interface.declaration)
        #expect(otherRoot["Identity"]?.stringValue == "1Jö's Phone")
        let otherPlayer = try await bed.session.getAllProperties(other.busName, MPRISNames.objectPath, PlayerInterface.declaration)
        #expect(otherPlayer["PlaybackStatus"]?.stringValue == "Playing")
        #expect(otherPlayer["Metadata"] == nil, "a BlueZ player without a Track has no Metadata")
    }

    @Test("the phone's Status and Track changing on BlueZ's side are PropertiesChanged of PlaybackStatus and Metadata")
    func changes() async throws {
        let bed = try await MPRISProxyBed()
        let pixel = try await bed.addDevicePlayer(device: Self.pixel, alias: "Pixel 7", name: "Music", status: "paused")
        let changes = try await SignalRecorder.start(
            on: bed.session,
            MatchRule(signal: StandardInterfaces.propertiesChanged, sender: pixel.owner, path: MPRISNames.objectPath, arg0: PlayerInterface.name))
        func changed(_ property: String) -> [DBusValue] {
            changes.messages.compactMap { $0.body.dropFirst().first?.stringDictionaryValue?[property]?.unwrapped }
        }
        func playbackStatus() async throws -> String? {
            try await bed.session.getProperty(pixel.busName, MPRISNames.objectPath, PlayerInterface.playbackStatus).stringValue
        }

        try await bed.setStatus("playing", of: pixel)
        #expect(changed("PlaybackStatus").map(\.stringValue) == ["Playing"])
        #expect(try await playbackStatus() == "Playing")

        try await bed.setStatus("forward-seek", of: pixel)
        #expect(changed("PlaybackStatus").map(\.stringValue) == ["Playing", "Stopped"])
        #expect(try await playbackStatus() == "Stopped")

        try await bed.setTrack(title: "Next Song", artist: "Band", of: pixel)
        let metadata = try #require(changed("Metadata").last?.stringDictionaryValue)
        #expect(metadata["xesam:title"]?.stringValue == "Next Song")
        #expect(metadata["xesam:artist"]?.stringArrayValue == ["Band"])
        let read = try await bed.session.getProperty(pixel.busName, MPRISNames.objectPath, PlayerInterface.metadata)
        #expect(read.stringDictionaryValue?["xesam:title"]?.stringValue == "Next Song")
    }

    @Test("MPRIS calls on the proxy's player reach the phone's player: PlayPause as Pause while it plays, as Play while paused")
    func callsReachThePhone() async throws {
        let bed = try await MPRISProxyBed()
        let pixel = try await bed.addDevicePlayer(device: Self.pixel, alias: "Pixel 7", name: "Music", status: "playing")
        // The MPRIS reply comes once the phone answered; the record of the call comes over the
        // other bus, so it is waited for.
        _ = try await bed.session.call(pixel.busName, MPRISNames.objectPath, PlayerInterface.playPause)
        #expect(await bed.waitForCalls("Pause", to: pixel))
        #expect(bed.calls("Play", to: pixel) == 0)

        try await bed.setStatus("paused", of: pixel)
        _ = try await bed.session.call(pixel.busName, MPRISNames.objectPath, PlayerInterface.playPause)
        #expect(await bed.waitForCalls("Play", to: pixel))
        #expect(bed.calls("Pause", to: pixel) == 1)
        _ = try await bed.session.call(pixel.busName, MPRISNames.objectPath, PlayerInterface.next)
        #expect(await bed.waitForCalls("Next", to: pixel))
    }

    @Test("a phone's player that goes takes its name with it; mpris-proxy and the other phone's player stay")
    func removal() async throws {
        let bed = try await MPRISProxyBed()
        let pixel = try await bed.addDevicePlayer(device: Self.pixel, alias: "Pixel 7", name: "Music")
        let other = try await bed.addDevicePlayer(device: "/org/bluez/hci0/dev_66_77_88_99_AA_BB", alias: "iPhone", name: "Music")
        let owners = try await SignalRecorder.start(on: bed.session, MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0: Self.pixelName))

        try await bed.removeDevicePlayer(pixel)
        #expect(owners.messages.map { $0.body.map(\.stringValue) } == [[Self.pixelName, pixel.owner, ""]])
        #expect(await bed.session.nameOwner(pixel.busName) == nil)
        #expect(await bed.session.nameOwner(other.busName) == other.owner)

        // The phone's player app starts again: the same name, on a new connection.
        let again = try await bed.addDevicePlayer(device: Self.pixel, alias: "Pixel 7", name: "Music", status: "playing")
        #expect(again.busName == Self.pixelName)
        #expect(again.owner != pixel.owner)
    }

    @Test("the session's other MPRIS players are registered with hci0 (Media1.RegisterPlayer) and unregistered when they go; the phone's are not")
    func registersSessionPlayers() async throws {
        let bed = try await MPRISProxyBed()
        try await bed.addDevicePlayer(device: Self.pixel, alias: "Pixel 7", name: "Music")
        let local = try await ServedPlayer(address: bed.sessionAddress, name: "local", remoteControl: false)
        #expect(await bed.bluez.waitForRegisterPlayerCalls(bed.adapter, count: 1))
        let registration = try #require(bed.bluez.calls(of: BlueZInterfaces.registerPlayer.name, at: bed.adapter).first)
        let path = "/" + local.connection.uniqueName.replacingOccurrences(of: ":", with: "_").replacingOccurrences(of: ".", with: "_")
        #expect(registration.first?.stringValue == path)
        #expect(registration.dropFirst().first?.stringDictionaryValue?["PlaybackStatus"] != nil, "with the player's properties")
        // mpris-proxy handles the session's NameOwnerChanged in order: the phone's name came first.
        #expect(bed.bluez.registerPlayerCalls(bed.adapter) == 1)

        local.connection.close()
        #expect(await bed.bluez.waitForCalls(of: BlueZInterfaces.unregisterPlayer.name, at: bed.adapter, count: 1))
        #expect(bed.bluez.calls(of: BlueZInterfaces.unregisterPlayer.name, at: bed.adapter).first?.first?.stringValue == path)
    }
}
