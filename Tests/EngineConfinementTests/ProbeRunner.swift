// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Runs the confinement-probe program built beside this test bundle and reads its lines.
enum ProbeRunner {
    /// The probe: next to the test executable (.build/debug/), else under the package root.
    static let path: String = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        var candidates: [String] = []
        if count > 0 {
            let exe = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            candidates.append(directory(of: exe) + "/confinement-probe")
        }
        for argument in CommandLine.arguments where argument.hasSuffix(".xctest") {
            candidates.append(directory(of: argument) + "/confinement-probe")
        }
        // #filePath is Tests/EngineConfinementTests/ProbeRunner.swift: three folders up is the package.
        let root = directory(of: directory(of: directory(of: #filePath)))
        candidates.append(root + "/.build/debug/confinement-probe")
        return candidates.first { access($0, X_OK) == 0 } ?? candidates.last!
    }()

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    /// The probe's output lines and exit status for `arguments`.
    /// `leaked`: a descriptor number the child gets open (on /dev/null) besides 0, 1 and 2.
    /// `user`: run as this uid and gid, through setpriv (an unprivileged user's confinement).
    static func run(_ arguments: [String], leaked: Int32? = nil, user: UInt32? = nil) -> (lines: [String], status: Int32) {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return ([], -1) }
        // Close-on-exec, so another test's probe started meanwhile does not hold this pipe open.
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        if let leaked { posix_spawn_file_actions_addopen(&actions, leaked, "/dev/null", O_RDONLY, 0) }
        let program = user == nil ? path : "/usr/bin/setpriv"
        let command = user.map { ["/usr/bin/setpriv", "--reuid=\($0)", "--regid=\($0)", "--clear-groups", path] } ?? [path]
        let argv = (command + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            return (["spawn \(path) failed: \(spawned)"], -1)
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = read(pipeEnds[0], &chunk, chunk.count)
            if got > 0 { output += chunk[0..<got] } else if got < 0 && errno == EINTR { continue } else { break }
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        return (lines, exitStatus)
    }

    /// The errno a probe line reported ("connect /x 111" → 111), by the line's prefix.
    static func text(_ lines: [String], _ prefix: String) -> String? {
        lines.first { $0.hasPrefix(prefix + " ") }.map { String($0.dropFirst(prefix.count + 1)) }
    }

    static func result(_ lines: [String], _ prefix: String) -> Int32? {
        guard let line = lines.first(where: { $0.hasPrefix(prefix + " ") || $0 == prefix }) else { return nil }
        return line.split(separator: " ").last.flatMap { Int32($0) }
    }
}

/// What the kernel running the tests has, from one confined run of the probe.
enum Kernel {
    static let applied: String = {
        let run = ProbeRunner.run([])
        return run.lines.first { $0.hasPrefix("applied ") } ?? "applied (probe failed: \(run.lines) status \(run.status))"
    }()
    static var hasNamespace: Bool { applied.contains("namespace") }
    static var hasLandlock: Bool { applied.contains("landlock") }
    static var hasScopes: Bool { applied.contains("(+scopes)") }
    static var hasSeccomp: Bool { applied.contains("seccomp") }
}
