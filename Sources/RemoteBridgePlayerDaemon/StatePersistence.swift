// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePlayer

/// When and how the player's state is written: so that a kill at any moment loses at most a few
/// seconds of position and nothing else, and a small change writes a small record, whatever the
/// length of the queue.
///
/// - A change of queue, current entry, volume, loop or shuffle is written after `debounce`
///   (250 ms): changes made meanwhile go out in the same write, and none waits longer.
/// - The position is written every `periodicInterval` (5 s) while playing, and after every pause,
///   seek and stop (`positionChanged()`).
/// - A write appends the queue edits recorded since the last one (`record(_:)`), then a
///   `.current` or `.settings` edit where those differ from what was last written. Nothing is
///   written when nothing changed.
/// - A full save happens instead when the queue was replaced as a whole (`queueReplaced()`),
///   when the journal has grown past its bound (`StateStore.needsCompaction`), when there is no
///   file of this run's yet, and after a write failed.
///
/// The writes run on a `StateWriter`'s queue, in order; only `saveNow()` waits for them.
@MainActor
final class StatePersistence {
    /// How long a change waits for others to join it in one write, unless a test shortens it
    /// (docs/state-file.md states it as how soon a change is on disk).
    nonisolated static let defaultDebounce: Duration = .milliseconds(250)
    /// How long a change waits for others to join it in one write.
    var debounce = defaultDebounce
    /// How often the position is written while playing.
    let periodicInterval: Duration
    /// Runs the writes, in order, off the main actor.
    private let writer: StateWriter
    /// The whole state, for a full save; nil once there is nothing to save (the daemon has gone).
    private let snapshot: @MainActor () -> PlayerState?
    /// The current entry, position and settings, as `PlayerState.marks`; nil as for `snapshot`.
    private let marks: @MainActor () -> PlayerState.Marks?
    /// Told of each write that failed.
    private let report: @MainActor (StateStore.Failure) -> Void
    /// The debounced write, while one is due.
    private var scheduled: MainQueueTimer?
    /// The periodic position write, while playing.
    private var periodic: MainQueueTimer?
    /// Queue edits not yet written, in the order they happened.
    private var pending: [StateEdit] = []
    /// The current entry, position and settings as last written.
    private var written: PlayerState.Marks?
    /// Set when the next write must be a full save.
    private var needsFullSave: Bool
    /// Whether the file is (or, once queued writes are done, will be) version 4, so that an edit
    /// of version 4's can be appended to it; one that is not takes a full save for such an edit.
    private var fileIsVersion4: Bool

    /// Writes to `store`: the file holds `written` (a state read from it whose queue is the
    /// player's), or nil when the first write must be a full save. Failures go to `report`.
    init(
        store: StateStore, periodicInterval: Duration, written: PlayerState?, snapshot: @escaping @MainActor () -> PlayerState?,
        marks: @escaping @MainActor () -> PlayerState.Marks?,
        report: @escaping @MainActor (StateStore.Failure) -> Void
    ) {
        writer = StateWriter(store: store)
        self.periodicInterval = periodicInterval
        self.snapshot = snapshot
        self.marks = marks
        self.report = report
        self.written = written?.marks
        needsFullSave = written == nil
        fileIsVersion4 = written?.needsVersion4 ?? false
    }

    /// A queue edit happened (with the indices of that moment): it is written, after those
    /// recorded before it, within `debounce`.
    func record(_ edit: StateEdit) {
        // A full save is due, and will hold this edit's effect.
        if !needsFullSave { pending.append(edit) }
        changed()
    }

    /// The queue changed as a whole (a load, a shuffle): the next write is a full save.
    func queueReplaced() {
        needsFullSave = true
        pending = []
        changed()
    }

    /// Something that is saved may have changed: write within `debounce` if it did.
    func changed() {
        guard scheduled == nil else { return }
        scheduled = MainQueueTimer(after: debounce) { [weak self] in
            guard let self else { return }
            self.scheduled = nil
            self.write(waiting: false)
        }
    }

    /// The position jumped or playback stopped moving it (pause, seek, stop): write it soon.
    func positionChanged() {
        changed()
    }

    /// Playback started or stopped: the periodic position write runs only while playing.
    func setPlaying(_ playing: Bool) {
        if playing, periodic == nil {
            periodic = MainQueueTimer(after: periodicInterval, repeating: periodicInterval) { [weak self] in
                self?.write(waiting: false)
            }
        } else if !playing, let timer = periodic {
            timer.cancel()
            periodic = nil
            positionChanged()
        }
    }

    /// Writes now, and returns once everything is on disk (at exit, and for a queue given on the
    /// command line); stops the timers.
    func saveNow() {
        scheduled?.cancel()
        scheduled = nil
        periodic?.cancel()
        periodic = nil
        // A write already queued may have failed; its report may not have arrived yet.
        writer.waitUntilDone()
        if writer.isBroken { needsFullSave = true }
        let full = needsFullSave || writer.store.needsCompaction
        if write(waiting: true) != nil, !full {
            // The append failed: the whole state, then (`failed` asked for it).
            write(waiting: true)
        }
    }

    /// Writes what changed since the last write: the pending edits and any changed marks, or
    /// the whole state when a full save is due. With `waiting`, returns once it is on disk, with
    /// its failure (already reported); otherwise queues it and returns nil.
    @discardableResult
    private func write(waiting: Bool) -> StateStore.Failure? {
        guard let marks = marks() else { return nil }
        let write: StateWriter.Write
        if needsFullSave || writer.store.needsCompaction {
            guard let state = snapshot() else { return nil }
            write = .save(state)
            needsFullSave = false
            fileIsVersion4 = state.needsVersion4
            written = state.marks
        } else {
            var edits = pending
            if marks.current != written?.current { edits.append(marks.current) }
            if marks.settings != written?.settings { edits.append(marks.settings) }
            if marks.rate != written?.rate { edits.append(marks.rate) }
            guard !edits.isEmpty else { return nil }
            if !fileIsVersion4, edits.contains(where: \.needsVersion4) {
                // An older file cannot hold it: the whole state, as version 4.
                needsFullSave = true
                pending = []
                return self.write(waiting: waiting)
            }
            write = .append(edits)
            written = marks
        }
        pending = []
        guard waiting else {
            writer.submit(write) { failure in
                Task { @MainActor [weak self] in self?.failed(failure) }
            }
            return nil
        }
        guard let failure = writer.perform(write) else { return nil }
        failed(failure)
        return failure
    }

    /// A write failed: it is reported, and the next write is a full save.
    private func failed(_ failure: StateStore.Failure) {
        report(failure)
        needsFullSave = true
        pending = []
        changed()
    }
}
