import Foundation

/// A private `dbus-daemon`: its own address, killed on `stop()` or deinit.
///
/// It is a session-type bus that allows everything, so tests can own any name and watch any
/// signal without touching the user's session bus, and `remote-playerd --demo` can run where
/// there is no session bus at all.
public final class PrivateBus: Sendable {
    /// The address to connect to, as `dbus-daemon` printed it.
    public let address: String
    private let process: Process
    private let directory: URL

    /// What went wrong starting the bus.
    public struct StartError: Error, CustomStringConvertible {
        /// The explanation.
        public let description: String

        /// Makes an error.
        public init(description: String) {
            self.description = description
        }
    }

    /// Starts a bus and waits until it prints its address.
    public init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("bus.conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:dir=\(directory.path)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """.write(to: config, atomically: true, encoding: .utf8)
        guard let daemon = Self.findExecutable("dbus-daemon") else {
            throw StartError(description: "dbus-daemon is not installed; install it with: apt-get install dbus-daemon")
        }
        let process = Process()
        // setpriv makes the kernel kill the daemon if the spawning thread dies without stopping
        // it. Only the main thread lives as long as the process, so only it asks for that.
        let arguments = ["--config-file=\(config.path)", "--nofork", "--print-address=1", "--nopidfile"]
        if Thread.isMainThread, let setpriv = Self.findExecutable("setpriv") {
            process.executableURL = URL(fileURLWithPath: setpriv)
            process.arguments = ["--pdeathsig", "KILL", "--", daemon] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: daemon)
            process.arguments = arguments
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed.append(chunk)
        }
        let line = String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty else {
            process.terminate()
            throw StartError(description: "dbus-daemon exited without printing an address")
        }
        self.address = line
        self.process = process
        self.directory = directory
    }

    /// Stops the bus. Connections to it see a disconnection.
    ///
    /// It sends SIGKILL (a test runner may block SIGTERM, and the child inherits the mask) and
    /// does not wait: Foundation's `waitUntilExit()` spins the main run loop, which deadlocks
    /// when called from the main actor (a test's teardown).
    public func stop() {
        let pid = process.processIdentifier
        if pid > 0 { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }

    deinit {
        stop()
    }

    public static func findExecutable(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") + ["/usr/bin", "/bin"] {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
