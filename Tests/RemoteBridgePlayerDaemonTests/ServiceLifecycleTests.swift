// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeHeadsetDaemon
import Logging
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgePlayerDaemon
import ServiceLifecycle
import Testing

/// The daemons' `Service`s, run in-process under a ServiceGroup as the programs run them: a
/// graceful shutdown (what SIGTERM triggers) saves and leaves the bus, and a start that fails
/// says so instead of hanging the group.
@Suite("Services under swift-service-lifecycle", .serialized)
@MainActor
struct ServiceLifecycleTests {
    static var quiet: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return logger
    }

    static func group(_ service: some Service) -> ServiceGroup {
        ServiceGroup(configuration: .init(services: [.init(service: service, successTerminationBehavior: .gracefullyShutdownGroup)], logger: quiet))
    }

    @Test("remote-playerd: a graceful shutdown saves the queue and position, then leaves the bus")
    func playerService() async throws {
        let bus = try PrivateBus()
        let media = try await TestMedia.make(count: 2, seconds: 30)
        defer {
            bus.stop()
            media.remove()
        }
        var options = RemotePlayerDaemon.Options()
        options.busAddress = bus.address
        options.audioOutput = "null"
        options.items = media.tones.map(\.path)
        options.statePath = media.directory.path + "/state.json"
        options.configPath = media.directory.path + "/config.toml"
        _ = FileManager.default.createFile(atPath: options.configPath!, contents: Data())
        let service = RemotePlayerService(options: options, logger: Self.quiet)
        let group = Self.group(service)
        let client = try await DBusConnection.connect(to: bus.address)
        let appeared = try await SignalRecorder.start(on: client, MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0: "org.mpris.MediaPlayer2.remotebridge"))
        let running = Task { try await group.run() }
        #expect(await appeared.waitFor(count: 1))
        let player = MPRISClient(connection: client, busName: "org.mpris.MediaPlayer2.remotebridge")
        try await player.next()
        await group.triggerGracefulShutdown()
        try await running.value
        // The bus announces the name's release (the second NameOwnerChanged) once it has seen the
        // connection close, which can come after `run()` returns; asked after that, it has no owner.
        #expect(await appeared.waitFor(count: 2))
        #expect(await client.nameOwner(player.busName) == nil)
        let state = try #require(try StateStore(path: options.statePath!).load())
        #expect(state.queue.map(\.url) == media.tones.map(\.path))
        #expect(state.currentIndex == 1)
    }

    @Test("remote-playerd: a daemon that cannot start ends the group and throws StartFailure")
    func playerStartFailure() async throws {
        var options = RemotePlayerDaemon.Options()
        options.busAddress = "unix:path=/nonexistent/remotebridge-test-bus"
        options.noState = true
        let service = RemotePlayerService(options: options, logger: Self.quiet)
        await #expect(throws: RemotePlayerService.StartFailure.self) { try await Self.group(service).run() }
    }

    @Test("headsetd: a graceful shutdown leaves the bus; a bad config file throws StartFailure, naming the problem")
    func headsetService() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("headset-service-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = HeadsetHandler.Options()
        options.busAddress = bus.address
        options.systemBusAddress = "unix:path=\(folder.path)/no-system-bus"
        options.inputDirectory = folder.path
        options.configPath = folder.path + "/config.toml"
        try "".write(toFile: options.configPath!, atomically: true, encoding: .utf8)
        let client = try await DBusConnection.connect(to: bus.address)
        let appeared = try await SignalRecorder.start(on: client, MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0: Headset1Interface.busName))
        let group = Self.group(HeadsetService(options: options, logger: Self.quiet))
        let running = Task { try await group.run() }
        #expect(await appeared.waitFor(count: 1))
        #expect(await client.nameOwner(Headset1Interface.busName) != nil)
        await group.triggerGracefulShutdown()
        try await running.value
        // The bus announces the name's release (the second NameOwnerChanged) once it has seen the
        // connection close, which can come after `run()` returns; asked after that, it has no owner.
        #expect(await appeared.waitFor(count: 2))
        #expect(await client.nameOwner(Headset1Interface.busName) == nil)

        try "[headset]\nclick-interval = \"fast\"\n".write(toFile: options.configPath!, atomically: true, encoding: .utf8)
        await #expect { try await Self.group(HeadsetService(options: options, logger: Self.quiet)).run() } throws: { error in
            "\(error)".contains("click-interval")
        }
    }
}
