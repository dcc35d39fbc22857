// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeHeadsetDaemon
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// Both daemons' mains keep their main thread and serve the main queue on it, waiting in poll()
/// on the queue's eventfd (`cquietexecutor.h`). dispatch_main() would instead pthread_exit the
/// main thread and park it in rt_sigsuspend; that exit unwinds the stack and keeps the
/// program's unwind tables resident.
@Suite("The daemons' main thread serves the main queue", .serialized)
@MainActor
struct DaemonMainThreadTests {
    static let playerName = MPRISNames.busNamePrefix + "remotebridge"

    /// The system call the process's main thread is blocked in, by number, once it is blocked.
    /// While it works, /proc says "running", and nothing announces the moment it blocks: each
    /// look follows one round trip to the daemon's bus name (a Ping), so the daemon moves on
    /// between looks (`settleByRoundTrips`, bounded by time, not by a count of looks).
    static func mainThreadSystemCall(_ pid: pid_t, name: String, on connection: DBusConnection) async -> Int? {
        func look() -> Int? {
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/syscall", encoding: .utf8)) ?? ""
            return text.split(separator: " ").first.flatMap { Int($0) }
        }
        try? await settleByRoundTrips(until: { look() != nil }) { try await connection.barrier(with: name) }
        return look()
    }

    /// poll() and ppoll() by number (asm/unistd.h; Glibc does not bring SYS_poll into Swift).
    static let pollCalls: Set<Int> = {
        #if arch(x86_64)
            [7, 271]
        #elseif arch(arm64)
            [73]
        #else
            []
        #endif
    }()

    @Test("remote-playerd: the main thread waits in poll, answers calls through the main actor, and SIGTERM ends it with 0")
    func player() async throws {
        let bed = try await DaemonTestBed(tones: 1)
        defer { bed.stop() }
        let daemon = try await bed.startPlayer(["--no-state", bed.media.tones[0].path])
        let call = await Self.mainThreadSystemCall(daemon.pid, name: Self.playerName, on: bed.connection)
        #expect(call.map { Self.pollCalls.contains($0) } == true, "main thread in system call \(String(describing: call))")
        // Both answers come from @MainActor code: with the main queue not served, they time out.
        let client = MPRISClient(connection: bed.connection, busName: Self.playerName)
        try await client.play()
        let status = try await client.property(PlayerInterface.playbackStatus).stringValue
        #expect(["Playing", "Paused"].contains(status ?? ""), "PlaybackStatus \(String(describing: status))")
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0, "\(daemon.standardError)")
    }

    @Test("headsetd: the main thread waits in poll, and SIGTERM ends it with 0")
    func headset() async throws {
        let bed = try await DaemonTestBed(tones: 1)
        defer { bed.stop() }
        let headsetd = try await DaemonProcess(
            "headsetd",
            ["--bus", bed.bus.address, "--config", bed.config, "--system-bus", "unix:path=/nonexistent/remotebridge", "--input-dir", bed.media.directory.path])
        #expect(try await headsetd.waitForName(Headset1Interface.busName, on: bed.connection), "\(headsetd.standardError)")
        let call = await Self.mainThreadSystemCall(headsetd.pid, name: Headset1Interface.busName, on: bed.connection)
        #expect(call.map { Self.pollCalls.contains($0) } == true, "main thread in system call \(String(describing: call))")
        headsetd.send(SIGTERM)
        #expect(await headsetd.waitForExit() == 0, "\(headsetd.standardError)")
    }
}
