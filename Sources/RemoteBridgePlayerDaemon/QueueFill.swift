// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import Dispatch
import Logging
import RemoteBridgePlayer
import RemoteBridgeText
import Synchronization

/// Fills the queue from the command line's files, folders and playlists: read on a queue of
/// its own, handed to the player in chunks on the main actor.
///
/// A library of 100 000 files takes longer to read than a client should wait for the player's
/// name. The daemon waits a short while, and at least for the first chunk
/// (`waitUntilFinished`); a small queue is complete by then, and is in place before the name
/// appears, as always. A large one
/// goes on behind the name: the first chunk is playable at once, `progress` says how far it has
/// come (RemoteControl1's `QueueLoading`, `remotectl status`, the log), and clients are told of
/// the whole queue once it is complete.
@MainActor
final class QueueFill {
    /// Items handed to the player at a time.
    nonisolated static let chunkSize = 4096
    /// Chunks read ahead of the player, at most: what bounds the memory a fill holds.
    nonisolated static let chunksAhead = 4
    /// How often progress is logged.
    nonisolated static let logInterval: Duration = .seconds(1)

    /// How far the fill has come, in words; empty once complete.
    private(set) var progress = ""
    /// Whether the queue is complete.
    private(set) var isFinished = false
    /// What a fill announces to its `listeners`.
    enum Announcement: Equatable {
        /// `progress` changed to this.
        case progress(String)
        /// The queue is complete; announced once.
        case finished
    }

    /// Told of the fill's progress and end.
    let listeners = Listeners<Announcement>()

    private let arguments: [String]
    private let player: MPVPlayer
    private let autoplay: Bool
    private let logger: Logger
    private let stopped = StopFlag()
    private let room = DispatchSemaphore(value: chunksAhead)
    private var receivedChunks = 0
    /// Whether the wait's limit has passed (`waitUntilFinished`).
    private var limitPassed = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private let started = ContinuousClock.now
    private var lastLog = ContinuousClock.now

    /// A fill of `player` from `arguments`; `autoplay` plays the first entry as soon as it is in.
    init(arguments: [String], player: MPVPlayer, autoplay: Bool, logger: Logger) {
        self.arguments = arguments
        self.player = player
        self.autoplay = autoplay
        self.logger = logger
    }

    /// Starts reading.
    func start() {
        progress = "reading \(arguments.first ?? ""): 0 entries so far"
        listeners.announce(.progress(progress))
        let arguments = arguments
        let limit = player.configuration.maximumEntries
        let stopped = stopped
        let room = room
        DispatchQueue(label: "remote-playerd.queue-fill", qos: .userInitiated).async { [weak self] in
            let sink = QueueSink(chunkSize: Self.chunkSize, limit: limit, readsPipes: true) { chunk in
                guard !stopped.isSet else { return false }
                room.wait()
                guard !stopped.isSet else { return false }
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { self?.receive(chunk) }
                }
                return true
            }
            QueueSource.expand(arguments, into: sink)
        }
    }

    /// Stops reading (at shutdown): what is in the queue stays, nothing more is added, and the
    /// queue is not announced as complete (`.finished` is not announced).
    func stop() {
        stopped.set()
        room.signal()
        room.signal()
        guard !isFinished else { return }
        isFinished = true
        resumeWaiters()
    }

    /// Waits until the queue is complete, or `limit` has passed and some of it is in. A queue
    /// smaller than a chunk is thus complete, however busy the machine. A source that gives
    /// nothing at all (a FIFO no one writes to) is waited for no longer than `cap`. Returns
    /// whether the queue is complete.
    func waitUntilFinished(atMost limit: Duration, withNothingReadAtMost cap: Duration) async -> Bool {
        guard !isFinished else { return true }
        let atLimit = MainQueueTimer(after: limit) { [weak self] in
            guard let self else { return }
            self.limitPassed = true
            if self.receivedChunks > 0 { self.resumeWaiters() }
        }
        let atCap = MainQueueTimer(after: cap) { [weak self] in self?.resumeWaiters() }
        await withCheckedContinuation { waiters.append($0) }
        atLimit.cancel()
        atCap.cancel()
        return isFinished
    }

    private func resumeWaiters() {
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume() }
    }

    private func receive(_ chunk: QueueSink.Chunk) {
        room.signal()
        guard !isFinished else { return }
        for problem in chunk.problems { logger.warning("\(OutsideText.escaped(problem, maximumBytes: OutsideText.messageBytes))") }
        if receivedChunks == 0 {
            player.load(chunk.items, play: autoplay)
        } else if !chunk.items.isEmpty {
            player.append(chunk.items)
        }
        receivedChunks += 1
        if limitPassed { resumeWaiters() }
        if chunk.reachedLimit {
            logger.warning(
                "the queue holds at most \(player.configuration.maximumEntries) entries: the rest of \(OutsideText.bareOrQuoted(chunk.source)) was not queued")
        }
        guard !chunk.isLast else { return finish() }
        progress = "reading \(chunk.source): \(chunk.count) entries so far"
        listeners.announce(.progress(progress))
        let now = ContinuousClock.now
        if now - lastLog >= Self.logInterval {
            lastLog = now
            logger.info("\(OutsideText.escaped(progress, maximumBytes: OutsideText.messageBytes))")
        }
    }

    private func finish() {
        guard !isFinished else { return }
        isFinished = true
        if !progress.isEmpty || ContinuousClock.now - started >= Self.logInterval {
            logger.info("queued \(player.entries.count) entries in \(ContinuousClock.now - started)")
        }
        progress = ""
        listeners.announce(.progress(progress))
        resumeWaiters()
        listeners.announce(.finished)
    }
}

/// A flag one thread sets and another reads.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)

    /// Whether it is set.
    var isSet: Bool { value.load(ordering: .acquiring) }

    /// Sets it.
    func set() { value.store(true, ordering: .releasing) }
}
