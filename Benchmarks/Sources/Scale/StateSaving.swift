// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// What remote-playerd writes to keep its state after one single-entry change: the bytes that
/// reach its state file's folder (`FolderSnapshot`), and the bytes it passes to write(2) in that
/// time (`wchar`: the folder's and any other file's or pipe's). Saving in proportion to the change
/// means neither grows with the queue.
struct StateSavingFigures {
    /// Bytes that reached the folder, per change.
    var folderBytes: [Int] = []
    /// Bytes written by the process, per change.
    var writtenBytes: [Int] = []
    /// Why a change was not measured, if one was not.
    var failures: [String] = []
}

/// Makes single-entry changes (RemoveTrack, then AddTrack) one at a time, each once the write
/// of the one before has landed, and measures what each one wrote.
@MainActor
enum StateSaving {
    /// How long the folder must stay unchanged before a write counts as finished: longer than
    /// the daemon's 250 ms debounce, so no write of this change is still to come.
    static let quiet: Duration = .milliseconds(400)
    /// How long a change may take to reach the folder before it counts as not written.
    static let limit: Duration = .seconds(10)

    /// `runs` RemoveTrack and `runs` AddTrack against the daemon `pid` at `busName`, whose state
    /// file is in `folder`.
    static func measure(connection: DBusConnection, busName: String, pid: Int32, folder: String, runs: Int, extraURI: String) async throws
        -> StateSavingFigures
    {
        var figures = StateSavingFigures()
        let ids = try await connection.getProperty(busName, MPRISNames.objectPath, TrackListInterface.tracks).stringArrayValue ?? []
        guard ids.count > 2 * runs + 2 else { throw ProcessTimer.Failure(description: "\(ids.count) entries are too few for \(runs) changes") }
        // Anything still pending from the start (a first save, a migration) lands first.
        _ = await settled(folder: folder, from: FolderSnapshot.take(folder), needChange: false)
        let middle = ids.count / 2
        for run in 0..<runs {
            for change in [
                (TrackListInterface.removeTrack, [DBusValue.objectPath(ids[middle + run])]),
                (TrackListInterface.addTrack, [.string(extraURI), .objectPath(ids[middle - run - 1]), .bool(false)]),
            ] {
                let before = FolderSnapshot.take(folder)
                let writtenBefore = ProcessStats.writtenBytes(of: pid)
                do {
                    _ = try await connection.call(busName, MPRISNames.objectPath, change.0, change.1)
                } catch {
                    figures.failures.append("\(change.0.name): \(error)")
                    continue
                }
                guard let after = await settled(folder: folder, from: before, needChange: true) else {
                    figures.failures.append("\(change.0.name): nothing reached \(folder) within \(limit)")
                    continue
                }
                figures.folderBytes.append(after.bytesWritten(since: before))
                figures.writtenBytes.append(ProcessStats.writtenBytes(of: pid) - writtenBefore)
            }
        }
        return figures
    }

    /// The folder once it has changed from `before` (unless `needChange` is false) and then
    /// stayed as it is for `quiet`; nil if it did not change within `limit`.
    private static func settled(folder: String, from before: FolderSnapshot, needChange: Bool) async -> FolderSnapshot? {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var current = before
        var changed = !needChange
        var unchangedSince = clock.now
        while clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
            let now = FolderSnapshot.take(folder)
            if now != current {
                current = now
                changed = true
                unchangedSince = clock.now
            } else if changed, clock.now - unchangedSince >= quiet {
                return current
            }
        }
        return nil
    }
}
