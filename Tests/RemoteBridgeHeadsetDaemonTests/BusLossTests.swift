// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import Foundation
import RemoteBridgeHeadsetDaemon
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// headsetd when its session bus goes away (a logout, a bus that crashed): it lets go of its
/// devices, says so and exits 0 at once, as remote-playerd does, so the next session's headsetd
/// can take the headset.
@Suite("headsetd when its bus goes away", .serialized)
@MainActor
struct BusLossTests {
    @Test("the bus's dbus-daemon killed: headsetd logs it, closes its device and exits 0 on its own")
    func busKilled() async throws {
        let bed = try await DaemonTestBed(tones: 1)
        defer { bed.stop() }
        let fifo = try EvdevFIFO(path: bed.path("event-headset"))
        defer { fifo.remove() }
        let devices = try await SignalRecorder.start(
            on: bed.connection, MatchRule(signal: StandardInterfaces.propertiesChanged, path: Headset1Interface.objectPath))
        let headsetd = try await DaemonProcess(
            "headsetd", ["--bus", bed.bus.address, "--config", bed.config, "--system-bus", "unix:path=/nonexistent/remotebridge", "--device", fifo.path])
        #expect(try await headsetd.waitForName(Headset1Interface.busName, on: bed.connection), "\(headsetd.standardError)")
        func reading() -> Bool {
            devices.messages.contains { $0.body[1].stringDictionaryValue?["Devices"]?.stringArrayValue?.contains(fifo.path) == true }
        }
        _ = await devices.until { reading() }
        try #require(reading())
        // A writer may open the FIFO only while a reader holds it: headsetd does.
        try fifo.write([.report])

        bed.bus.stop()
        // It exits on the disconnect itself, not on a timer: the only call that could notice a
        // lost bus otherwise is 25 s away. A headsetd that runs on is killed after 10 s, which
        // fails the status check (how fast it exits on a loaded machine is not a test's to judge).
        let status = await headsetd.waitForExit(limit: .seconds(10))
        #expect(status == 0, "\(headsetd.standardError)")
        #expect(headsetd.standardError.contains("stopping: the bus at \(bed.bus.address) went away; letting go of the devices"), "\(headsetd.standardError)")
        // No reader holds the FIFO any more: opening it to write fails (ENXIO).
        #expect(throws: (any Error).self) { try fifo.write([.report]) }
        #expect(access("/proc/\(headsetd.pid)", F_OK) != 0)
    }
}
