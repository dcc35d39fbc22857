// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RemoteBridgePlayerDaemon

/// Which program remote-playerd replaces itself with after a package upgrade, read as the kernel
/// names it: links made here stand in for `/proc/self/exe` and `/proc/PID/exe`. The upgrade
/// itself, with two real packages, is `make upgrade-check` (scripts/check-upgrade).
@Suite("remote-playerd replacing itself after an upgrade: which program")
struct DaemonReplacementTests {
    /// A folder with `exe`, a link to `target`, and `program`, an executable file.
    static func fakeProc(target: (String) -> String) throws -> (folder: URL, program: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-proc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let program = folder.appendingPathComponent("remote-playerd").path
        _ = FileManager.default.createFile(atPath: program, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("exe").path, withDestinationPath: target(program))
        return (folder, program)
    }

    @Test("a program replaced on disk (the kernel adds \" (deleted)\") is replaced by the one installed at its path")
    func replaced() throws {
        let (folder, program) = try Self.fakeProc { "\($0) (deleted)" }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try DaemonReplacement.installedProgram(proc: folder.appendingPathComponent("exe").path).get() == program)
    }

    @Test("the program it runs still installed, or nothing installed there: refused, saying why")
    func refused() throws {
        let (same, program) = try Self.fakeProc { $0 }
        defer { try? FileManager.default.removeItem(at: same) }
        guard case .failure(let refusal) = DaemonReplacement.installedProgram(proc: same.appendingPathComponent("exe").path) else {
            Issue.record("the very program it runs was taken as a new one")
            return
        }
        #expect(refusal.description.contains(program) && refusal.description.contains("reinstall"), "\(refusal)")
        let (gone, _) = try Self.fakeProc { _ in "/nonexistent/remote-playerd (deleted)" }
        defer { try? FileManager.default.removeItem(at: gone) }
        guard case .failure(let missing) = DaemonReplacement.installedProgram(proc: gone.appendingPathComponent("exe").path) else {
            Issue.record("a program that is not there was taken")
            return
        }
        #expect(missing.description.contains("/nonexistent/remote-playerd"), "\(missing)")
    }
}
