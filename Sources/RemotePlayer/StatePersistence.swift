import MPVPlayer

/// When the player's state is written: so that a kill at any moment loses at most a few seconds
/// of position and nothing else, without rewriting a large queue on every small change.
///
/// - A change of queue, current entry, volume, loop or shuffle is written after `debounce`
///   (250 ms): changes made meanwhile go out in the same write, and none waits longer.
/// - The position is written every `periodicInterval` (5 s) while playing, and after every pause,
///   seek and stop (`positionChanged()`).
/// - Nothing is written when nothing changed.
@MainActor
final class StatePersistence {
    /// How long a change waits for others to join it in one write.
    var debounce: Duration = .milliseconds(250)
    /// How often the position is written while playing.
    let periodicInterval: Duration
    private let store: StateStore
    /// The state to write; nil once there is nothing to save (the daemon has gone).
    private let snapshot: @MainActor () -> PlayerState?
    private let report: @MainActor (StateStore.Failure) -> Void
    private var scheduled: Task<Void, Never>?
    private var periodic: Task<Void, Never>?
    private var lastWritten: PlayerState?
    /// Set when the next write must happen even if the state looks unchanged.
    private var mustWrite = false

    /// Writes what `snapshot` returns to `store`, reporting failures to `report`.
    init(
        store: StateStore, periodicInterval: Duration, snapshot: @escaping @MainActor () -> PlayerState?,
        report: @escaping @MainActor (StateStore.Failure) -> Void
    ) {
        self.store = store
        self.periodicInterval = periodicInterval
        self.snapshot = snapshot
        self.report = report
    }

    /// Something that is saved may have changed: write within `debounce` if it did.
    func changed() {
        guard scheduled == nil else { return }
        scheduled = Task { @MainActor [weak self, debounce] in
            try? await Task.sleep(for: debounce)
            guard let self, !Task.isCancelled else { return }
            self.scheduled = nil
            self.save(unlessUnchanged: true)
        }
    }

    /// The position jumped or playback stopped moving it (pause, seek, stop): write it soon.
    func positionChanged() {
        mustWrite = true
        changed()
    }

    /// Playback started or stopped: the periodic position write runs only while playing.
    func setPlaying(_ playing: Bool) {
        if playing, periodic == nil {
            periodic = Task { @MainActor [weak self, periodicInterval] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: periodicInterval)
                    guard let self, !Task.isCancelled else { return }
                    self.save(unlessUnchanged: true)
                }
            }
        } else if !playing, let task = periodic {
            task.cancel()
            periodic = nil
            positionChanged()
        }
    }

    /// Writes now (at exit), and stops the timers.
    func saveNow() {
        scheduled?.cancel()
        scheduled = nil
        periodic?.cancel()
        periodic = nil
        save(unlessUnchanged: false)
    }

    private func save(unlessUnchanged: Bool) {
        guard let state = snapshot() else { return }
        if unlessUnchanged, !mustWrite, state == lastWritten { return }
        do throws(StateStore.Failure) {
            try store.save(state)
            lastWritten = state
            mustWrite = false
        } catch {
            report(error)
        }
    }
}
