// SPDX-License-Identifier: Apache-2.0

/// Volume, speed, loop and shuffle.
extension MPVPlayer {
    /// Sets the volume as a fraction (1.0 is 100%); negative clamps to 0, above the maximum to the maximum.
    public func setVolume(_ volume: Double) {
        guard volume.isFinite else { return }
        let level = min(max(0, volume), maximumVolume)
        // While the sleep timer fades, the new level is what comes back; the fade goes on from it.
        if sleep.fadeFrom != nil {
            sleep.fadeFrom = level
            changed(.state)
            return
        }
        mpv.set("volume", level * 100)
    }

    /// Sets the playback rate.
    public func setSpeed(_ speed: Double) {
        guard speed.isFinite, speed > 0 else { return }
        mpv.set("speed", speed)
        keepRate(speed)
    }

    /// Sets the loop mode.
    ///
    /// `loop` changes at once, not when mpv's property event comes back: a `next()` right after
    /// (a LoopStatus Set, then Next) must already wrap.
    public func setLoop(_ loop: Loop) {
        mpv.set("loop-file", loop == .track ? "inf" : "no")
        guard loop != self.loop else { return }
        self.loop = loop
        // Whether the first entry follows the last changed: mpv's next entry may change with it.
        handNextToMPV()
        changed(.state)
    }

    /// Shuffles the queue, or puts it back in the order it had before (entries added meanwhile
    /// follow, in the order they were added). The current entry stays current.
    public func setShuffle(_ shuffle: Bool) {
        guard shuffle != self.shuffle else { return }
        if shuffle {
            unshuffledOrder = entries.ids
            entries.reorder(Array(entries.indices).shuffled())
        } else if let order = unshuffledIndices {
            entries.reorder(order)
        }
        self.shuffle = shuffle
        if !shuffle { unshuffledOrder = nil }
        handNextToMPV()
        changed(.queueChanged)
        changed(.state)
    }

    /// An entry left the queue. While shuffled, the order before shuffling keeps its id for now:
    /// finding it there would search the whole order on every removal, while an id is never
    /// given again and `unshuffledIndices` passes over those not in the queue. The ids of entries
    /// gone are swept out at once when they outnumber the queue's: one pass for as many removals.
    func sweepUnshuffledOrderIfStale() {
        guard let order = unshuffledOrder, order.count > 2 * entries.count + 64 else { return }
        let kept = Set(entries.ids)
        unshuffledOrder = order.filter { kept.contains($0) }
    }

    /// While shuffled, the order turning shuffle off gives back, as indices into `entries`: the
    /// order the queue had before shuffling, entries added since after the others in the order
    /// they were added. Nil when not shuffled, or when that order is not known (a queue loaded
    /// while shuffled stays as it is). The state file saves it.
    public var unshuffledIndices: [Int]? {
        guard shuffle, let order = unshuffledOrder else { return nil }
        let ids = entries.ids
        var index: [Int64: Int] = [:]
        index.reserveCapacity(ids.count)
        for (position, id) in ids.enumerated() { index[id] = position }
        var placed = [Bool](repeating: false, count: ids.count)
        var indices: [Int] = []
        indices.reserveCapacity(ids.count)
        for id in order {
            guard let position = index[id], !placed[position] else { continue }
            placed[position] = true
            indices.append(position)
        }
        // An entry the order does not hold (none, while every edit keeps it) follows, as it stands.
        for position in ids.indices where !placed[position] { indices.append(position) }
        return indices
    }
}
