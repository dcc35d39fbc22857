// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgeCtl
import Testing

@Suite("remotectl monitor")
@MainActor
struct RemoteCtlMonitorTests {
    @Test("monitor sees an event sent by send, the property changes, and Seeked")
    func monitorSeesSend() async throws {
        let f = try await CtlFixture()
        let monitor = await RunningMonitor.start(f.ctl(PlayerSelection(names: ["remotebridge"])), json: false)
        #expect(await f.ctl(PlayerSelection(names: ["remotebridge"])).send("skip-forward", interval: .seconds(5), position: nil) == 0)
        #expect(await f.command(["-p", "remotebridge", "play"]) == 0)
        #expect(await monitor.until { $0.contains("PlaybackStatus=Playing") })
        #expect(monitor.lines.contains("remotebridge event skip-forward from test: handled by PlayerController"))
        #expect(monitor.lines.contains("remotebridge seeked to 5.000 s"))
        #expect(monitor.lines.contains { $0.hasPrefix("remotebridge changed") && $0.contains("PlaybackStatus=Playing") })
        #expect(await monitor.stop() == 0)
        #expect(RemoteCtl.line(for: .signal(PlayerInterface.seeked, path: MPRISNames.objectPath, body: [.int64(1_500_000)]), player: "org.mpris.MediaPlayer2.a", json: true)
            == #"{"player":"a","signal":"Seeked","position":1.5}"#)
    }

    @Test("the monitor program prints each line as it happens, and Ctrl-C (SIGINT) ends it with exit 0")
    func monitorProgram() async throws {
        let f = try await CtlFixture()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProduct.debug("remotectl"))
        process.arguments = ["monitor", "-p", "remotebridge", "--bus", f.bus.address]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let exited = AsyncStream<Int32> { continuation in process.terminationHandler = { continuation.yield($0.terminationStatus) } }
        try process.run()
        defer { kill(process.processIdentifier, SIGKILL) }
        let reader = output.fileHandleForReading
        let firstLine = Task { await reader.readText { $0.contains("\n") } }
        // Send events until the monitor, once subscribed, prints one (a pipe, yet unbuffered):
        // on a loaded machine 200 sends were once all over before it had subscribed, and the
        // test waited for ever. A monitor that never prints is killed after 30 s, so the read ends.
        let sender = f.ctl(PlayerSelection(names: ["remotebridge"]))
        let pid = process.processIdentifier
        let sending = Task { @MainActor in
            let deadline = ContinuousClock.now + .seconds(30)
            while !Task.isCancelled, ContinuousClock.now < deadline {
                _ = await sender.send("skip-forward", interval: .seconds(1), position: nil)
            }
            if !Task.isCancelled { kill(pid, SIGKILL) }
        }
        let line = await firstLine.value
        sending.cancel()
        #expect(line.hasPrefix("remotebridge "))
        kill(process.processIdentifier, SIGINT)
        var statuses = exited.makeAsyncIterator()
        #expect(await statuses.next() == 0)
    }
}
