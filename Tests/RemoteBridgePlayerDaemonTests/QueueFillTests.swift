// SPDX-License-Identifier: Apache-2.0
import Foundation
import Glibc
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgePlayerDaemon
import Testing

/// A queue given on the command line that takes long to read fills in behind the player's name.
/// The playlist is a FIFO the test writes to, so the daemon sees a library still being read for
/// exactly as long as the test wants, with no timing to guess.
@Suite("remote-playerd: a large queue fills in behind the name", .serialized)
@MainActor
struct QueueFillTests {
    static let name = MPRISNames.busNamePrefix + "remotebridge"

    /// Writes a playlist into a FIFO from a thread of its own: `first` lines as soon as the
    /// daemon opens it, the rest when `release()` is called, then closes it.
    final class PlaylistWriter: Sendable {
        let path: String
        private let gate = DispatchSemaphore(value: 0)
        private let done = DispatchSemaphore(value: 0)

        init(path: String, lines: [String], first: Int) throws {
            self.path = path
            guard mkfifo(path, 0o600) == 0 else { throw POSIXError(.EEXIST) }
            let gate = gate
            let done = done
            Thread.detachNewThread {
                // A daemon killed mid-read leaves no reader: the write fails with EPIPE, and the
                // SIGPIPE stays blocked on this thread instead of ending the test run.
                var pipeSignal = sigset_t()
                sigemptyset(&pipeSignal)
                sigaddset(&pipeSignal, SIGPIPE)
                pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
                let descriptor = open(path, O_WRONLY | O_CLOEXEC)
                func write(_ text: String) {
                    var bytes = Array(text.utf8)[...]
                    while !bytes.isEmpty {
                        let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                        if count <= 0 { return }
                        bytes = bytes.dropFirst(count)
                    }
                }
                write("#EXTM3U\n" + lines[..<first].map { $0 + "\n" }.joined())
                gate.wait()
                write(lines[first...].joined(separator: "\n") + "\n")
                close(descriptor)
                done.signal()
            }
        }

        /// Writes the rest and closes the FIFO.
        func release() async {
            gate.signal()
            let done = done
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    done.wait()
                    continuation.resume()
                }
            }
        }
    }

    static func tracks(_ client: MPRISClient) async throws -> [String] {
        try await client.property(TrackListInterface.tracks).stringArrayValue ?? []
    }

    @Test("""
        a playlist still being read: the name appears once the first part is in, which plays and is \
        controllable at once; QueueLoading, remotectl status and the log say how far it has come; \
        when it is complete one TrackListReplaced carries every entry, and the state is saved
        """)
    func fillsBehindTheName() async throws {
        let bed = try await DaemonTestBed(tones: 3, seconds: 30)
        defer { bed.stop() }
        let tones = bed.media.tones.map(\.path)
        let lines = (0..<10_000).map { tones[$0 % tones.count] }
        let writer = try PlaylistWriter(path: bed.path("library.m3u"), lines: lines, first: 5_000)
        let state = bed.path("state.json")
        let daemon = try await bed.startPlayer(["--state", state, "--log-level", "info", "--autoplay", writer.path])
        let client = MPRISClient(connection: bed.connection, busName: Self.name)

        // The name is there with the first chunk in the queue; the rest is still being read.
        let first = try await Self.tracks(client)
        #expect(first.count >= 4_096 && first.count < 10_000, "\(first.count) entries at the start")
        let loading = try await client.property(RemoteControl1Interface.queueLoading).stringValue ?? ""
        #expect(loading.hasPrefix("reading \(writer.path): ") && loading.hasSuffix(" entries so far"), "\(loading)")
        let status = try await ExternalProcess.run(BuiltProduct.debug("remotectl"), ["status", "--bus", bed.bus.address])
        #expect(status.output == "Playing" || status.output == "Paused", "\(status.output)")
        #expect(status.standardError.contains("remotebridge: the queue is still loading (reading \(writer.path)"), "\(status.standardError)")

        // Controllable at once: Next moves to the second entry (shown once its tags are read).
        let changes = try await SignalRecorder.start(
            on: bed.connection, MatchRule(signal: StandardInterfaces.propertiesChanged, path: MPRISNames.objectPath))
        try await client.next()
        var shown: String?
        _ = try await changes.until(asking: {
            shown = try await client.metadata()["mpris:trackid"]?.stringValue
            return shown == first[1]
        })
        #expect(shown == first[1])

        // Complete: one TrackListReplaced with every entry, QueueLoading empty, and saved.
        let replaced = try await SignalRecorder.start(
            on: bed.connection, MatchRule(signal: TrackListInterface.trackListReplaced, path: MPRISNames.objectPath))
        await writer.release()
        #expect(await replaced.waitFor(count: 1, limit: .seconds(30)))
        #expect(replaced.messages.count == 1)
        #expect(replaced.messages.first?.body.first?.stringArrayValue?.count == 10_000)
        #expect(try await Self.tracks(client).count == 10_000)
        #expect(try await client.property(RemoteControl1Interface.queueLoading).stringValue == "")
        #expect(try await client.metadata()["mpris:trackid"]?.stringValue == first[1])
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
        #expect(daemon.standardError.contains("the queue fills in behind the name: reading \(writer.path): "), "\(daemon.standardError)")
        #expect(daemon.standardError.contains("queued 10000 entries"), "\(daemon.standardError)")
        let restarted = try await bed.startPlayer(["--state", state, "--log-level", "warning"])
        let restored = try await Self.tracks(client)
        #expect(restored.count == 10_000)
        #expect(try await client.metadata()["xesam:url"]?.stringValue == URL(fileURLWithPath: tones[1]).absoluteString)
        restarted.send(SIGTERM)
        #expect(await restarted.waitForExit() == 0)
    }

    @Test("killed with SIGKILL while a queue is still being read, the daemon's saved state is the old one, whole")
    func killWhileFilling() async throws {
        let bed = try await DaemonTestBed(tones: 2, seconds: 30)
        defer { bed.stop() }
        let state = bed.path("state.json")
        let tones = bed.media.tones.map(\.path)
        let old = try await bed.startPlayer(["--state", state, "--log-level", "warning"] + tones)
        old.send(SIGTERM)
        #expect(await old.waitForExit() == 0)
        let saved = try Data(contentsOf: URL(fileURLWithPath: state))

        let writer = try PlaylistWriter(path: bed.path("library.m3u"), lines: Array(repeating: tones[0], count: 6_000), first: 5_000)
        let filling = try await bed.startPlayer(["--state", state, "--log-level", "warning", writer.path])
        let client = MPRISClient(connection: bed.connection, busName: Self.name)
        try await client.next()
        try await client.setProperty(PlayerInterface.volume, .double(0.5))
        filling.send(SIGKILL)
        _ = await filling.waitForExit()
        #expect(try Data(contentsOf: URL(fileURLWithPath: state)) == saved)

        // Stopped gracefully while filling, too: the old state stays.
        let writer2 = try PlaylistWriter(path: bed.path("library2.m3u"), lines: Array(repeating: tones[0], count: 6_000), first: 5_000)
        let stopped = try await bed.startPlayer(["--state", state, "--log-level", "notice", writer2.path])
        stopped.send(SIGTERM)
        #expect(await stopped.waitForExit() == 0)
        #expect(stopped.standardError.contains("the queue was still being read; the saved state is left as it was"), "\(stopped.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: state)) == saved)
        let restarted = try await bed.startPlayer(["--state", state, "--log-level", "warning"])
        #expect(try await Self.tracks(client).count == tones.count)
        restarted.send(SIGTERM)
        #expect(await restarted.waitForExit() == 0)
        await writer.release()
        await writer2.release()
    }

    @Test("a playlist FIFO that no one writes to yet: the name still appears, saying nothing is read yet; the queue fills once it is written")
    func stalledSource() async throws {
        let bed = try await DaemonTestBed(tones: 1, seconds: 30)
        defer { bed.stop() }
        let writer = try PlaylistWriter(path: bed.path("stalled.m3u"), lines: Array(repeating: bed.media.tones[0].path, count: 10), first: 0)
        let daemon = try await bed.startPlayer(["--no-state", "--log-level", "warning", writer.path])
        let client = MPRISClient(connection: bed.connection, busName: Self.name)
        #expect(try await client.property(RemoteControl1Interface.queueLoading).stringValue == "reading \(writer.path): 0 entries so far")
        #expect(try await Self.tracks(client).isEmpty)
        let replaced = try await SignalRecorder.start(
            on: bed.connection, MatchRule(signal: TrackListInterface.trackListReplaced, path: MPRISNames.objectPath))
        await writer.release()
        #expect(await replaced.waitFor(count: 1))
        #expect(try await Self.tracks(client).count == 10)
        #expect(try await client.property(RemoteControl1Interface.queueLoading).stringValue == "")
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
    }
}
