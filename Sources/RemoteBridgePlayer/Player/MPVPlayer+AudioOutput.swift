// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol
import RemoteBridgeDurations
import Dispatch

/// The audio output going away and coming back (a sound server that restarts, or that starts
/// after the player). mpv is given `null` as its last output, so a lost output never ends the
/// file: when only `null` opens, the player pauses at the position where the sound stopped and
/// tries the real outputs again with `ao-reload`, at each Play, and by itself (with a growing
/// wait) when playback was on. Playing into `null` never shows as Playing.
extension MPVPlayer {
    /// Whether playback is held paused because no real audio output is open.
    public var isWaitingForAudioOutput: Bool { audioOutput.holdsPlayback }

    /// The mpv options that choose the output: the configured one (or mpv's own order for
    /// `auto`), then `null`, so that a failing output never ends the file.
    static func audioOutputOptions(for output: String) -> [(String, String)] {
        if output == "auto" { return [("audio-fallback-to-null", "yes")] }
        if !watchesAudioOutput(output) { return [("ao", output)] }
        return [("ao", output), ("audio-fallback-to-null", "yes")]
    }

    /// Whether the configured output is watched: not when it is `null`, or a list that ends in
    /// `null` (`pulse,null`): whoever wrote that chose to play on into nothing.
    static func watchesAudioOutput(_ output: String) -> Bool {
        output.split(separator: ",").last?.filter { !$0.isWhitespace } != "null"
    }

    /// The configured output as the log names it.
    private var audioOutputName: String {
        configuration.audioOutput == "auto" ? "auto (every output mpv knows)" : configuration.audioOutput
    }

    // MARK: Hooks

    /// A property changed (called before the player takes it in): a Play while no output is
    /// open is held, and nothing loaded forgets the output.
    func audioOutputPropertyChanged(_ name: String, _ value: MPVNode) {
        guard audioOutput.isWatched else { return }
        switch name {
        case "pause" where value.flag == false && audioOutput.holdsPlayback:
            // Asked to play some other way than play() (next, go to, open): hold it, try again.
            mpv.set("pause", true)
            reopenAudioOutput(play: true)
        case "pause" where value.flag == true:
            notePausedPosition(paused: true)
        case "idle-active" where value.flag == true:
            cancelAudioOutputRetry()
            audioOutput.phase = .unknown
        case "current-ao":
            audioOutputMayHaveChanged()
        default:
            break
        }
    }

    /// A seek (or a start) has been done: while paused, that is where the sound stands.
    func audioOutputPlaybackRestarted() {
        notePausedPosition(paused: isPaused)
    }

    /// Notes where a paused player stands, while a real output is open. When mpv loses or
    /// reopens its output, it drops the audio it had buffered and its position jumps that far
    /// ahead (0.2 s, measured with PulseAudio); a paused player is put back here.
    private func notePausedPosition(paused: Bool) {
        guard audioOutput.isWatched, paused, let currentID, loadedID == currentID,
              case .open(let name) = audioOutput.phase, mpv.value("current-ao").string == name else { return }
        audioOutput.pausedAt = (currentID, position)
    }

    /// Where the paused current entry stood before its output changed, if noted.
    private var pausedPosition: Duration? {
        guard let noted = audioOutput.pausedAt, noted.id == currentID else { return nil }
        return noted.position
    }

    /// Seeks a paused player back to where it stood. Always: mpv may move its position after the
    /// new output's `current-ao` has come (it refills its buffers later), and an exact seek
    /// starts the decoding from the place itself.
    private func returnToPausedPosition() {
        guard let kept = pausedPosition else { return }
        seek(to: kept)
    }

    /// mpv closed, reopened or replaced its output: reads which one is open now.
    func audioOutputMayHaveChanged() {
        guard audioOutput.isWatched else { return }
        if let currentID, loadedID == currentID { audioOutput.positionAtReconfig = (currentID, position) }
        // Read after what was asked so far: the event may come before `current-ao`'s change.
        mpv.read("current-ao") { [weak self] value in
            guard let self, let name = value.string else { return }
            if name == "null" { self.audioOutputUnavailable() } else { self.audioOutputOpened(name) }
        }
    }

    /// A line of mpv's log: an output's reason is kept; the attempt's marker sends the report.
    func audioOutputLogged(prefix: String, level: String, text: String) {
        if text == AudioOutputState.attemptMarker {
            guard let report = audioOutput.pendingReport else { return }
            audioOutput.pendingReport = nil
            listeners.announce(.audioOutput(report(audioOutput.takeReasons())))
        } else {
            audioOutput.note(prefix: prefix, level: level, text: text)
        }
    }

    /// Play while no output is open: tries the outputs again, and plays if one opens. Returns
    /// whether it took the Play (play() does nothing more then).
    func playAfterReopeningAudioOutput() -> Bool {
        audioOutput.reloadedAfterFailure = nil
        guard audioOutput.holdsPlayback else { return false }
        reopenAudioOutput(play: true)
        return true
    }

    /// Pause or Stop: playback no longer goes on by itself when the output comes back.
    func forgetAudioOutputResume() {
        switch audioOutput.phase {
        case .unavailable: audioOutput.phase = .unavailable(resume: false)
        case .reopening: audioOutput.phase = .reopening(play: false, resume: false, again: false)
        case .unknown, .open: return
        }
        cancelAudioOutputRetry()
    }

    /// The file of entry `id` ended because no output at all opened (not even `null`, so this
    /// should not happen): not the file's fault, so nothing is skipped. The entry stays current
    /// and is loaded again, paused, at the position it had (mpv would have gone on to the next);
    /// if that fails too before a Play, mpv is stopped, still on the entry and its position, and
    /// Play starts it there.
    func audioOutputFailedOpeningFile(entry id: Int64?, reason: String) {
        listeners.announce(.audioOutput(.cannotOpen(output: audioOutputName, reason: reason)))
        guard let id, id == currentID, let index = currentIndex else { return }
        let start = pendingStart.flatMap { $0.id == id ? $0.position : nil } ?? audioOutput.lastPosition(of: id)
        mpv.set("pause", true)
        loadedID = nil
        pendingStart = (id, start)
        if audioOutput.reloadedAfterFailure == id {
            stopMPV()
        } else {
            audioOutput.reloadedAfterFailure = id
            playIndex(index)
        }
    }

    // MARK: The state machine

    private func audioOutputUnavailable() {
        let report: (String) -> AudioOutputReport
        switch audioOutput.phase {
        case .unavailable:
            return
        case .unknown, .open:
            let playing = !isPaused
            if playing {
                mpv.set("pause", true)
                // Where the sound stopped, as near as mpv tells: playback goes on from here.
                if let currentID, loadedID == currentID { audioOutput.pausedAt = (currentID, position) }
            }
            returnToPausedPosition()
            let name = audioOutputName
            if case .unknown = audioOutput.phase {
                report = { .cannotOpen(output: name, reason: $0, resuming: playing) }
            } else {
                let url = current?.url
                let position = playing ? position : pausedPosition ?? position
                report = { .lost(output: name, reason: $0, url: url, position: position, resuming: playing) }
            }
            audioOutput.phase = .unavailable(resume: playing)
            if playing { scheduleAudioOutputRetry() }
        case .reopening(_, let resume, true):
            // A Play came while this attempt was under way: it gets an attempt of its own.
            _ = audioOutput.takeReasons()
            audioOutput.phase = .unavailable(resume: resume)
            reopenAudioOutput(play: true)
            return
        case .reopening(let play, let resume, false):
            audioOutput.phase = .unavailable(resume: resume)
            if resume { scheduleAudioOutputRetry() }
            // A retry of its own that fails says nothing: the loss was logged once.
            guard play else {
                _ = audioOutput.takeReasons()
                changed(.state)
                return
            }
            let name = audioOutputName
            report = { .cannotOpen(output: name, reason: $0) }
        }
        audioOutput.pendingReport = report
        mpv.command(["print-text", AudioOutputState.attemptMarker])
        changed(.state)
    }

    private func audioOutputOpened(_ name: String) {
        let previous = audioOutput.phase
        audioOutput.phase = .open(name)
        cancelAudioOutputRetry()
        audioOutput.retryDelay = AudioOutputState.firstRetryDelay
        audioOutput.reasons = []
        let resumed: Bool
        switch previous {
        case .unavailable(let resume): resumed = resume
        case .reopening(let play, let resume, _): resumed = play || resume
        case .unknown:
            // The first output opened: the player may show Playing now.
            changed(.state)
            return
        case .open:
            // mpv reopened its output by itself (the server came back before it tried): its
            // position still jumped past what it had buffered.
            if isPaused { returnToPausedPosition() }
            return
        }
        if resumed {
            // Playback goes on from where the sound stopped, not from past the audio that the
            // reopening dropped.
            returnToPausedPosition()
            mpv.set("pause", false)
        }
        listeners.announce(.audioOutput(.reopened(output: name, resumed: resumed)))
        changed(.state)
    }

    /// Sends `ao-reload`: mpv closes `null` and tries the configured outputs again, keeping the
    /// file and its position; the result comes as a change of `current-ao`.
    private func reopenAudioOutput(play: Bool) {
        switch audioOutput.phase {
        case .unavailable(let resume):
            audioOutput.phase = .reopening(play: play, resume: resume, again: false)
        case .reopening(let waiting, let resume, let again):
            // mpv may have tried the outputs already: a Play now is answered by this attempt if
            // it opens one, else by one more (a server that started since is found then).
            audioOutput.phase = .reopening(play: waiting || play, resume: resume, again: again || play)
            return
        case .unknown, .open:
            return
        }
        mpv.command(["ao-reload"]) { [weak self] _ in
            // mpv had no output to reload: still unavailable, unless something else happened meanwhile.
            guard let self, case .reopening = self.audioOutput.phase else { return }
            self.audioOutput.phase = .unavailable(resume: self.audioOutput.resumes)
        }
    }

    private func scheduleAudioOutputRetry() {
        cancelAudioOutputRetry()
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + audioOutput.retryDelay.dispatch)
        timer.setEventHandler {
            MainActor.assumeIsolated { [weak self] in
                guard let self, case .unavailable(resume: true) = self.audioOutput.phase else { return }
                self.audioOutput.retryTimer = nil
                self.reopenAudioOutput(play: false)
            }
        }
        audioOutput.retryTimer = timer
        audioOutput.retryDelay = min(audioOutput.retryDelay * 2, AudioOutputState.longestRetryDelay)
        timer.resume()
    }

    private func cancelAudioOutputRetry() {
        audioOutput.retryTimer?.cancel()
        audioOutput.retryTimer = nil
    }
}
