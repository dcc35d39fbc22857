// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeProcess
import Dispatch
import Glibc
import Synchronization

/// A program started with `posix_spawn` from a thread of its own, which then waits for it to
/// exit: the package's one way to start a child process (the private bus, and every program a
/// test runs).
///
/// It dies with us: when `setpriv` is installed, the child gets the parent-death signal
/// (SIGKILL). The kernel sends that signal when the *thread* that started the child ends, not
/// the process; a thread that lives exactly as long as the child makes it mean "when this
/// process dies", whichever thread (or pool thread of Swift concurrency) asked for it. The same
/// thread reaps the child, so none is left a zombie.
///
/// The child gets no descriptor of ours but stdin, stdout and stderr (a program holding a copy
/// of a D-Bus socket or a pipe would keep it open after we close it), and the signal mask and
/// dispositions reset, so a caller that blocks signals passes none of that on.
///
/// `@unchecked Sendable`: `pid`, `output`, `errors` and `failure` are written by the spawning
/// thread before it signals `started`, and read only after `spawn` has waited on it.
public final class ChildProcess: @unchecked Sendable {
    /// How a program ended.
    public enum Termination: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal ended it.
        case signaled(Int32)

        /// The status as a shell gives it: the exit status, or 128 + the signal.
        public var shellStatus: Int32 {
            switch self {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            }
        }
    }

    /// Where one of the child's output streams goes.
    public enum Output: Sendable {
        /// To /dev/null.
        case discard
        /// To a pipe whose read end the caller gets (and closes).
        case pipe
        /// To ours (the engine's crash reports reach the daemon's journal).
        case inherit
    }

    /// What went wrong starting a program.
    public struct StartError: Error, CustomStringConvertible {
        /// The explanation, naming the program.
        public let description: String
    }

    private let arguments: [String]
    /// The program asked for (without setpriv), for error messages.
    private let program: String
    private let environment: [String]?
    private let workingDirectory: String?
    private let outputTarget: Output
    private let errorTarget: Output
    /// The descriptor the child gets as 3, if any.
    private let passed: Int32?
    private let whenExited: @Sendable (Termination) -> Void
    private var failure: StartError?
    private let started = DispatchSemaphore(value: 0)
    private let exitedSignal = DispatchSemaphore(value: 0)
    private let reaped = Atomic<Bool>(false)
    /// The child's process ID.
    public private(set) var pid: pid_t = 0
    /// The read end of the child's stdout, with `.pipe`; -1 otherwise.
    public private(set) var output: Int32 = -1
    /// The read end of the child's stderr, with `.pipe`; -1 otherwise.
    public private(set) var errors: Int32 = -1

    private init(
        program: String, arguments: [String], environment: [String]?, workingDirectory: String?, output: Output, errors: Output,
        passing: Int32? = nil, whenExited: @escaping @Sendable (Termination) -> Void
    ) {
        self.passed = passing
        self.program = program
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.outputTarget = output
        self.errorTarget = errors
        self.whenExited = whenExited
    }

    /// Starts `arguments[0]` (a path) with the rest as its arguments and returns once it runs.
    /// `environment` is the child's whole environment as `NAME=value` (nil: ours); stdin is
    /// /dev/null. `whenExited` is called once, on the watching thread, after the child is reaped.
    /// `passing` is a descriptor the child gets as its descriptor 3 (a channel to it).
    /// `diesWithUs: false` leaves out setpriv's parent-death signal, for a child that ends by
    /// itself when its channel closes (one exec fewer on its way to start).
    public static func spawn(
        _ arguments: [String], environment: [String]? = nil, workingDirectory: String? = nil, output: Output = .discard,
        errors: Output = .discard, passing descriptor: Int32? = nil, diesWithUs: Bool = true,
        whenExited: @escaping @Sendable (Termination) -> Void = { _ in }
    ) throws(StartError) -> ChildProcess {
        guard let program = arguments.first else { throw StartError(description: "cannot start a program: no program named") }
        var command = arguments
        if diesWithUs, let setpriv = findExecutable("setpriv") { command = [setpriv, "--pdeathsig", "KILL", "--"] + arguments }
        let child = ChildProcess(
            program: program, arguments: command, environment: environment, workingDirectory: workingDirectory, output: output, errors: errors,
            passing: descriptor, whenExited: whenExited)
        do throws(DetachedThread.StartError) {
            // The thread keeps the child (and so the watch) alive until it has reaped it.
            try DetachedThread.start(named: nil) { child.run() }
        } catch {
            throw StartError(description: "cannot start a thread to run \(program): \(error.reason)")
        }
        child.started.wait()
        if let failure = child.failure { throw failure }
        return child
    }

    /// Whether the child has exited and been reaped (its pid may then belong to another process).
    public var hasExited: Bool { reaped.load(ordering: .acquiring) }

    /// Sends `signal` to the child, unless it has already been reaped.
    public func send(_ signal: Int32) {
        if !hasExited { kill(pid, signal) }
    }

    /// Blocks the calling thread until the child has exited and been reaped.
    public func waitForExit() {
        exitedSignal.wait()
        exitedSignal.signal()
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

    private func run() {
        do throws(StartError) {
            (pid, output, errors) = try spawnChild()
        } catch {
            failure = error
            started.signal()
            exitedSignal.signal()
            return
        }
        started.signal()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped.store(true, ordering: .releasing)
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (they are macros).
        let termination: Termination = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
        whenExited(termination)
        exitedSignal.signal()
    }

    private func failed(_ what: String, _ code: Int32) -> StartError {
        StartError(description: "cannot start \(program): \(what): \(String(cString: strerror(code)))")
    }

    /// A pipe for `target`, or nil for /dev/null.
    private func pipe(for target: Output) throws(StartError) -> [Int32]? {
        guard case .pipe = target else { return nil }  // .discard and .inherit need none
        var ends: [Int32] = [-1, -1]
        guard rb_process_pipe_cloexec(&ends) == 0 else { throw failed("pipe", errno) }
        return ends
    }

    private func spawnChild() throws(StartError) -> (pid_t, Int32, Int32) {
        let outputPipe = try pipe(for: outputTarget)
        let errorPipe: [Int32]?
        do throws(StartError) { errorPipe = try pipe(for: errorTarget) } catch {
            for end in outputPipe ?? [] { close(end) }
            throw error
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (target, ends, kind) in [(Int32(1), outputPipe, outputTarget), (Int32(2), errorPipe, errorTarget)] {
            if let ends {
                posix_spawn_file_actions_adddup2(&actions, ends[1], target)
            } else if case .discard = kind {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            }
        }
        // dup2 onto itself would keep close-on-exec: a passed descriptor that is already 3 is moved first.
        var moved: Int32 = -1
        defer { if moved >= 0 { close(moved) } }
        if let passed {
            var source = passed
            if passed == 3 {
                moved = fcntl(passed, F_DUPFD_CLOEXEC, 10)
                source = moved
            }
            posix_spawn_file_actions_adddup2(&actions, source, 3)
        }
        rb_process_addclosefrom(&actions, passed == nil ? 3 : 4)
        if let workingDirectory { rb_process_addchdir(&actions, workingDirectory) }
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
        let envp = environment.map { $0.map { strdup($0) } + [nil] }
        defer { (argv + (envp ?? [])).forEach { free($0) } }
        var pid: pid_t = 0
        let status = envp.map { posix_spawn(&pid, arguments[0], &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        for end in [outputPipe?[1], errorPipe?[1]].compactMap({ $0 }) { close(end) }
        guard status == 0 else {
            for end in [outputPipe?[0], errorPipe?[0]].compactMap({ $0 }) { close(end) }
            throw failed("posix_spawn", status)
        }
        return (pid, outputPipe?[0] ?? -1, errorPipe?[0] ?? -1)
    }
}
