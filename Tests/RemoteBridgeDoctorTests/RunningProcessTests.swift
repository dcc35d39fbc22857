// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RemoteBridgeDoctor

/// What doctor reads of a running daemon's process, from a folder that stands in for `/proc`.
@Suite("doctor: a running daemon's process")
struct RunningProcessTests {
    @Test("a daemon whose program was replaced on disk is named as such")
    func doctorSeesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-proc-\(UUID().uuidString)")
        let process = folder.appendingPathComponent("4242")
        try FileManager.default.createDirectory(at: process, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: process.appendingPathComponent("exe").path, withDestinationPath: "/usr/bin/remote-playerd (deleted)")
        #expect(RunningProcess(pid: 4242, proc: folder.path).runsReplacedProgram)
        try FileManager.default.removeItem(atPath: process.appendingPathComponent("exe").path)
        try FileManager.default.createSymbolicLink(atPath: process.appendingPathComponent("exe").path, withDestinationPath: "/usr/bin/remote-playerd")
        #expect(!RunningProcess(pid: 4242, proc: folder.path).runsReplacedProgram)
    }
}
