import CSpawn
import Dispatch
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
    private let watch: ChildWatch
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
    public init(serviceDirectory: String? = nil) throws {
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
                  <listen>unix:dir=\(directory)</listen>
                  <auth>EXTERNAL</auth>
                \(serviceDirectory.map { "  <servicedir>\($0)</servicedir>" } ?? "")
                  <policy context="default">
                    <allow send_destination="*" eavesdrop="true"/>
                    <allow eavesdrop="true"/>
                    <allow own="*"/>
                  </policy>
                </busconfig>

                """, to: config)
            // setpriv makes the kernel kill the daemon if we die without stopping it (kill -9),
            // so no dbus-daemon outlives us.
            var arguments = [daemon, "--config-file=\(config)", "--nofork", "--print-address=1", "--nopidfile"]
            if let setpriv = Self.findExecutable("setpriv") {
                arguments = [setpriv, "--pdeathsig", "KILL", "--"] + arguments
            }
            let watch = try ChildWatch.spawn(arguments)
            defer { close(watch.output) }
            guard let line = Self.readLine(watch.output) else {
                kill(watch.pid, SIGKILL)
                watch.exited.wait()
                throw StartError(description: "dbus-daemon exited without printing an address")
            }
            self.address = line
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
        kill(pid, SIGKILL)
        watch.exited.wait()
        Self.remove(directory)
    }

    deinit {
        stop()
    }

    /// The path of the program `name` on PATH (or `name` itself when it holds a slash).
    public static func findExecutable(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") + ["/usr/bin", "/bin"] {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
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

    /// Starts `arguments[0]` with stdout on a pipe (returned), stderr to /dev/null, no other
    /// descriptor of ours (a daemon holding a copy of a D-Bus socket would keep that connection
    /// alive after it is closed), and the signal mask and dispositions reset, so a caller that
    /// blocks signals passes none of that on.
    fileprivate static func spawn(_ arguments: [String]) throws(StartError) -> (pid_t, Int32) {
        var pipeEnds: [Int32] = [-1, -1]
        guard cspawn_pipe_cloexec(&pipeEnds) == 0 else { throw failure("pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        cspawn_addclosefrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        close(pipeEnds[1])
        guard status == 0 else {
            close(pipeEnds[0])
            errno = status
            throw failure(arguments[0])
        }
        return (pid, pipeEnds[0])
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

/// A child process started from a thread of its own, which then waits for it to exit.
///
/// The kernel sends the parent-death signal (`setpriv --pdeathsig`) when the *thread* that
/// started a child ends, not the process. A thread that lives exactly as long as the child
/// makes it mean "when this process dies", whichever thread asked for the bus. It also reaps
/// the child, so none is left a zombie.
///
/// `@unchecked Sendable`: `pid` and `output` are written by the spawning thread before it
/// signals `started`, and read only after `spawn` has waited on it; the semaphore orders them.
private final class ChildWatch: @unchecked Sendable {
    private let arguments: [String]
    private var failure: PrivateBus.StartError?
    private(set) var pid: pid_t = 0
    private(set) var output: Int32 = -1
    private let started = DispatchSemaphore(value: 0)
    /// Signalled once the child has exited and been reaped.
    let exited = DispatchSemaphore(value: 0)

    private init(arguments: [String]) {
        self.arguments = arguments
    }

    /// Starts the child on a new thread and returns once it runs (or could not start).
    static func spawn(_ arguments: [String]) throws(PrivateBus.StartError) -> ChildWatch {
        let watch = ChildWatch(arguments: arguments)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(watch).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            let watch = Unmanaged<ChildWatch>.fromOpaque(context!).takeRetainedValue()
            watch.run()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<ChildWatch>.fromOpaque(context).release()
            throw PrivateBus.StartError(description: "cannot start a thread for dbus-daemon: \(String(cString: strerror(created)))")
        }
        pthread_detach(thread)
        watch.started.wait()
        if let failure = watch.failure { throw failure }
        return watch
    }

    private func run() {
        do throws(PrivateBus.StartError) {
            (pid, output) = try PrivateBus.spawn(arguments)
        } catch {
            failure = error
            started.signal()
            exited.signal()
            return
        }
        started.signal()
        while waitpid(pid, nil, 0) < 0 && errno == EINTR {}
        exited.signal()
    }
}
