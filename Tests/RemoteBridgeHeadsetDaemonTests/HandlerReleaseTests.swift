// SPDX-License-Identifier: Apache-2.0
import Foundation
import Logging
import RemoteBridgeGestures
import RemoteBridgeHeadsetDaemon
import RemoteBridgeTesting
import Testing

/// Every listener headsetd adds to its parts (the output, the tracker, the gestures, its
/// object, the connection, each device reader) holds it weakly: once it has shut down and its
/// owner lets go, nothing keeps it alive.
@Suite("headsetd lets go of itself")
@MainActor
struct HandlerReleaseTests {
    @Test("after shutdown, no listener holds the handler")
    func freedAfterShutdown() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let fifo = try EvdevFIFO()
        defer { fifo.remove() }
        let config = fifo.path + ".toml"
        _ = FileManager.default.createFile(atPath: config, contents: Data("[headset]\nbluetooth = false\n".utf8))
        defer { unlink(config) }
        var options = HeadsetHandler.Options()
        options.busAddress = bus.address
        options.devices = [fifo.path]
        options.configPath = config
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        weak var handler: HeadsetHandler?
        do {
            let running = try await HeadsetHandler(options: options, logger: logger, clock: VirtualClock())
            handler = running
            #expect(running.readers.map(\.path) == [fifo.path])
            running.shutdown()
        }
        #expect(handler == nil, "something still holds the handler")
    }
}
