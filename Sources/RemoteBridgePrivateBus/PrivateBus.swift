// SPDX-License-Identifier: Apache-2.0
import Glibc
import Synchronization
import SystemPackage

/// A private `dbus-daemon`: its own address, killed on `stop()` or deinit.
///
/// It is a session-type bus that allows everything, so tests can own any name and watch any
/// signal without touching the user's session bus, and `remote-playerd --demo` can run where
/// there is no session bus at all.
///
/// Written on the C library alone (no Foundation), so that programs linking the D-Bus layer,
/// `remotectl` above all, start fast.
public final class PrivateBus: Sendable {
    /// The address to connect to, as `dbus-daemon` printed it.
    public let address: String
    /// The daemon's process ID.
    public let pid: pid_t
    private let watch: ChildProcess
    private let directory: String
    /// Set by the first `stop()`: once the daemon is reaped, its pid may belong to another process.
    private let stopped = Atomic<Bool>(false)

    /// What went wrong starting the bus.
    public struct StartError: Error, CustomStringConvertible {
        /// The explanation.
        public let description: String

        /// Makes an error.
        public init(description: String) {
            self.description = description
        }
    }

    /// Starts a bus and waits until it prints its address. With `serviceDirectory`, the bus
    /// starts the programs its `.service` files name when their names are first called
    /// (D-Bus activation), as a desktop session bus does.
    ///
    /// With `socketPath`, it listens on that file (in a folder of the caller's) rather than on
    /// one it names itself, and `address` is `unix:path=<socketPath>`, without the bus's guid:
    /// a bus started again on the same path has the same address, as the system bus has when
    /// its dbus-daemon restarts. `stop()` leaves the socket file there, as a killed daemon does.
    public init(serviceDirectory: String? = nil, socketPath: String? = nil) throws {
        guard let daemon = Self.findExecutable("dbus-daemon") else {
            throw StartError(description: "dbus-daemon is not installed; install it with: apt-get install dbus-daemon")
        }
        let directory = try Self.makeDirectory()
        let config = directory + "/bus.conf"
        do throws(StartError) {
            try Self.write(
                """
                <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
                 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
                <busconfig>
                  <type>session</type>
                  <listen>\(socketPath.map { "unix:path=\($0)" } ?? "unix:dir=\(directory)")</listen>
                  <auth>EXTERNAL</auth>
                \(serviceDirectory.map { "  <servicedir>\($0)</servicedir>" } ?? "")
                  <policy context="default">
                    <allow send_destination="*" eavesdrop="true"/>
                    <allow eavesdrop="true"/>
                    <allow own="*"/>
                  </policy>
                </busconfig>

                """, to: config)
            // ChildProcess gives it the parent-death signal, so no dbus-daemon outlives us (kill -9).
            let watch: ChildProcess
            do {
                watch = try ChildProcess.spawn(
                    [daemon, "--config-file=\(config)", "--nofork", "--print-address=1", "--nopidfile"], output: .pipe)
            } catch {
                throw StartError(description: "cannot start a private D-Bus daemon: \(error)")
            }
            defer { close(watch.output) }
            guard let line = Self.readLine(watch.output) else {
                watch.send(SIGKILL)
                watch.waitForExit()
                throw StartError(description: "dbus-daemon exited without printing an address")
            }
            self.address = socketPath.map { "unix:path=\($0)" } ?? line
            self.pid = watch.pid
            self.watch = watch
            self.directory = directory
        } catch {
            Self.remove(directory)
            throw error
        }
    }

    /// Stops the bus. Connections to it see a disconnection.
    ///
    /// It sends SIGKILL (a test runner may block SIGTERM, and the child inherits the mask), then
    /// reaps the daemon, which dies at once.
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        watch.send(SIGKILL)
        watch.waitForExit()
        Self.remove(directory)
    }

    deinit {
        stop()
    }

    /// The path of the program `name` on PATH (or `name` itself when it holds a slash).
    public static func findExecutable(_ name: String) -> String? {
        ChildProcess.findExecutable(name)
    }

    // MARK: - The C library, wrapped

    private static func failure(_ what: String) -> StartError {
        StartError(description: "cannot start a private D-Bus daemon: \(what): \(String(cString: strerror(errno)))")
    }

    private static func makeDirectory() throws(StartError) -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/remotebridge-bus-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw failure("mkdtemp in \(base)") }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func write(_ text: String, to path: String) throws(StartError) {
        do {
            let file = try FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.create, .truncate, .closeOnExec], permissions: [.ownerReadWrite])
            _ = try file.closeAfter { try file.writeAll(text.utf8) }
        } catch {
            throw StartError(description: "cannot write \(path): \(error)")
        }
    }

    /// The first line `fd` gives, without its newline; nil at end of file before any text.
    private static func readLine(_ fd: Int32) -> String? {
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while !line.contains(UInt8(ascii: "\n")) {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            line += buffer[..<count]
        }
        let text = String(decoding: line.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    /// Removes `directory` and the files in it (the config, and the socket dbus-daemon made).
    private static func remove(_ directory: String) {
        if let handle = opendir(directory) {
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { unlink("\(directory)/\(name)") }
            }
            closedir(handle)
        }
        rmdir(directory)
    }
}
