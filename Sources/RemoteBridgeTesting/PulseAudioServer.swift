// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePrivateBus
import RemoteBridgeDurations
import Foundation
import Glibc

/// A real PulseAudio server with one null sink, private to a test: its runtime folder, home and
/// socket are in a temporary folder, so it never touches a desktop session's sound. A test kills
/// it (`kill -9`, as a crash) and starts it again on the same socket; a client reaches it with
/// `environment` (PULSE_SERVER). Running as root works, with a warning on its stderr.
@MainActor
public final class PulseAudioServer {
    /// The folder holding the socket, runtime folder and home.
    public let directory: URL
    /// The server's native-protocol socket.
    public let socket: String
    private var process: ServerProcess?

    /// Makes the folder; the server is not running until `start()`.
    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-pulse-\(UUID().uuidString)")
        for folder in ["run/pulse", "home"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        socket = directory.appendingPathComponent("native").path
    }

    /// What a client of this server needs in its environment.
    public var environment: [String: String] { ["PULSE_SERVER": "unix:\(socket)"] }

    /// Whether the server is running.
    public var isRunning: Bool { process != nil }

    /// Starts the server and returns once it is ready (its sd_notify READY=1, sent after the
    /// socket listens), or throws with its stderr.
    public func start() async throws {
        let notify = try ReadinessSocket(path: directory.appendingPathComponent("notify-\(UUID().uuidString.prefix(8))").path)
        let environment = ProcessInfo.processInfo.environment.merging([
            "HOME": directory.appendingPathComponent("home").path,
            "XDG_RUNTIME_DIR": directory.appendingPathComponent("run").path,
            "PULSE_RUNTIME_PATH": directory.appendingPathComponent("run/pulse").path,
            "NOTIFY_SOCKET": notify.path, "DBUS_SESSION_BUS_ADDRESS": "disabled:",
        ]) { $1 }.filter { $0.key != "PULSE_SERVER" }
        let server = try await ServerProcess(
            [
                "/usr/bin/pulseaudio", "--daemonize=no", "-n", "--load=module-null-sink",
                "--load=module-native-protocol-unix socket=\(socket) auth-anonymous=1",
                "--exit-idle-time=-1", "--use-pid-file=no", "--disallow-exit",
            ], environment: environment)
        guard await notify.waitForReady() else {
            await server.kill()
            throw TestSupportError(description: "pulseaudio never became ready (run it by hand with --log-target=stderr to see why)")
        }
        process = server
    }

    /// Kills the server with SIGKILL (a crash: clients see the connection drop) and waits for its end.
    public func kill() async {
        guard let process else { return }
        self.process = nil
        await process.kill()
    }

    /// The server's sink inputs (`pactl list short sink-inputs`): one line per stream playing into it.
    public func sinkInputs() async throws -> [String] {
        let result = try await ExternalProcess.run("pactl", ["list", "short", "sink-inputs"], environment: environment)
        guard result.status == 0 else { throw TestSupportError(description: "pactl failed: \(result.standardError)") }
        return result.output.split(separator: "\n").map(String.init)
    }

    /// The properties of each of the server's sink inputs (`pactl --format=json list sink-inputs`).
    public func sinkInputProperties() async throws -> [[String: String]] {
        try await SoundStreams.sinkInputs(environment: environment)
    }

    /// Kills the server and removes its folder.
    public func stop() async {
        await kill()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A datagram socket for sd_notify: the server sends "READY=1" when it is ready.
private final class ReadinessSocket {
    let path: String
    private let descriptor: Int32

    init(path: String) throws {
        self.path = path
        descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw TestSupportError(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(descriptor)
            throw TestSupportError(description: "notify socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else {
            close(descriptor)
            throw TestSupportError(description: "bind \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// Waits for a datagram holding READY=1; false after `limit` (a guard against a hung test).
    func waitForReady(limit: Duration = .seconds(10)) async -> Bool {
        await DescriptorWait.until(descriptor, limit: limit) { datagram in
            String(decoding: datagram, as: UTF8.self).split(separator: "\n").contains("READY=1")
        }
    }
}
