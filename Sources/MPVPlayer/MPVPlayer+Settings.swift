
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
            try mpv.set("loop-playlist", loop == .playlist ? "inf" : "no")
        } catch {
            return
        }
        guard loop != self.loop else { return }
        self.loop = loop
        onChange?(.state)
    }

    /// Shuffles or unshuffles the queue (mpv does not reshuffle when a flag changes).
    public func setShuffle(_ shuffle: Bool) {
        guard shuffle != self.shuffle else { return }
        self.shuffle = shuffle
        try? mpv.command([shuffle ? "playlist-shuffle" : "playlist-unshuffle"])
        refreshPlaylist()
        onChange?(.state)
    }
}
