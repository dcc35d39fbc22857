// SPDX-License-Identifier: Apache-2.0
import Dispatch
import RemoteBridgeDurations

/// The position and the current entry as a listener hears them, not as mpv has decoded them.
///
/// mpv runs ahead of the speaker by its own queue plus the audio output's buffer (about 0.4 s
/// with `null` or PulseAudio). Two places show it:
/// - With gapless playback, mpv starts the next file (`start-file`, then `playback-restart`) while
///   the old one's last 0.4 s are still to be heard; its `audio-pts` is then negative by that much.
///   The change of entry is kept back until `audio-pts` reaches 0.
/// - A seek while paused after playing reads short by the output's buffer (mpv 0.35
///   audio/out/buffer.c keeps the pre-pause delay across `ao_reset`), although playback resumes
///   at the target. The target is kept and shown until playback runs again.
extension MPVPlayer {
    /// A change of entry that mpv made by itself, not yet heard.
    struct HeardTransition {
        /// The entry mpv went on to.
        var id: Int64
        /// When to look again whether it is heard.
        var timer: (any DispatchSourceTimer)?
    }

    /// How far below 0 mpv's `audio-pts` may be for the new entry to count as heard.
    static let heardTolerance = 0.001

    /// mpv's audio position in the file it has open: negative while the previous file is still
    /// to be heard. Playing, `time-pos` (updated only when mpv's loop runs, up to 0.1 s late) is
    /// the fallback when mpv has no `audio-pts`.
    /// Paused, `time-pos` comes first: it is not late then, and `audio-pts` means little while
    /// the audio output is away or being reopened.
    var mpvAudioPosition: Double? {
        if isPaused, transition == nil, let seconds = mpv.timePos { return seconds }
        if let pts = heardPTS { return pts }
        if let seconds = mpv.timePos { return seconds }
        return nil
    }

    /// mpv's `audio-pts` counted from the file's start, as `time-pos` is (a stream whose
    /// timestamps start later, HLS or MPEG-TS, would otherwise read ahead by that much): as the
    /// engine last reported it, carried forward (`EngineClient.heard`).
    var heardPTS: Double? {
        mpv.heard
    }

    /// The position, as heard: clamped to the entry's length, and the kept seek target while paused.
    var heardPosition: Duration {
        guard mpv.isRunning else {
            let kept = pendingStart.flatMap { $0.id == currentID ? $0.position : nil }
            return clamped(kept ?? .zero, to: current)
        }
        if isPaused, let target = keptSeekTarget { return clamped(target, to: current) }
        // The file is still opening, and will open there.
        if let pending = pendingStart, pending.id == currentID, loadedID != currentID { return clamped(pending.position, to: current) }
        guard let seconds = mpvAudioPosition else { return carriedPosition }
        if transition != nil {
            // Still the old entry, its last part playing: its length less what the new file's
            // negative audio-pts says is left, or, before the new file has one, carried on; never
            // less than carried on from the last read (the two clocks differ by a few ms, and a
            // read of one after the other went back 15 ms under load).
            guard let pts = heardPTS, pts < 0, let length = current?.length else { return carriedPosition }
            return max(clamped(length + .seconds(pts), to: current), carriedPosition)
        }
        // mpv has gone on to the next file and its start is not heard yet, but the main actor
        // has not taken the start-file event: the current entry is still what plays.
        if seconds < -Self.heardTolerance, !isPaused { return carriedPosition }
        var position = clamped(.milliseconds(rounding: max(0, seconds)) ?? .zero, to: current)
        // With nothing heard reported (a file starting, a seek, a restart of playback), the
        // answer is mpv's `time-pos`, held where the engine last said until mpv plays on: it may
        // be a few ms short of what was last answered (3.5 ms was seen as a gapless change
        // began), and a position never goes back by itself. A seek sets `lastHeard` to its target.
        if heardPTS == nil, !isPaused, let lastHeard, lastHeard.id == currentID { position = max(position, lastHeard.position) }
        if !isPaused { lastHeard = (currentID, position, .now) }
        return position
    }

    /// The position carried on from the last one read, at the playback rate (none while paused),
    /// up to the entry's length: while mpv plays out the end of the queue, when it blocks every
    /// call (0.35 player/audio.c drains the audio output under its lock; 0.6 s was measured for
    /// one read), and whenever mpv has no position to give.
    var carriedPosition: Duration {
        guard let lastHeard, lastHeard.id == currentID else { return .zero }
        guard !isPaused else { return clamped(lastHeard.position, to: current) }
        let elapsed = (ContinuousClock.now - lastHeard.at).inSeconds * speed
        return clamped(lastHeard.position + .seconds(elapsed), to: current)
    }


    private func clamped(_ position: Duration, to entry: QueueEntry?) -> Duration {
        let floor = max(.zero, position)
        guard let length = entry?.length else { return floor }
        return min(floor, length)
    }

    /// mpv went on to entry `id` by itself (gapless): it becomes current when it is heard.
    func beginHeardTransition(to id: Int64) {
        endHeardTransition()
        transition = HeardTransition(id: id)
    }

    /// mpv reports playback (re)started: commits a pending change of entry once it is heard,
    /// or looks again when it should be. Returns whether a change is still pending.
    func checkHeardTransition() -> Bool {
        guard let pending = transition else { return false }
        pending.timer?.cancel()
        transition?.timer = nil
        guard let pts = heardPTS, pts < -Self.heardTolerance else {
            commitHeardTransition()
            return false
        }
        guard !isPaused else { return true }  // looked at again when playback resumes
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + Duration.seconds(-pts / max(speed, 0.01)).dispatch, leeway: .milliseconds(1))
        timer.setEventHandler {
            MainActor.assumeIsolated { [weak self] in _ = self?.checkHeardTransition() }
        }
        transition?.timer = timer
        timer.resume()
        return true
    }

    /// The new entry is heard: it is current now, from its start.
    private func commitHeardTransition() {
        guard let pending = transition else { return }
        transition = nil
        guard entries.contains(id: pending.id) else { return }
        if pending.id != currentID, let left = current {
            leave(left.id, at: left.length ?? position, ended: true)
        } else {
            // The entry looped to its own start: it ended too.
            sleepTimerEntryEnded()
        }
        currentID = pending.id
        loadedID = pending.id
        changed(.state)
        changed(.seeked(heardPosition))
    }

    /// Drops a pending change (a command chose another entry, or mpv stopped).
    func endHeardTransition() {
        transition?.timer?.cancel()
        transition = nil
    }
}
