// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePlayer

/// Where expanded queue items go as they are found: kept in `collected`, or handed on in chunks,
/// so that a library of 100 000 files is never held whole a second time.
final class QueueSink {
    /// Some items, the problems met since the last chunk, and how far reading has come.
    struct Chunk: Sendable {
        /// The items, in order.
        var items: [QueueItem]
        /// What could not be used, each in a sentence.
        var problems: [String]
        /// Items read so far, these included.
        var count: Int
        /// The argument being read.
        var source: String
        /// Whether reading is over (the last chunk).
        var isLast: Bool
        /// Whether reading stopped at `limit` with more left to read.
        var reachedLimit: Bool
    }

    /// The items, when there is no one to hand them to.
    private(set) var collected: [QueueItem] = []
    /// Every problem met, when there is no one to hand them to.
    private(set) var problems: [String] = []
    /// Items added so far.
    private(set) var count = 0
    /// The argument being read, for progress reports.
    var source = ""
    /// Whether a FIFO named as a playlist is read (as a stream): only the command line's.
    let readsPipes: Bool
    /// Whether reading should stop: the limit was reached, or the receiver said so.
    private(set) var isStopped = false
    private var reachedLimit = false
    private var pending: [QueueItem] = []
    private var pendingProblems: [String] = []
    private let chunkSize: Int
    private let limit: Int
    private let deliver: ((Chunk) -> Bool)?

    /// A sink that keeps everything (`collected`, `problems`).
    init() {
        readsPipes = false
        chunkSize = .max
        limit = .max
        deliver = nil
    }

    /// A sink that hands on chunks of `chunkSize` items, and stops after `limit` items; `deliver`
    /// returns false to stop reading. `readsPipes`: see the property.
    init(chunkSize: Int, limit: Int, readsPipes: Bool, deliver: @escaping (Chunk) -> Bool) {
        self.readsPipes = readsPipes
        self.chunkSize = chunkSize
        self.limit = limit
        self.deliver = deliver
        pending.reserveCapacity(chunkSize)
    }

    /// Adds an item, unless reading has stopped.
    func add(_ item: QueueItem) {
        guard !isStopped else { return }
        guard count < limit else {
            reachedLimit = true
            isStopped = true
            return
        }
        count += 1
        guard deliver != nil else { return collected.append(item) }
        pending.append(item)
        if pending.count >= chunkSize { hand(isLast: false) }
    }

    /// Notes a problem.
    func problem(_ text: String) {
        if deliver == nil { problems.append(text) } else { pendingProblems.append(text) }
    }

    /// Hands on what is pending as the last chunk.
    func flush() {
        guard deliver != nil else { return }
        hand(isLast: true)
    }

    private func hand(isLast: Bool) {
        let chunk = Chunk(items: pending, problems: pendingProblems, count: count, source: source, isLast: isLast, reachedLimit: reachedLimit)
        pending.removeAll(keepingCapacity: true)
        pendingProblems.removeAll()
        if deliver?(chunk) == false { isStopped = true }
    }
}
