// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgePlayer
import RemoteBridgeConfiguration
import RemoteBridgeResume
import RemoteBridgeStateFile
import RemoteBridgePlayerDaemon
import Testing

/// The resume decision: a summary of remote-playerd's state file (the count after the journal,
/// the age), and each condition that declines, named in the reason.
@Suite("Media-button resumption: the saved state's summary and the policy")
struct ResumePolicyTests {
    /// A folder for one test's state file, removed by the caller.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-resume-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A state of `count` entries with tags of every kind, so that the summary passes over each field.
    static func state(entries count: Int) -> PlayerState {
        var tags = QueueEntry.Tags(title: "Título", artists: ["A", "B"], album: "Álbum")
        tags.genres = ["Jazz"]
        tags.trackNumber = 3
        tags.date = "1959"
        let items = (0..<count).map { QueueItem(url: "/music/\($0).flac", tags: tags, length: .seconds(200)) }
        return PlayerState(queue: items, currentIndex: count > 0 ? 0 : nil, position: 12.5, volume: 0.8, loop: .none, shuffle: false)
    }

    @Test("the summary counts the snapshot's entries and the journal's inserts and removals, as remote-playerd reads them")
    func summaryFollowsTheJournal() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = StateStore(path: folder.appendingPathComponent("player.state").path)
        try store.save(Self.state(entries: 3))
        try store.append([.inserted(Self.state(entries: 2).queue, at: 1), .removed(at: 0), .current(index: 1, position: 4), .updated(Self.state(entries: 1).queue[0], at: 0)])
        try store.append([.removed(at: 0), .settings(volume: 0.5, loop: .playlist, shuffle: true)])
        let summary = try #require(try SavedStateSummary.read(store.path))
        #expect(summary.entries == 3)
        #expect(try store.load()?.queue.count == summary.entries)
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: store.path)[.modificationDate] as? Date)
        #expect(abs(summary.savedAt.timeIntervalSince(modified)) < 0.001)
    }

    @Test("an edit at an index larger than the bytes left in its record (a removal near the end of a long queue) is counted too")
    func summaryReadsLargeIndices() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = StateStore(path: folder.appendingPathComponent("player.state").path)
        try store.save(Self.state(entries: 300))
        try store.append([.removed(at: 250)])
        try store.append([.updated(Self.state(entries: 1).queue[0], at: 280), .inserted(Self.state(entries: 2).queue, at: 290)])
        #expect(try SavedStateSummary.read(store.path)?.entries == 301)
        #expect(try store.load()?.queue.count == 301)
    }

    @Test("a recent state with entries resumes; the verdict says how long ago and how many tracks")
    func resumes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("player.state").path
        try StateStore(path: path).save(Self.state(entries: 14))
        let savedAt = try #require(try SavedStateSummary.read(path)).savedAt
        let verdict = ResumePolicy(within: .seconds(3 * 86_400), statePath: path).decide(now: savedAt.addingTimeInterval(2 * 3_600))
        #expect(verdict == .resume(savedAgo: .seconds(7_200), entries: 14))
        #expect(verdict.description == "would start remote-playerd and resume (saved 2 h ago, 14 tracks)")
    }

    @Test("off, no file, an empty queue, too old, or a broken file: declined, and the reason names the condition")
    func declines() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("player.state").path
        let policy = ResumePolicy(within: .seconds(3 * 86_400), statePath: path)
        #expect(policy.decide() == .declined(reason: "no saved state at \(path) (remote-playerd has not saved a queue there)"))

        try StateStore(path: path).save(Self.state(entries: 2))
        #expect(ResumePolicy(within: .zero, statePath: path).decide() == .declined(reason: "resumption is off ([headset] resume-after-exit-within = 0)"))
        let savedAt = try #require(try SavedStateSummary.read(path)).savedAt
        let late = policy.decide(now: savedAt.addingTimeInterval(4 * 86_400))
        #expect(late == .declined(reason: "the state was saved 4 d ago, longer than [headset] resume-after-exit-within (3 d)"))
        #expect(policy.decide(now: savedAt.addingTimeInterval(3 * 86_400 - 1)) == .resume(savedAgo: .seconds(3 * 86_400 - 1), entries: 2))

        try StateStore(path: path).save(Self.state(entries: 0))
        #expect(policy.decide() == .declined(reason: "the saved queue at \(path) is empty"))

        try Data("not a state".utf8).write(to: URL(fileURLWithPath: path))
        guard case .declined(let reason) = policy.decide() else { Issue.record("a broken file resumed"); return }
        #expect(reason.hasPrefix("the saved state at \(path) cannot be used: not a state file of version 2 or later"))
    }

    @Test("[headset] resume-after-exit-within: 3 days by default, seconds or text with a unit, 0 off; bad text is named")
    func setting() throws {
        #expect(HeadsetConfiguration().resumeAfterExitWithin == .seconds(259_200))
        let parse = { (value: String) throws(ConfigurationError) -> Duration in
            try HeadsetConfiguration.parse("[headset]\nresume-after-exit-within = \(value)\n", file: "c.toml").resumeAfterExitWithin
        }
        #expect(try parse("0") == .zero)
        #expect(try parse("\"12h\"") == .seconds(43_200))
        #expect(try parse("\"90min\"") == .seconds(5_400))
        #expect(try parse("600") == .seconds(600))
        #expect(throws: ConfigurationError.self) { try parse("\"soon\"") }
        #expect(throws: ConfigurationError.self) { try parse("-5") }
        let paths = XDGPaths(environment: ["XDG_STATE_HOME": "/state"], home: "/home/u")
        #expect(ResumePolicy.fromConfiguration(HeadsetConfiguration(), paths: paths).statePath == "/state/remotebridge/player.state")
    }
}
