// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeProcess
import RemoteBridgeTesting
import Testing

/// The Now Playing rule with a Bluetooth device's own player on the bus (what `mpris-proxy`
/// makes of a phone's AVRCP player), and with the names sandboxed and repeated players take.
/// Which owner is a device's is told to the tracker here; `DevicePlayers` itself is tested on a
/// real process below, and headsetd with the real `mpris-proxy` in its own suite.
@Suite("NowPlayingTracker: devices' own players, sandboxed and repeated names")
@MainActor
struct DevicePlayerTrackerTests {
    /// A desktop player and a phone's player, both in memory on one bus; the tracker is told
    /// that the phone's connection is a proxy's.
    @MainActor
    final class World {
        let desktop: MPRISFixture
        let phone: MPRISFixture
        let connection: DBusConnection
        let tracker: NowPlayingTracker

        init() async throws {
            let bus = try PrivateBus()
            desktop = try await MPRISFixture(name: "Audacious", bus: bus)
            phone = try await MPRISFixture(name: "Pixel_7_Music", bus: bus)
            connection = try await DBusConnection.connect(to: bus.address)
            tracker = NowPlayingTracker(connection: connection)
            tracker.isDevicePlayer = DevicePlayerTrackerTests.phoneOwner(on: connection)
        }

        func settle(until condition: () -> Bool) async {
            #expect(await until(wokenBy: tracker.listeners) { condition() })
        }
    }

    /// The desktop's player: a name that sorts before the phone's, so that the tracker finds
    /// the phone's last at start.
    static let desktop = "org.mpris.MediaPlayer2.Audacious"
    static let phone = "org.mpris.MediaPlayer2.Pixel_7_Music"

    /// The stand-in for "its process is mpris-proxy": whoever owns the phone's name.
    static func phoneOwner(on connection: DBusConnection) -> @MainActor (String) async -> Bool {
        { [weak connection] owner in await connection?.nameOwner(phone) == owner }
    }

    @Test("a phone's player that the tracker finds there at start, after the desktop's (the bus's sorted order), is not the target while it does not play")
    func neverByAppearing() async throws {
        let w = try await World()
        try await w.tracker.start()
        await w.settle { w.tracker.players.count == 2 }
        #expect(w.tracker.players[Self.phone]?.isDevicePlayer == true)
        #expect((w.tracker.players[Self.phone]?.appeared ?? 0) > (w.tracker.players[Self.desktop]?.appeared ?? 0))
        #expect(w.tracker.players[Self.desktop]?.isDevicePlayer == false)
        #expect(w.tracker.target == Self.desktop)
        #expect(w.tracker.targetReason == "no player has played a track yet, and it appeared last")
    }

    @Test("a phone's player that appears while the tracker runs does not take the target, not even for a moment")
    func appearingLater() async throws {
        let bus = try PrivateBus()
        let desktop = try await MPRISFixture(name: "Audacious", bus: bus)
        let connection = try await DBusConnection.connect(to: bus.address)
        let tracker = NowPlayingTracker(connection: connection)
        tracker.isDevicePlayer = Self.phoneOwner(on: connection)
        var targets: [String?] = []
        tracker.listeners.add { if case .targetChanged(let target) = $0 { targets.append(target) } }
        try await tracker.start()
        #expect(tracker.target == Self.desktop)
        let phone = try await ServedPlayer(address: bus.address, name: "Pixel_7_Music")
        #expect(await until(wokenBy: tracker.listeners) { tracker.players[Self.phone]?.hasTrack == true })
        #expect(tracker.target == Self.desktop)
        #expect(targets == [Self.desktop])
        _ = (desktop, phone)
    }

    @Test("with only a phone's player on the bus there is no target, and the reason names it; once it plays it takes the press")
    func onlyThePhone() async throws {
        let bus = try PrivateBus()
        let phone = try await MPRISFixture(name: "Pixel_7_Music", bus: bus)
        let connection = try await DBusConnection.connect(to: bus.address)
        let tracker = NowPlayingTracker(connection: connection)
        tracker.isDevicePlayer = Self.phoneOwner(on: connection)
        try await tracker.start()
        #expect(tracker.players.count == 1)
        #expect(tracker.target == nil)
        #expect(
            tracker.targetReason
                == "the only player is a Bluetooth device's own (Pixel_7_Music, from mpris-proxy), and a device's player takes presses only while it plays")
        try await phone.client.play()
        #expect(await until(wokenBy: tracker.listeners) { tracker.target == Self.phone })
        #expect(tracker.targetReason == "it is playing (a Bluetooth device's own player, from mpris-proxy)")
        try await phone.client.pause()
        #expect(await until(wokenBy: tracker.listeners) { tracker.target == nil })
    }

    @Test("the user playing on the phone gives it the press; paused, the press goes back to the desktop's player that played before")
    func playingOnThePhone() async throws {
        let w = try await World()
        try await w.tracker.start()
        try await w.desktop.client.play()
        await w.settle { w.tracker.nowPlaying == Self.desktop }
        try await w.desktop.client.pause()
        try await w.phone.client.play()
        await w.settle { w.tracker.target == Self.phone }
        #expect(w.tracker.nowPlaying == Self.phone)
        try await w.phone.client.pause()
        await w.settle { w.tracker.target == Self.desktop }
        #expect(w.tracker.nowPlaying == Self.desktop)
        #expect(w.tracker.targetReason == "it played most recently")
        // Played again, it is the target again.
        try await w.phone.client.play()
        await w.settle { w.tracker.target == Self.phone }
    }

    @Test("two sandboxed instances of one app: the one that played last is the target, and when it leaves the other takes over")
    func sandboxedInstances() async throws {
        let bus = try PrivateBus()
        let first = try await MPRISFixture(name: "firefox.Sandboxed.instance1", bus: bus)
        let second = try await MPRISFixture(name: "firefox.Sandboxed.instance2", bus: bus)
        let connection = try await DBusConnection.connect(to: bus.address)
        let tracker = NowPlayingTracker(connection: connection)
        try await tracker.start()
        #expect(tracker.target == "org.mpris.MediaPlayer2.firefox.Sandboxed.instance2")
        try await second.client.play()
        #expect(await until(wokenBy: tracker.listeners) { tracker.nowPlaying == second.busName })
        try await first.client.play()
        #expect(await until(wokenBy: tracker.listeners) { tracker.nowPlaying == first.busName })
        first.serverConnection.close()
        #expect(await until(wokenBy: tracker.listeners) { tracker.target == second.busName })
        #expect(tracker.targetReason == "it is playing")
    }

    @Test("one player under two names (vlc and vlc.instance42, as VLC owns them): the target is one of its names whichever way it goes")
    func oneOwnerTwoNames() async throws {
        let bus = try PrivateBus()
        let other = try await MPRISFixture(name: "mpv", bus: bus)
        let vlc = try await MPRISFixture(name: "vlc", bus: bus)
        #expect(try await vlc.serverConnection.requestName("org.mpris.MediaPlayer2.vlc.instance42") == .primaryOwner)
        let connection = try await DBusConnection.connect(to: bus.address)
        let tracker = NowPlayingTracker(connection: connection)
        try await tracker.start()
        #expect(await until(wokenBy: tracker.listeners) { tracker.players.count == 3 })
        try await other.client.play()
        #expect(await until(wokenBy: tracker.listeners) { tracker.nowPlaying == other.busName })
        try await vlc.client.play()
        #expect(await until(wokenBy: tracker.listeners) { tracker.nowPlaying != other.busName })
        #expect(tracker.target.flatMap { tracker.players[$0]?.owner } == vlc.serverConnection.uniqueName)
        // It gives up one name: the other still holds the press.
        _ = try await vlc.serverConnection.releaseName("org.mpris.MediaPlayer2.vlc")
        #expect(await until(wokenBy: tracker.listeners) { tracker.players["org.mpris.MediaPlayer2.vlc"] == nil })
        #expect(tracker.target == "org.mpris.MediaPlayer2.vlc.instance42")
    }
}

/// `DevicePlayers` on real processes: a program named `mpris-proxy` is a proxy, another is not.
@Suite("DevicePlayers")
struct DevicePlayersTests {
    @Test("a process running a program named mpris-proxy is a proxy (its /proc comm); this test's own process is not; a gone one is not")
    func byProcessName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("device-players-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let proxy = folder.appendingPathComponent("mpris-proxy").path
        try FileManager.default.copyItem(atPath: try #require(ChildProcess.findExecutable("tail")), toPath: proxy)
        let child = try ChildProcess.spawn([proxy, "-f", "/dev/null"], diesWithUs: false)
        try FileManager.default.removeItem(atPath: proxy)
        defer {
            child.send(SIGKILL)
            child.waitForExit()
        }
        #expect(ProcessFiles.name("/proc/\(child.pid)/comm") == "mpris-proxy")
        #expect(DevicePlayers.proxyProgram(ofProcess: Int64(child.pid)) == "mpris-proxy")
        #expect(DevicePlayers.proxyProgram(ofProcess: Int64(getpid())) == nil)
        #expect(DevicePlayers.proxyProgram(ofProcess: 0) == nil)
        #expect(ProcessFiles.name("/proc/self/nonexistent") == nil)
    }
}
