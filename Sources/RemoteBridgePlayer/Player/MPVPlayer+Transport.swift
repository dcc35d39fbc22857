// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import Dispatch
import FoundationEssentials
import Glibc

/// Play, pause, stop, next, previous, seeking and scanning.
extension MPVPlayer {
    /// Resumes if paused; if stopped, starts the current entry, or the first.
    public func play() {
        if playAfterReopeningAudioOutput() { return }
        if status == .stopped {
            guard !entries.isEmpty else { return }
            try? unpause(reloading: false)
            playIndex(currentIndex ?? 0)
        } else {
            try? unpause(reloading: true)
        }
    }

    /// Pauses.
    public func pause() {
        forgetAudioOutputResume()
        mpv.set("pause", true)
        takeAskedPause()
    }

    /// Stops, keeping the queue; the position goes to 0.
    public func stop() {
        if status != .stopped { leave(currentID, at: position) }
        forgetAudioOutputResume()
        endScanning()
        endHeardTransition()
        keptSeekTarget = nil
        stopMPV()
        isIdle = true
    }

    /// The next chapter in a long file with chapters (`stepsThroughChapters`), else the next entry.
    public func next() {
        let following = currentChapterIndex.map { $0 + 1 } ?? 0
        if stepsThroughChapters, following < chapters.count {
            try? goToChapter(following)
        } else {
            nextEntry()
        }
    }

    /// The next entry; at the end, wraps when looping the playlist, else stops.
    public func nextEntry() {
        guard let index = currentIndex else { return }
        if let next = self.index(after: index) {
            playIndex(next)
        } else {
            stop()
        }
    }

    /// In a long file with chapters (`stepsThroughChapters`), the current or previous chapter
    /// (`previousChapter()`); else `previousEntry()`.
    public func previous() {
        if stepsThroughChapters, currentChapterIndex != nil {
            try? previousChapter()
        } else {
            previousEntry()
        }
    }

    /// Restarts the track if more than the threshold has played; otherwise the previous entry.
    public func previousEntry() {
        guard let index = currentIndex else { return }
        let threshold = configuration.previousRestartThreshold
        if threshold > .zero, position > threshold || index == 0 {
            seek(to: .zero)
        } else {
            playIndex(index - 1)
        }
    }

    /// Seeks relative to the position; before 0 clamps to 0; past the end moves to the next entry.
    public func seek(by offset: Duration) {
        let target = position + offset
        if let length = current?.length, target >= length {
            next()
        } else {
            seek(to: max(.zero, target))
        }
    }

    /// Seeks to an absolute position. Before the current file has opened, the seek waits for it.
    public func seek(to position: Duration) {
        let target = max(.zero, position)
        // An end-of-chapter sleep timer follows to the chapter the seek lands in.
        defer { sleepTimerJumped() }
        guard mpv.isRunning else {
            // No engine: the position is kept for the next one, and heard as the new one.
            guard let currentID else { return }
            pendingStart = (currentID, target)
            changed(.seeked(target))
            return
        }
        if transition != nil, let currentID, let index = currentIndex {
            // Meant for the entry still heard, which mpv has already closed: open it again there.
            pendingStart = (currentID, target)
            playIndex(index)
            return
        }
        if let currentID, loadedID != currentID {
            pendingStart = (currentID, target)
            return
        }
        keptSeekTarget = target
        lastHeard = (currentID, target, .now)
        mpv.command(["seek", Self.seconds(target), "absolute+exact"])
    }

    /// Starts scanning: repeated relative seeks at 4× real time or faster, until `endScanning()`.
    public func beginScanning(forward: Bool) {
        guard status != .stopped else { return }
        endScanning(announce: false)
        scanDirection = forward ? 1 : -1
        let timer = DispatchSource.makeTimerSource(queue: .main)
        let interval = configuration.scanInterval
        timer.schedule(deadline: .now() + interval.dispatch, repeating: interval.dispatch)
        timer.setEventHandler {
            MainActor.assumeIsolated { [weak self] in self?.scanTick() }
        }
        scanTimer = timer
        timer.resume()
    }

    /// Stops scanning, returns to normal playback, and announces the new position.
    public func endScanning() {
        endScanning(announce: true)
    }

    func endScanning(announce: Bool) {
        guard let timer = scanTimer else { return }
        timer.cancel()
        scanTimer = nil
        scanDirection = 0
        if announce { changed(.seeked(position)) }
    }

    /// Whether a scan is in progress.
    public var isScanning: Bool { scanTimer != nil }

    /// How far a scan jumps: `configuration.scanStep`, longer in spoken word as its skips are
    /// (`spokenWordScanScale`).
    func scanStep(forward: Bool) -> Duration {
        guard current?.isSpokenWord == true else { return configuration.scanStep }
        let scale = forward ? configuration.spokenWordScanScale.forward : configuration.spokenWordScanScale.backward
        return configuration.scanStep * max(scale, 0.01)
    }

    func scanTick() {
        let step = scanStep(forward: scanDirection > 0)
        let target = position + (scanDirection > 0 ? step : .zero - step)
        if target <= .zero {
            seek(to: .zero)
            endScanning()
        } else if let length = current?.length, target >= length {
            endScanning()
            next()
        } else {
            // Absolute, from the heard position: mpv's relative seek counts from its own, which
            // reads short after a pause.
            lastHeard = (currentID, target, .now)
            mpv.command(["seek", Self.seconds(target), "absolute+exact"])
            changed(.state)
        }
    }
}
