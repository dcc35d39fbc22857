// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTesting
import Testing

@testable import RemoteBridgePlayer

/// The engine's heap over a burst of track changes: mpv's 10 MiB probe buffer of each opened file
/// reuses pages already touched, and what the burst left free goes back to the kernel once it
/// is over (`cheap_keep_opening_buffers`, `EngineHeap`).
@Suite("The engine's heap over a burst of track changes", .serialized)
@MainActor
struct EngineHeapTests {
    typealias Fixture = MPVPlayerTests.Fixture

    /// A process's minor page faults (every thread's, ended ones too), RSS and peak RSS in KiB.
    struct Memory {
        var faults: Int
        var residentKilobytes: Int
        var peakKilobytes: Int

        init(of pid: Int32) throws {
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            let afterName = try #require(stat.range(of: ") ", options: .backwards)).upperBound
            // Field 10 (minflt), the 8th after the name and state.
            faults = try #require(Int(stat[afterName...].split(separator: " ")[7]))
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8).split(separator: "\n")
            func kilobytes(_ field: String) throws -> Int {
                let line = try #require(status.first { $0.hasPrefix(field + ":") }, "no \(field) in /proc/\(pid)/status")
                return try #require(Int(line.split(separator: " ")[1]))
            }
            residentKilobytes = try kilobytes("VmRSS")
            peakKilobytes = try kilobytes("VmHWM")
        }
    }

    @Test(
        "60 Next back to back: the pages faulted in are no more than the engine's RSS grew (8 MiB spare), where mapping each file's probe buffer afresh faulted 30 to 70 MiB for 10 of growth; 1 s after the burst the RSS is back below where it was"
    )
    func burst() async throws {
        let f = try await Fixture(count: 6)
        f.player.setLoop(.playlist)
        f.player.play()
        await f.until("playing") { f.player.status == .playing && f.player.position > .milliseconds(200) }
        let pid = try #require(f.player.enginePID)
        let before = try Memory(of: pid)
        // Each Next once the engine has taken the one before (a read answered after it), as
        // clients calling back to back send them: each file starts opening, and the next aborts it.
        for _ in 0..<60 {
            f.player.next()
            _ = await f.player.mpv.query("playlist-pos")
        }
        await f.until("playing the last") { f.player.status == .playing && f.player.position > .milliseconds(200) }
        let after = try Memory(of: pid)
        let faultedKilobytes = (after.faults - before.faults) * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
        let grownKilobytes = after.peakKilobytes - before.residentKilobytes
        #expect(
            faultedKilobytes <= grownKilobytes + 8 * 1024,
            "\(faultedKilobytes / 1024) MiB faulted in for \(grownKilobytes / 1024) MiB of growth: pages given back and taken again")
        var settled = after
        await f.until("the burst's free memory given back", limit: .seconds(5)) {
            settled = (try? Memory(of: pid)) ?? settled
            return settled.residentKilobytes <= before.residentKilobytes
        }
        #expect(settled.residentKilobytes <= before.residentKilobytes, "RSS \(before.residentKilobytes) KiB before the burst, \(settled.residentKilobytes) after it")
        #expect(f.player.enginePID == pid, "the same engine throughout")
    }
}
