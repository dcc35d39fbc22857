// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import Glibc
import RemoteBridgeTesting
import Testing

/// A socket a child process inherits stays open after we close it, so the bus never sees the
/// disconnect (a closed player's name would linger). Every socket of a connection must close on
/// exec.
@Suite("Descriptors")
@MainActor
struct DescriptorTests {
    @Test("every socket a connection opens closes on exec, the watched duplicates included")
    func socketsCloseOnExec() async throws {
        let f = try await DBusFixture()
        _ = try await f.call("Add", [.int64(1), .int64(2)])
        // Ours are the sockets whose peer is this test's bus daemon: other tests and the test
        // runner have sockets of their own at the same time.
        let ours = Self.openSockets().filter { Self.peerProcess(of: $0) == f.bus.pid }
        #expect(ours.count >= 4, "two connections, each with libdbus's socket and a watched duplicate")
        for fd in ours {
            let flags = fcntl(fd, F_GETFD)
            #expect(flags < 0 || flags & FD_CLOEXEC != 0, "descriptor \(fd) is a socket without close-on-exec")
        }
    }

    /// The sockets this process has open now.
    static func openSockets() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        var sockets: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let fd = Int32(name) else { continue }
            var status = stat()
            if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK { sockets.append(fd) }
        }
        return sockets
    }

    /// The process at the other end of a Unix socket (SO_PEERCRED: pid, uid, gid).
    static func peerProcess(of fd: Int32) -> pid_t? {
        var credentials: (pid_t, uid_t, gid_t) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return credentials.0
    }
}
