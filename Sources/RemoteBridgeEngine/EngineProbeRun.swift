import Glibc
import RemoteBridgeMPV

/// Runs an `EngineProbe` inside the engine: each tries what the confinement should refuse and
/// returns the errno it met, 0 if it worked.
enum EngineProbeRun {
    static func run(_ probe: EngineProbe) -> Int32 {
        switch probe {
        case .connectUnix(let path): connect(unixPath: path)
        case .createFile(let path): create(path)
        case .execute(let path): execute(path)
        }
    }

    /// Connects a stream socket to a unix socket path; `@name` names an abstract socket.
    private static func connect(unixPath path: String) -> Int32 {
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return errno }
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return ENAMETOOLONG }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, length) }
        }
        return status == 0 ? 0 : errno
    }

    /// Creates a new file (then removes it).
    private static func create(_ path: String) -> Int32 {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return errno }
        close(descriptor)
        unlink(path)
        return 0
    }

    /// Starts a program (posix_spawn: a clone, then execve in the child), and reaps it.
    private static func execute(_ path: String) -> Int32 {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
        defer { free(argv[0]) }
        let status = posix_spawn(&pid, path, nil, nil, argv, nil)
        guard status == 0 else { return status }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) < 0 && errno == EINTR {}
        // glibc reports an execve that failed in the child as the spawn's error, unless the child
        // ran: then it exited with 127 when exec was refused after the clone.
        return exitStatus == 127 << 8 ? EPERM : 0
    }
}
