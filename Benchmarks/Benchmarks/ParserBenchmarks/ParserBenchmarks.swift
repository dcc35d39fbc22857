// SPDX-License-Identifier: Apache-2.0
import Benchmark
import Foundation
import RemoteBridgePlayer
import RemoteBridgePlayerDaemon

/// The parsers that read large outside input, at a real size: remote-playerd's state file with
/// 100 000 entries, as it loads it at start, and an M3U playlist of 100 000 entries, as OpenUri
/// and the command line read one. A fix the fuzzers call for in either is measured here, before
/// and after.
let benchmarks: @Sendable () -> Void = {
    let entries = 100_000
    let folder = NSTemporaryDirectory() + "remotebridge-parsers-\(getpid())"
    let statePath = folder + "/state"
    let playlistPath = folder + "/queue.m3u"
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let items = (0..<entries).map { index in
            QueueItem(
                url: "/music/Artist \(index % 500)/Album \(index % 50)/\(index) Track.flac",
                tags: QueueEntry.Tags(title: "Track \(index)", artists: ["Artist \(index % 500)"], album: "Album \(index % 50)"),
                length: .seconds(180 + index % 60))
        }
        try StateStore(path: statePath).save(PlayerState(queue: items, currentIndex: 5, position: 12.5, volume: 0.8, loop: .playlist, shuffle: false))
        let playlist = "#EXTM3U\n" + (0..<entries).map { "#EXTINF:180,Artist \($0 % 500) - Track \($0)\n/music/Artist \($0 % 500)/\($0) Track.flac\n" }.joined()
        try playlist.write(toFile: playlistPath, atomically: true, encoding: .utf8)
    } catch {
        fatalError("the parser benchmarks could not write their files in \(folder): \(error)")
    }
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], timeUnits: .milliseconds, warmupIterations: 2, scalingFactor: .one,
        maxDuration: .seconds(10), maxIterations: 30)
    Benchmark("Parsers: state file load, 100 000 entries", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? StateStore(path: statePath).load())
        }
    }
    Benchmark("Parsers: M3U playlist read, 100 000 entries", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(QueueSource.playlistItems(playlistPath))
        }
    }
}
