// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import Foundation
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgePlayerDaemon
import Logging
import RemoteBridgeDesktopKeys
import RemoteBridgeEvdev
import Testing

@Suite("remote-playerd: state, bad input, names", .serialized)
@MainActor
struct PersistenceAndSafetyTests {
    @Test("a restart restores the queue, the entry and the position, paused")
    func restartRestores() async throws {
        let f = try await PlayerFixture()
        defer { f.stop() }
        await f.until("loaded") { f.player.current?.length != nil }
        f.player.play()
        f.player.next()
        await f.until("second tone") { f.player.currentIndex == 1 && f.player.current?.length != nil }
        f.player.seek(to: .seconds(12))
        await f.until("at 12 s") { f.seconds >= 12 }
        f.player.setVolume(0.6)
        f.player.setLoop(.track)
        await f.until("settings applied") { f.player.loop == .track && abs(f.player.volume - 0.6) < 0.01 }
        try await f.restart()
        await f.until("restored") { f.player.current?.length != nil && f.seconds >= 11 }
        #expect(f.player.entries.map(\.url) == f.media.tones.map(\.path))
        #expect(f.player.currentIndex == 1)
        #expect(f.player.status == .paused)
        #expect(abs(f.seconds - 12) < 1.5)
        #expect(abs(f.player.volume - 0.6) < 0.01)
        #expect(f.player.loop == .track)
    }

    @Test("after kill -9 and a restart, at most the save interval of position is lost, and none of the queue")
    func killNine() async throws {
        let bus = try PrivateBus()
        let media = try await TestMedia.make()
        defer {
            bus.stop()
            media.remove()
        }
        let statePath = media.directory.appendingPathComponent("state.json").path
        let binary = BuiltProduct.debug("remote-playerd")
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build remote-playerd first (make test does)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "--bus", bus.address, "--audio-output", "null", "--state", statePath, "--config", media.directory.path + "/none.toml",
            "--state-save-interval", "1", "--log-level", "critical",
        ] + media.tones.map(\.path)
        _ = FileManager.default.createFile(atPath: media.directory.path + "/none.toml", contents: Data())
        let connection = try await DBusConnection.connect(to: bus.address)
        let client = MPRISClient(connection: connection, busName: "org.mpris.MediaPlayer2.remotebridge")
        let ownerChanges = try await SignalRecorder.start(on: connection, MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0: client.busName))
        try process.run()
        try #require(await ownerChanges.waitFor(count: 1), "remote-playerd did not appear on the bus")
        // Play at 4× so the position builds up quickly.
        try await client.setProperty(PlayerInterface.rate, .double(4))
        try await client.play()
        // Another process writes the state file on its own timer: each save is a rename into
        // place, which inotify reports. Wait, save by save, until a few seconds are on disk.
        let store = StateStore(path: statePath)
        let watch = try FileWatch(folder: media.directory.path)
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if let saved = try? store.load(), saved.position >= 6 { break }
            _ = await watch.waitFor(name: "state.json")
        }
        let before = try await client.position()
        kill(process.processIdentifier, SIGKILL)
        #expect(await ownerChanges.waitFor(count: 2), "the name was not released when the process died")
        let state = try #require(try store.load())
        #expect(state.queue.map(\.url) == media.tones.map(\.path))
        let lost = Double(before.components.seconds) - state.position
        // One save interval (1 s) of wall time at 4× is 4 s of position; allow for the round trips.
        #expect(lost <= 5, "lost \(lost) s of position")
        #expect(state.position > 0)

        let restarted = try await PlayerFixture.startDaemon(bus: bus, items: [], statePath: statePath)
        defer { restarted.shutdown() }
        #expect(restarted.player.entries.map(\.url) == media.tones.map(\.path))
        #expect(restarted.player.status != .playing)
    }

    /// No session bus: DBUS_SESSION_BUS_ADDRESS empty and no $XDG_RUNTIME_DIR/bus.
    static let noSessionBus = ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "/nonexistent"]

    @Test("with no session bus, remote-playerd says so in plain words and exits 1")
    func noSessionBus() async throws {
        let result = try await ExternalProcess.run(
            BuiltProduct.debug("remote-playerd"), ["--no-state", "--audio-output", "null"], environment: Self.noSessionBus)
        #expect(result.status == 1)
        #expect(result.standardError.contains("there is no D-Bus session bus here"))
        #expect(result.standardError.contains("--demo starts a private bus"))
    }

    @Test("a daemon that cannot start (a bus that is not there) logs why and exits 1")
    func startFailure() async throws {
        let result = try await ExternalProcess.run(
            BuiltProduct.debug("remote-playerd"), ["--no-state", "--audio-output", "null", "--bus", "unix:path=/nonexistent/remotebridge-bus"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("critical"))
        #expect(result.standardError.contains("/nonexistent/remotebridge-bus"))
    }

    @Test("--demo with no session bus starts a private one, prints its address, and takes it down even on kill -9")
    func demoStartsPrivateBus() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProduct.debug("remote-playerd"))
        process.arguments = ["--demo", "--no-state", "--audio-output", "null", "--log-level", "critical"]
        process.environment = ProcessInfo.processInfo.environment.merging(Self.noSessionBus) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let exited = AsyncStream<Void> { continuation in process.terminationHandler = { _ in continuation.yield() } }
        try process.run()
        let pid = process.processIdentifier
        defer { kill(pid, SIGKILL) }
        // The read's limit is a hang guard only (it hung a CI run once, cause not yet known): a
        // demo that never prints fails the test instead of hanging it.
        let printed = await output.fileHandleForReading.readText(limit: .seconds(60)) { $0.contains("playerctl") }
        #expect(printed.contains("started a private one"))
        let address = try #require(printed.split(separator: "'").dropFirst().first.map(String.init), "no address in \(printed.debugDescription)")
        let connection = try await DBusConnection.connect(to: address)
        let ownerChanges = try await SignalRecorder.start(on: connection, MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0: "org.mpris.MediaPlayer2.remotebridge"))
        if await connection.nameOwner("org.mpris.MediaPlayer2.remotebridge") == nil {
            #expect(await ownerChanges.waitFor(count: 1), "the demo player never appeared on its private bus")
        }
        #expect(try await MPRISClient(connection: connection, busName: "org.mpris.MediaPlayer2.remotebridge").property(MediaPlayer2Interface.identity).stringValue != nil)
        // kill -9 gives remote-playerd no chance to stop the bus: the kernel must (parent-death
        // signal). It is sent as remote-playerd's threads exit, before we learn of the exit, so
        // from then on the bus daemon answers nothing.
        kill(process.processIdentifier, SIGKILL)
        var exits = exited.makeAsyncIterator()
        await exits.next()
        await #expect(throws: DBusError.self, "the private bus went away with the process that started it") {
            try await connection.barrier(with: "org.freedesktop.DBus")
        }
    }

    @Test("SIGTERM, SIGINT and the MPRIS Quit method all save the state and exit 0", arguments: ["SIGTERM", "SIGINT", "Quit"])
    func lifecycle(how: String) async throws {
        let bus = try PrivateBus()
        let media = try await TestMedia.make(count: 2)
        defer {
            bus.stop()
            media.remove()
        }
        let statePath = media.directory.appendingPathComponent("state.json").path
        let binary = BuiltProduct.debug("remote-playerd")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--bus", bus.address, "--audio-output", "null", "--state", statePath, "--log-level", "critical"]
            + media.tones.map(\.path)
        let connection = try await DBusConnection.connect(to: bus.address)
        let client = MPRISClient(connection: connection, busName: "org.mpris.MediaPlayer2.remotebridge")
        let ownerChanges = try await SignalRecorder.start(on: connection, MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0: client.busName))
        let exited = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { exited.continuation.yield($0.terminationStatus) }
        try process.run()
        try #require(await ownerChanges.waitFor(count: 1))
        try await client.next()
        switch how {
        case "SIGTERM": kill(process.processIdentifier, SIGTERM)
        case "SIGINT": kill(process.processIdentifier, SIGINT)
        default: _ = try await client.call(MediaPlayer2Interface.quit)
        }
        var statuses = exited.stream.makeAsyncIterator()
        #expect(await statuses.next() == 0)
        let state = try #require(try StateStore(path: statePath).load())
        #expect(state.queue.map(\.url) == media.tones.map(\.path))
        #expect(state.currentIndex == 1)
    }

    @Test("missing and broken entries are skipped, and playback goes on")
    func brokenEntries() async throws {
        let media = try await TestMedia.make(count: 2)
        let f = try await PlayerFixture(
            items: [media.tones[0].path, "/no/such/file.flac", media.broken.path, media.tones[1].path], media: media)
        defer { f.stop() }
        #expect(f.player.entries.count == 3)  // the missing file never reached the queue
        await f.until("loaded") { f.player.current?.length != nil }
        f.player.play()
        f.player.next()  // the broken entry: mpv fails it and moves on
        await f.until("on the second good tone") { f.player.shown?.tags.title == "Tone 2" && f.player.status == .playing }
        #expect(f.player.currentIndex == 2)
    }

    @Test(
        "OpenUri injection attempts change nothing beyond a refusal or a literally loaded path",
        arguments: ["a;b", "x; quit", "run touch /tmp/remotebridge-pwned", "quit", "loadfile /etc/passwd", "file:///tmp/a\nquit", "file:///x;quit"])
    func openURIInjection(uri: String) async throws {
        let f = try await PlayerFixture()
        defer { f.stop() }
        await f.until("loaded") { f.player.current?.length != nil }
        let before = f.player.entries.count
        do throws(DBusError) {
            try await f.client.openURI(uri)
            // Accepted: it must have been queued as one literal entry, and mpv must still be running.
            #expect(uri.hasPrefix("file:"))
            await f.until("queued literally") { f.player.entries.count == before + 1 }
            #expect(f.player.entries.last?.url == uri)
        } catch {
            #expect(error.name == "org.freedesktop.DBus.Error.NotSupported")
            #expect(f.player.entries.count == before)
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/remotebridge-pwned"))
        #expect(try await f.client.property(MediaPlayer2Interface.identity) == .string("RemoteBridge"))
        try f.player.goTo(id: f.player.entries[0].id)
        await f.until("mpv still plays after the attempt") { f.player.status == .playing && f.player.currentIndex == 0 }
    }

    @Test("a second instance gets org.mpris.MediaPlayer2.remotebridge.instance<pid>")
    func secondInstance() async throws {
        let f = try await PlayerFixture()
        defer { f.stop() }
        let second = try await PlayerFixture.startDaemon(
            bus: f.bus, items: [], statePath: f.media.directory.appendingPathComponent("second.json").path)
        defer { second.shutdown() }
        #expect(f.daemon.busName == "org.mpris.MediaPlayer2.remotebridge")
        #expect(second.busName == "org.mpris.MediaPlayer2.remotebridge.instance\(getpid())")
    }

    @Test("--replace takes the name over; the old instance saves its state and finishes")
    func replaceHandsOver() async throws {
        let f = try await PlayerFixture()
        defer { f.stop() }
        await f.until("loaded") { f.player.current?.length != nil }
        f.player.seek(to: .seconds(9))
        await f.until("at 9 s") { f.seconds >= 8.5 }
        let old = f.daemon
        let newStatePath = f.media.directory.appendingPathComponent("new.json").path
        let replacement = try await PlayerFixture.startDaemon(bus: f.bus, items: [], statePath: newStatePath, replace: true)
        defer { replacement.shutdown() }
        #expect(replacement.busName == "org.mpris.MediaPlayer2.remotebridge")
        await old.waitUntilFinished()  // NameLost ends its run
        old.shutdown()
        let state = try #require(try StateStore(path: f.statePath).load())
        #expect(state.queue.count == 3)
        #expect(abs(state.position - 9) < 1)
    }
}

@Suite("remote-playerd: media keys and input devices", .serialized)
@MainActor
struct PlayerInputTests {
    @Test("keys from configured devices are broadcast: refused until the player is now playing")
    func inputDevices() async throws {
        let bus = try PrivateBus()
        let media = try await TestMedia.make(count: 3)
        let fifo = try EvdevFIFO()
        let gnome = try await FakeSettingsDaemon(bus: bus, daemon: DesktopMediaKeys.daemons[0])
        defer {
            fifo.remove()
            bus.stop()
            media.remove()
        }
        let config = media.directory.appendingPathComponent("input.toml").path
        try "[input]\ndevices = [\"\(fifo.path)\"]\n".write(toFile: config, atomically: true, encoding: .utf8)
        var options = RemotePlayerDaemon.Options()
        options.busAddress = bus.address
        options.audioOutput = "null"
        options.noState = true
        options.configPath = config
        options.items = media.tones.map(\.path)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let daemon = try await RemotePlayerDaemon(options: options, logger: logger)
        defer { daemon.shutdown() }
        var outcomes: [String] = []
        let delivered = ChangeWaiter()
        daemon.application.listeners.add { announced in
            guard case .delivered(let event, let outcome) = announced else { return }
            outcomes.append("\(event.source.name) \(event.subtype.name) \(outcome.name)")
            delivered.wake()
        }
        /// Waits for the next delivery (false after the hang guard).
        func nextDelivery() async -> Bool {
            let count = outcomes.count
            return await delivered.until { outcomes.count > count }
        }
        #expect(daemon.inputReaders.first?.isOpen == true)
        try fifo.key(163, pressed: true)
        #expect(await nextDelivery())
        #expect(outcomes.last?.hasSuffix("next-track not-now-playing") == true)
        #expect(daemon.player.currentIndex == 0)
        // Playing makes it the now-playing app, and grabs the desktop's media keys.
        daemon.player.play()
        #expect(await until(wokenBy: daemon.application.listeners, gnome.grabbed) { daemon.application.isNowPlaying && gnome.grabs.count == 1 })
        #expect(daemon.application.isNowPlaying)
        #expect(gnome.grabs.map(\.0) == ["remotebridge"])
        try fifo.key(163, pressed: true)
        #expect(await nextDelivery())
        #expect(outcomes.last?.hasSuffix("next-track handled") == true)
        try gnome.press("Next")
        #expect(await nextDelivery())
        #expect(outcomes.last == "media-keys next-track handled")
        // Pausing and playing again grabs again, so the player that last started owns the keys.
        daemon.player.pause()
        #expect(await until(wokenBy: daemon.player.listeners) { daemon.player.status == .paused })
        daemon.player.play()
        #expect(await until(wokenBy: gnome.grabbed) { gnome.grabs.count >= 2 })
        #expect(gnome.grabs.count == 2)
        await daemon.releaseMediaKeys()
        #expect(gnome.releases == ["remotebridge"])
    }
}
