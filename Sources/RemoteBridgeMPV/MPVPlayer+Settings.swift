
/// Volume, speed, loop and shuffle.
extension MPVPlayer {
    /// Sets the volume as a fraction (1.0 is 100%); negative clamps to 0, above the maximum to the maximum.
    public func setVolume(_ volume: Double) {
        guard volume.isFinite else { return }
        try? mpv.set("volume", min(max(0, volume), maximumVolume) * 100)
    }

    /// Sets the playback rate.
    public func setSpeed(_ speed: Double) {
        guard speed.isFinite, speed > 0 else { return }
        try? mpv.set("speed", speed)
    }

    /// Sets the loop mode.
    ///
    /// `loop` changes at once, not when mpv's property event comes back: a `next()` right after
    /// (a LoopStatus Set, then Next) must already wrap.
    public func setLoop(_ loop: Loop) {
        do throws(MPVError) {
            try mpv.set("loop-file", loop == .track ? "inf" : "no")
        } catch {
            return
        }
        guard loop != self.loop else { return }
        self.loop = loop
        // Whether the first entry follows the last changed: mpv's next entry may change with it.
        handNextToMPV()
        changed(.state)
    }

    /// Shuffles the queue, or puts it back in the order it had before (entries added meanwhile
    /// follow, in the order they now have). The current entry stays current.
    public func setShuffle(_ shuffle: Bool) {
        guard shuffle != self.shuffle else { return }
        self.shuffle = shuffle
        if shuffle {
            unshuffledOrder = entries.ids
            entries.reorder(Array(entries.indices).shuffled())
        } else if let order = unshuffledOrder {
            var rank: [Int64: Int] = [:]
            rank.reserveCapacity(order.count)
            for (index, id) in order.enumerated() { rank[id] = index }
            let later = order.count
            let ids = entries.ids
            entries.reorder(ids.indices.sorted { (rank[ids[$0]] ?? later + $0, $0) < (rank[ids[$1]] ?? later + $1, $1) })
            unshuffledOrder = nil
        }
        handNextToMPV()
        changed(.queueChanged)
        changed(.state)
    }
}
