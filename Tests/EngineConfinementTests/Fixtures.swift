// SPDX-License-Identifier: Apache-2.0
import Glibc

/// A temporary folder, removed (with what the tests put in it) by `remove()`.
struct TemporaryFolder {
    let path: String

    init() {
        var template = Array("/tmp/rb-confinement-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        path = made.map { String(cString: $0) } ?? "/tmp"
    }

    func remove() {
        // Only what the tests make: sockets, files and folders one level down.
        if let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name == "." || name == ".." { continue }
                let child = path + "/" + name
                if unlink(child) != 0 { rmdir(child) }
            }
            closedir(directory)
        }
        rmdir(path)
    }
}

/// A listening unix stream socket at `path` ("@name": abstract), closed by `close()`. Connections
/// complete in the backlog without an accept, which is all the probes need.
struct ListeningSocket {
    let descriptor: Int32

    init?(path: String) {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { Glibc.close(fd); return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
            if bytes.first == UInt8(ascii: "@") { raw[0] = 0 }
        }
        let offset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2
        let length = socklen_t(offset + bytes.count + (bytes.first == UInt8(ascii: "@") ? 0 : 1))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 64) == 0 else { Glibc.close(fd); return nil }
        descriptor = fd
    }

    func close() { Glibc.close(descriptor) }
}
