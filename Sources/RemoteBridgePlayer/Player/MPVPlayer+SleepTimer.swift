// SPDX-License-Identifier: Apache-2.0
import Dispatch
import RemoteBridgeDurations

/// The sleep timer (`SleepTimer`) on the real clock: in its last `configuration.sleepFade` the
/// volume fades out, then the player pauses and the volume comes back for the next Play.
///
/// While it fades, clients (MPRIS `Volume`, the state file) are shown the volume from before the
/// fade: the fade is the timer's, not a change of setting. Whatever moves the end away (more
/// time, another entry or chapter, the timer off) puts the volume back at once. The volume is
/// lowered only by the timer's own ticks, never in answer to a change: mpv's report of each
/// lowering is a change too, and would otherwise call for the next one at once.
extension MPVPlayer {
    /// The timer, its next look, and the fade.
    struct SleepState {
        var timer = SleepTimer()
        /// The next look: at the fade's start, then every `fadeStep`.
        var tick: (any DispatchSourceTimer)?
        /// While fading: the volume (a fraction) before the fade, shown to clients and put back.
        var fadeFrom: Double?
        /// Whether playback was moving at the last look (time counts only while it is).
        var wasPlaying = false
    }

    /// How often the fade lowers the volume.
    static let fadeStep: Duration = .milliseconds(100)

    /// The sleep timer.
    public var sleepTimer: SleepTimer { sleep.timer }

    /// The playing time left before the sleep timer pauses; nil when it is off (or waits for
    /// the end of an entry whose length is not known yet).
    public var sleepRemaining: Duration? {
        sleep.timer.remaining(now: .now, position: sleep.timer.target?.id == currentID ? position : nil, speed: speed)
    }

    /// Sets the sleep timer. More time (`.extend`) is added to what is left, whatever the timer
    /// waits for (the end of a chapter 40 minutes away and +15m is 55 minutes).
    public func setSleepTimer(_ request: SleepTimer.Request) {
        let playing = status == .playing
        var asked = request
        if case .extend(let more) = request, sleep.timer.mode != .off {
            asked = .after(min((sleepRemaining ?? .zero) + more, SleepTimer.Request.longest))
        }
        sleep.timer.set(asked, now: .now, playing: playing, target: sleepTarget(for: asked == .endOfChapter ? .endOfChapter : .endOfTrack))
        sleep.wasPlaying = playing
        changed(.sleepTimer)
        sleepTimerMayHaveChanged()
    }

    /// Where the entry, or the chapter, playing now ends.
    private func sleepTarget(for mode: SleepTimer.Mode) -> SleepTimer.Target? {
        guard let id = currentID else { return nil }
        let length = current?.length
        guard mode == .endOfChapter, let index = currentChapterIndex else { return SleepTimer.Target(id: id, from: .zero, end: length) }
        let chapters = self.chapters
        return SleepTimer.Target(id: id, from: chapters[index].start, end: index + 1 < chapters.count ? chapters[index + 1].start : length)
    }

    /// The position was moved on purpose (a seek, a chapter step): an end-of-chapter timer
    /// follows to the chapter it moved to, even one that starts where the old one ended.
    func sleepTimerJumped() {
        guard sleep.timer.mode == .endOfChapter || sleep.timer.mode == .endOfTrack else { return }
        sleep.timer.retarget(sleepTarget(for: sleep.timer.mode))
        sleepTimerMayHaveChanged()
    }

    /// The status, the position or the entry may have changed: counts playing time, follows the
    /// entry or chapter playing, and looks again when the fade is due.
    func sleepTimerMayHaveChanged() {
        sleepTimerMoved(byTick: false)
    }

    private func sleepTimerMoved(byTick: Bool) {
        let mode = sleep.timer.mode
        guard mode != .off else {
            cancelSleepTick()
            return endFade()
        }
        let playing = status == .playing
        if playing != sleep.wasPlaying {
            sleep.timer.playingChanged(playing, now: .now)
            sleep.wasPlaying = playing
        }
        if mode != .time {
            // Another entry, a seek back out of the chapter, or a length now known: the end moves.
            let position = self.position
            let target = sleep.timer.target
            if target?.id != currentID || target?.end == nil || position + Chapter.startTolerance < target?.from ?? .zero
                || position > (target?.end ?? .zero) + .seconds(1)
            {
                sleep.timer.retarget(sleepTarget(for: mode))
            }
        }
        scheduleSleepTick(byTick: byTick)
    }

    private func cancelSleepTick() {
        sleep.tick?.cancel()
        sleep.tick = nil
    }

    /// Looks again when the fade is due, and while fading lowers the volume (on the timer's own
    /// ticks only, and once as the fade starts); ends the timer when no time is left.
    private func scheduleSleepTick(byTick: Bool) {
        cancelSleepTick()
        let fade = configuration.sleepFade
        let left = sleepRemaining
        // The end moved away (more time, another target, an end not known): the fade is undone.
        if sleep.fadeFrom != nil, left.map({ $0 > fade }) ?? true { endFade() }
        guard status == .playing, let remaining = left else { return }
        guard remaining > .zero else { return sleepTimerEnded() }
        let wait: Duration
        if remaining <= fade {
            if byTick || sleep.fadeFrom == nil {
                if sleep.fadeFrom == nil { sleep.fadeFrom = volume }
                let fraction = fade > .zero ? remaining / fade : 0
                mpv.set("volume", (sleep.fadeFrom ?? volume) * fraction * 100)
            }
            wait = min(remaining, Self.fadeStep)
        } else {
            wait = remaining - fade
        }
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + wait.dispatch, leeway: .milliseconds(5))
        timer.setEventHandler {
            MainActor.assumeIsolated { [weak self] in self?.sleepTimerMoved(byTick: true) }
        }
        sleep.tick = timer
        timer.resume()
    }

    /// The time is up: pause, then put the volume back for the next Play.
    private func sleepTimerEnded() {
        cancelSleepTick()
        sleep.timer.set(.off, now: .now, playing: false, target: nil)
        pause()
        endFade()
        changed(.sleepTimer)
    }

    /// The entry playing went on from its end by itself (to another entry, or to its own start
    /// when it loops): an end-of-track timer ends there, and an end-of-chapter one in its last chapter.
    func sleepTimerEntryEnded() {
        let mode = sleep.timer.mode
        guard mode == .endOfTrack || mode == .endOfChapter, let target = sleep.timer.target, target.id == currentID else { return }
        if mode == .endOfTrack || target.end == nil || target.end == current?.length { sleepTimerEnded() }
    }

    /// Ends the timer's work at shutdown: no look after it, and the volume as it was.
    func endSleepTimer() {
        cancelSleepTick()
        endFade()
    }

    /// Puts back the volume from before a fade (and shows it at once, before mpv's report).
    private func endFade() {
        guard let from = sleep.fadeFrom else { return }
        sleep.fadeFrom = nil
        mpvVolume = from * 100
        mpv.set("volume", from * 100)
    }
}
