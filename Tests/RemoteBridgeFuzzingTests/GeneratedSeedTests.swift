// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeFuzzing
import Testing

/// The seeds the project's own writers make (`GeneratedSeeds`) are in `fuzz/corpus`, byte for
/// byte: a changed declaration or state format shows here. `REMOTEBRIDGE_WRITE_SEEDS=1` writes
/// them instead.
@Suite("Generated seeds: the MPRIS calls, state files and evdev records in fuzz/corpus are current")
struct GeneratedSeedTests {
    @Test("each generated seed is in its corpus, byte for byte")
    func current() throws {
        let writing = ProcessInfo.processInfo.environment["REMOTEBRIDGE_WRITE_SEEDS"] == "1"
        let seeds = GeneratedSeeds.all()
        #expect(seeds.count > 40, "\(seeds.count) seeds")
        for seed in seeds {
            let harness = try #require(FuzzHarness.named(seed.harness))
            let folder = CorpusFiles.folder(of: harness, root: CorpusReplayTests.root)
            let path = "\(folder)/\(seed.name)"
            if writing {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try Data(seed.bytes).write(to: URL(fileURLWithPath: path))
            }
            #expect(CorpusFiles.contents(of: path) == seed.bytes, "\(path) is missing or stale; REMOTEBRIDGE_WRITE_SEEDS=1 swift test --filter GeneratedSeedTests writes it")
        }
    }
}
