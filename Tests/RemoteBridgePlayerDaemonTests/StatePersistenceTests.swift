// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgePlayer
import RemoteBridgeTesting
@testable import RemoteBridgePlayerDaemon
import Testing

/// The saver: edits appended as they happened, the current entry and settings only when they
/// changed, a full save when the queue was replaced, the journal is long, or a write failed.
@Suite("State persistence: appends what changed, saves whole when it must")
@MainActor
struct StatePersistenceTests {
    /// The state the saver reads, changed by the test as a player would change.
    final class Source {
        var state = StateJournalTests.state
        var failures: [StateStore.Failure] = []
    }

    /// A saver of `source` to `store`, whose file holds `written`.
    static func persistence(_ store: StateStore, _ source: Source, written: PlayerState? = nil) -> StatePersistence {
        StatePersistence(
            store: store, periodicInterval: .seconds(3600), written: written, snapshot: { source.state }, marks: { source.state.marks },
            report: { source.failures.append($0) })
    }

    static func size(_ store: StateStore) throws -> Int {
        try StateJournalTests.bytes(store.path).count
    }

    @Test("no file yet: a full save; then an insert, a removal and an update append a record each, and an unchanged state writes nothing")
    func appendsEdits() throws {
        let (store, folder) = try StateJournalTests.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Source()
        let persistence = Self.persistence(store, source)
        persistence.saveNow()
        #expect(try StateStore(path: store.path).load() == source.state)
        #expect(store.layout?.journalSize == 0)
        var sizes = [try Self.size(store)]
        let item = QueueItem(url: "/added.flac", tags: .init(title: "Added"))
        source.state.queue.insert(item, at: 1)
        persistence.record(.inserted([item], at: 1))
        source.state.queue.remove(at: 0)
        persistence.record(.removed(at: 0))
        persistence.saveNow()
        sizes.append(try Self.size(store))
        source.state.queue[1].tags.title = "Now tagged"
        persistence.record(.updated(source.state.queue[1], at: 1))
        persistence.saveNow()
        sizes.append(try Self.size(store))
        persistence.saveNow()
        sizes.append(try Self.size(store))
        #expect(try StateStore(path: store.path).load() == source.state)
        #expect(source.failures.isEmpty)
        #expect(sizes[1] - sizes[0] < 80 && sizes[1] > sizes[0], "\(sizes)")
        #expect(sizes[2] - sizes[1] < 80 && sizes[2] > sizes[1], "\(sizes)")
        #expect(sizes[3] == sizes[2], "nothing changed, nothing written")
    }

    @Test("a new position or setting appends only that record; a replaced queue is saved whole")
    func marksAndReplacement() throws {
        let (store, folder) = try StateJournalTests.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.save(StateJournalTests.state)
        let source = Source()
        let persistence = Self.persistence(store, source, written: StateJournalTests.state)
        let before = try Self.size(store)
        source.state.position = 99
        persistence.positionChanged()
        persistence.saveNow()
        let afterPosition = try Self.size(store)
        let positionRecord = try StateFileEncoder.record(for: [source.state.marks.current])
        #expect(afterPosition - before == positionRecord.count)
        source.state.volume = 0.1
        persistence.saveNow()
        let settingsRecord = try StateFileEncoder.record(for: [source.state.marks.settings])
        #expect(try Self.size(store) - afterPosition == settingsRecord.count)
        source.state.queue.reverse()
        persistence.queueReplaced()
        persistence.saveNow()
        #expect(store.layout?.journalSize == 0)
        #expect(try StateStore(path: store.path).load() == source.state)
    }

    @Test("once the journal is past its bound, the next write is a full save")
    func compaction() throws {
        let (store, folder) = try StateJournalTests.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.save(StateJournalTests.state)
        let source = Source()
        let persistence = Self.persistence(store, source, written: StateJournalTests.state)
        let padding = [QueueItem](repeating: QueueItem(url: "/" + String(repeating: "p", count: 4000)), count: 64)
        while !store.needsCompaction { try store.append([.inserted(padding, at: 0), .removed(at: 0)]) }
        source.state.position = 1
        persistence.positionChanged()
        persistence.saveNow()
        #expect(store.layout?.journalSize == 0)
        #expect(try Self.size(store) == store.layout?.snapshotSize)
        #expect(try StateStore(path: store.path).load() == source.state)
    }

    @Test("an append that fails (the file was replaced) is reported, and the whole state is saved instead")
    func failedAppend() throws {
        let (store, folder) = try StateJournalTests.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.save(StateJournalTests.state)
        let source = Source()
        let persistence = Self.persistence(store, source, written: StateJournalTests.state)
        try StateStore(path: store.path).save(StateJournalTests.legacyState)
        source.state.queue.remove(at: 0)
        persistence.record(.removed(at: 0))
        persistence.saveNow()
        #expect(source.failures.count == 1 && source.failures.first?.description.contains("was replaced") == true)
        #expect(try StateStore(path: store.path).load() == source.state)
    }

    @Test("edits recorded apart reach the file in order, after the debounce, off the main actor")
    func debouncedInOrder() async throws {
        let (store, folder) = try StateJournalTests.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.save(StateJournalTests.state)
        let source = Source()
        let persistence = Self.persistence(store, source, written: StateJournalTests.state)
        persistence.debounce = .milliseconds(20)
        for round in 0..<5 {
            let watch = try FileWatch(folder: folder.path)
            for step in 0..<3 {
                let item = QueueItem(url: "/round\(round)/\(step)")
                source.state.queue.insert(item, at: step)
                persistence.record(.inserted([item], at: step))
            }
            source.state.queue.remove(at: 1)
            persistence.record(.removed(at: 1))
            #expect(await watch.waitFor(name: "player.state"), "round \(round): nothing written")
            #expect(try StateStore(path: store.path).load() == source.state, "round \(round)")
        }
        let written = try StateJournalTests.bytes(store.path)
        #expect(store.layout?.snapshotSize == written.count - store.layout!.journalSize)
    }
}
