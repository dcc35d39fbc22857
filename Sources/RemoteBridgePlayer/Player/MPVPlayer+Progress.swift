// SPDX-License-Identifier: Apache-2.0

/// Where each entry was left, and its rate: an episode left part-way resumes there when it
/// comes back (Next and Previous, GoTo, OpenUri of the same file, a restart); one played to its
/// end starts from 0 (`PositionMemory`, `EntryProgress`).
extension MPVPlayer {
    /// Entry `id` is being left at `position`, or at its end (`ended`: playback went on from its
    /// end by itself): keeps its place, or forgets it, by `configuration.positionMemory`.
    func leave(_ id: Int64?, at position: Duration, ended: Bool = false) {
        guard let id, let entry = entries.entry(id: id) else { return }
        let place = configuration.positionMemory.place(leavingAt: position, length: entry.length, spokenWord: entry.isSpokenWord, ended: ended)
        setProgress(of: id) { $0.place = place }
        if ended { sleepTimerEntryEnded() }
    }

    /// Where `entry` is to start when it becomes current: where it was left part-way, if it was.
    func keptStart(of entry: QueueEntry) -> Duration? {
        guard configuration.positionMemory.after != nil else { return nil }
        return entry.progress.resumePosition
    }

    /// Changes entry `id`'s progress, and announces it when it changed.
    func setProgress(of id: Int64, _ body: (inout EntryProgress) -> Void) {
        guard let index = entries.index(of: id, hint: currentIndexHint) else { return }
        guard entries.update(at: index, { body(&$0.progress) }) else { return }
        changed(.entryProgressChanged(entries[index]))
    }

    /// An entry about to be added by itself (OpenUri, an insert of one URI) takes the progress of
    /// an entry of the queue with the same URL: opening an episode again resumes it. The current
    /// entry's is where it plays now (its kept place is only updated when it is left); another's,
    /// the one left last.
    func progressOfSameURL(_ url: String) -> EntryProgress {
        if let current, QueueEntry.location(of: current.url) == QueueEntry.location(of: url), status != .stopped {
            var progress = current.progress
            progress.place = configuration.positionMemory.place(leavingAt: position, length: current.length, spokenWord: current.isSpokenWord, ended: false)
            return progress
        }
        return entries.entriesWithProgress.isEmpty ? EntryProgress() : entries.progress(ofURL: url) ?? EntryProgress()
    }

    /// The rate changed to `speed` by a client: kept with the current entry when rates are kept
    /// per entry (1 is kept as none).
    func keepRate(_ speed: Double) {
        guard configuration.rateMemory == .perEntry, let currentID else { return }
        setProgress(of: currentID) { $0.rate = speed == 1 ? nil : speed }
    }

    /// A new entry is current: with rates kept per entry, it plays at its own.
    func applyEntryRate() {
        guard configuration.rateMemory == .perEntry, let current else { return }
        let rate = current.progress.rate ?? 1
        if rate != speed { mpv.set("speed", rate) }
    }
}
