// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import Foundation
@testable import RemoteBridgeHeadsetDaemon
import Logging
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// headsetd registers once with each adapter, and keeps asking a BlueZ that does not answer
/// yet: against python3-dbusmock's `bluez5` template (a process of its own, so it can be frozen),
/// and against the fake BlueZ where the order of messages must be exact.
@Suite("headsetd and BlueZ: registering once, and retrying", .serialized)
@MainActor
struct BlueZRegistrationTests {
    /// How long headsetd waits for BlueZ in the tests that wait it out (the waits between retries
    /// run on the virtual clock): long enough for an idle mock. The others keep headsetd's own
    /// timeout: on a loaded machine a BlueZ in this process (on its busy main actor) or in a
    /// mock may take longer than this to answer, and a retry nobody moves the clock for would
    /// never come.
    static let callTimeout: Duration = .milliseconds(200)

    /// headsetd on a test session bus, with BlueZ on `system`, its log recorded.
    func headsetd(
        systemBus system: PrivateBus, log: LogRecorder, callTimeout: Duration = HeadsetHandler.Options().blueZCallTimeout
    ) async throws -> HeadsetFixture {
        try await HeadsetFixture(systemBus: system.address, logger: log.logger) { $0.blueZCallTimeout = callTimeout }
    }

    /// Waits until no call to BlueZ or wait to retry one is under way.
    func settle(_ f: HeadsetFixture, _ bridge: BluetoothBridge, on system: DBusConnection) async throws {
        #expect(await until(wokenBy: bridge.listeners) { !bridge.isBusy })
    }

    @Test("dbusmock: an adapter announced (InterfacesAdded) while GetManagedObjects is answered, which names it too, gets one RegisterPlayer")
    func announcedWhileListing() async throws {
        let system = try PrivateBus()
        defer { system.stop() }
        let bluez = try await DBusMockBlueZ(address: system.address)
        let hci0 = try await bluez.addAdapter("hci0")
        try await bluez.announceWhileListing(hci0)
        let log = LogRecorder()
        let f = try await headsetd(systemBus: system, log: log)
        let bridge = try #require(f.handler.bluetooth)
        #expect(await log.waitFor("registered as the AVRCP player with \(hci0)"))
        try await settle(f, bridge, on: bluez.connection)
        try await bluez.barrier()
        #expect(bluez.registerPlayerCalls(hci0) == 1)
        #expect(log.lines(containing: "already had it").isEmpty)
        #expect(log.lines(containing: "refused").isEmpty)
        #expect(bridge.registeredAdapters == [hci0])
    }

    @Test("dbusmock: a BlueZ frozen at start is asked for its objects again after a backoff on the clock, each retry logged once at debug level, and registered with once it answers")
    func frozenAtStart() async throws {
        let system = try PrivateBus()
        defer { system.stop() }
        let bluez = try await DBusMockBlueZ(address: system.address)
        let hci0 = try await bluez.addAdapter("hci0")
        await bluez.freeze()
        defer { bluez.thaw() }
        let log = LogRecorder()
        let f = try await headsetd(systemBus: system, log: log, callTimeout: Self.callTimeout)
        let bridge = try #require(f.handler.bluetooth)
        #expect(await log.waitFor("did not answer GetManagedObjects"))
        // Thawed, it answers the stale call (headsetd has given up on it); the retry waits on the clock.
        bluez.thaw()
        #expect(f.clock.pendingDeadlineCount == 1)
        f.clock.advance(by: bridge.backoff.delay(before: 1))
        #expect(await bluez.waitForRegisterPlayerCalls(hci0, count: 1))
        #expect(await log.waitFor("registered as the AVRCP player with \(hci0)"))
        #expect(bridge.registeredAdapters == [hci0])
        let retries = log.lines(containing: "did not answer")
        #expect(retries.count == 1, "\(retries)")
        #expect(retries.allSatisfy { $0.level == .debug })
        #expect(log.lines(containing: "did not list").isEmpty)
    }

    @Test("dbusmock: a RegisterPlayer answered too late is made again; BlueZ's AlreadyExists for it counts as registered")
    func slowRegistration() async throws {
        let system = try PrivateBus()
        defer { system.stop() }
        let bluez = try await DBusMockBlueZ(address: system.address)
        // The mock answers its first RegisterPlayer after five times headsetd's timeout.
        let hci0 = try await bluez.addAdapter("hci0", slowFirstRegistration: Self.callTimeout * 5)
        let log = LogRecorder()
        let f = try await headsetd(systemBus: system, log: log, callTimeout: Self.callTimeout)
        let bridge = try #require(f.handler.bluetooth)
        // Each retry that times out too (the mock is still busy) waits its backoff on the clock.
        func registered() -> Bool { !log.lines(containing: "registered as the AVRCP player with \(hci0)").isEmpty }
        var retries = 0
        while retries < 10, await log.until({ registered() || log.lines(containing: "retry \(retries + 1) in").count == 1 }), !registered() {
            retries += 1
            f.clock.advance(by: bridge.backoff.delay(before: retries))
        }
        #expect(retries >= 1)
        #expect(registered())
        #expect(log.lines(containing: "(BlueZ already had it)").count == 1)
        #expect(bridge.registeredAdapters == [hci0])
        #expect(bridge.summary.contains(hci0))
        // The mock counts a call when it gets to it: calls queued behind the slow one may not be
        // counted yet on a loaded machine, but there is never more than one per attempt.
        #expect((1...retries + 1).contains(bluez.registerPlayerCalls(hci0)))
        #expect(log.lines(containing: "did not answer RegisterPlayer").count == retries)
        #expect(log.lines(containing: "refused").isEmpty)
    }

    @Test("fake BlueZ: an adapter announced while the object list is on its way, and named in it, is registered with once")
    func fakeAnnouncedWhileListing() async throws {
        let system = try PrivateBus()
        defer { system.stop() }
        let bluez = try await FakeBlueZ(address: system.address)
        var listed = false
        bluez.listings.add { [weak bluez] in
            guard !listed else { return }
            listed = true
            try? bluez?.addAdapter("/org/bluez/hci1")
        }
        let log = LogRecorder()
        let f = try await headsetd(systemBus: system, log: log)
        let bridge = try #require(f.handler.bluetooth)
        #expect(await bluez.waitForRegistrations(2))
        try await settle(f, bridge, on: bluez.connection)
        #expect(bluez.registrations.map(\.adapter).sorted() == ["/org/bluez/hci0", "/org/bluez/hci1"])
        #expect(bluez.refusedRegistrations == 0)
        #expect(bridge.registeredAdapters == ["/org/bluez/hci0", "/org/bluez/hci1"])
    }

    @Test("the waits between retries double from 1 s and stop growing at 30 s")
    func backoff() {
        let backoff = RetryBackoff()
        #expect((1...8).map { backoff.delay(before: $0) } == [1, 2, 4, 8, 16, 30, 30, 30].map { Duration.seconds($0) })
    }
}
