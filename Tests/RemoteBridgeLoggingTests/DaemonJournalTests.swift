// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTesting
import Testing

/// The daemons' stderr, as a program: the journal's form when JOURNAL_STREAM names it, the
/// stream form (timestamp, level word, name) on a pipe, and `journalctl -p` filtering a daemon
/// that a real systemd user manager started.
@Suite("Daemon log lines under the journal and elsewhere", .serialized)
struct DaemonJournalTests {
    /// A config file headsetd refuses: a critical line, and the daemon exits 1.
    static func refusedConfig() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString).toml").path
        try "[headset]\nbogus = 1\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs headsetd with that config, its stderr the write end of `stderr`, `JOURNAL_STREAM`
    /// set to `journalStream`; returns what it wrote.
    static func headsetdStandardError(socket: Bool, journalStream: (Int32) -> String?) throws -> String {
        var ends: [Int32] = [0, 0]
        if socket {
            try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        } else {
            try #require(pipe(&ends) == 0)
        }
        let config = try refusedConfig()
        defer { try? FileManager.default.removeItem(atPath: config) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProduct.debug("headsetd"))
        process.arguments = ["--bus", "unix:path=/nonexistent", "--config", config]
        var environment = ProcessInfo.processInfo.environment
        environment["JOURNAL_STREAM"] = journalStream(ends[1])
        process.environment = environment
        process.standardError = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try? (process.standardError as? FileHandle)?.close()
        let reader = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        let text = String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 1)
        return text
    }

    static func identity(of descriptor: Int32) -> String {
        var status = stat()
        fstat(descriptor, &status)
        return "\(status.st_dev):\(status.st_ino)"
    }

    @Test("stderr the journal stream: <2> and the message, no timestamp")
    func journal() throws {
        let text = try Self.headsetdStandardError(socket: true) { Self.identity(of: $0) }
        let line = try #require(text.split(separator: "\n").first)
        #expect(line.hasPrefix("<2>/"), "\(text)")
        #expect(line.contains("[headset] bogus: unknown key"), "\(text)")
        #expect(!text.contains("2026-") && !text.contains("+0000") && !text.contains("critical headsetd"), "\(text)")
    }

    @Test("stderr a pipe, JOURNAL_STREAM inherited but naming something else: the stream form")
    func pipeWithInheritedVariable() throws {
        for socket in [false, true] {
            let text = try Self.headsetdStandardError(socket: socket) { _ in Self.identity(of: STDIN_FILENO) + "0" }
            #expect(!text.hasPrefix("<"), "\(text)")
            #expect(text.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} critical headsetd: "#, options: .regularExpression) != nil, "\(text)")
        }
    }
}
