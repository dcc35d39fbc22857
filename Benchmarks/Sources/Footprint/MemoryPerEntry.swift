// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation
import RemoteBridgeDBus
import RemoteBridgeTesting

/// remote-playerd's memory per queue entry, in the same run: (RSS holding 10 000 entries − RSS
/// holding 1) / 10 000, each queue an M3U playlist of distinct hard links to one tone, each
/// daemon alone, paused and settled. A regression in what an entry costs shows here long before
/// a 100 000-entry library runs out of memory.
@MainActor
enum MemoryPerEntry {
    /// The larger queue.
    static let entries = 10_000
    /// The most an entry may cost, in bytes: what lets 100 000 entries fit within mpv +
    /// mpv-mpris's whole RSS holding the same playlist (95 MiB, 23.5 MiB above remote-playerd's
    /// 71.5 MiB with one track). Above it the benchmark prints a WARNING line.
    static let limitBytes = 240

    /// Bytes per entry of the release build, started with `arguments` plus each playlist, in
    /// `environment`, on the bus `connection` is on; libraries are made under `work`.
    static func measure(
        tone: URL, work: URL, arguments: [String], environment: [String: String], settle: Duration, connection: DBusConnection
    ) async throws -> Double {
        var kilobytes: [Int] = []
        for size in [1, entries] {
            let library = try ToneLibrary.make(entries: size, tones: [tone], in: work, name: "per-entry-\(size)")
            defer { try? FileManager.default.removeItem(at: library.folder.deletingLastPathComponent()) }
            // A name of its own for each, so that neither is mistaken for the other on the bus.
            let name = "perentry\(size)"
            let program = Program(
                name: "remote-playerd, \(size) entries", executable: BuiltProduct.release("remote-playerd"),
                arguments: arguments + ["--name", name, library.playlist.path], busName: "org.mpris.MediaPlayer2.\(name)")
            let process = try program.start(environment: environment)
            defer { kill(process.processIdentifier, SIGKILL) }
            try await BenchmarkDaemon.waitForOwner(of: program.busName, on: connection)
            let readiness = QueueReadiness(connection: connection, busName: program.busName, entries: size)
            guard await readiness.wait(limit: .seconds(120)) else {
                throw ProcessTimer.Failure(description: "\(program.name) did not load its queue within 120 s")
            }
            try await Task.sleep(for: settle)
            kilobytes.append(ProcessStats.residentKilobytes(of: process.processIdentifier))
        }
        return Double(kilobytes[1] - kilobytes[0]) * 1024 / Double(entries)
    }
}
