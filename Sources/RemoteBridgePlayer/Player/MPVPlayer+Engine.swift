// SPDX-License-Identifier: Apache-2.0
import Dispatch
import RemoteBridgeDurations

/// The engine process: started when there is something to play, let go after
/// `Configuration.releaseEngineAfter` paused or stopped, and replaced when it ends without
/// warning (a crash, a kill, a hang found by a call's deadline).
///
/// Without an engine the player is what it was with one, paused: the current entry, its position
/// (`pendingStart`), the settings (kept by `EngineClient`), the tags and art it reads itself. The next
/// Play starts an engine and hands it the current entry, at that position.
extension MPVPlayer {
    /// What happened to the engine, for the log.
    public enum EngineReport: Sendable, Equatable, CustomStringConvertible {
        /// An engine started: its process ID and the confinement it reported.
        case started(pid: Int32, confinement: String)
        /// None could be started.
        case cannotStart(reason: String)
        /// The engine program installed speaks another protocol version than this daemon (a
        /// package upgrade): not a loss; the daemon is to be replaced by the installed one.
        /// `meantToPlay`: the engine was started for a Play.
        case otherVersion(version: UInt32, reason: String, meantToPlay: Bool)
        /// The engine was let go after `idle` paused or stopped.
        case released(idle: Duration)
        /// The engine ended without warning while `url` was current (nil: none). With `skipped`,
        /// that was the second time in a row on that entry, which counts as the entry failing;
        /// otherwise playback goes on there, at `position`.
        case lost(reason: String, url: String?, position: Duration, skipped: Bool)

        public var description: String {
            switch self {
            case .started(let pid, let confinement): "engine started (pid \(pid)); confined: \(confinement)"
            case .cannotStart(let reason): "cannot start the engine: \(reason)"
            case .otherVersion(let version, let reason, _): "the engine installed is of another version (protocol \(version)): \(reason)"
            case .released(let idle): "engine ended after \(idle.inSeconds.rounded()) s without playing; the next Play starts another"
            case .lost(let reason, let url, let position, let skipped):
                if let url {
                    skipped
                        ? "engine ended unexpectedly (\(reason)) a second time in a row on \(url): skipping it"
                        : "engine ended unexpectedly (\(reason)) with \(url) open at \(position.inSeconds) s; going on from there in a new one"
                } else {
                    "engine ended unexpectedly (\(reason)) with nothing open"
                }
            }
        }
    }

    /// Whether an engine process runs now.
    public var hasEngine: Bool { mpv.isRunning }

    /// Whether an engine program waits, prepared, for the first Play (`prepareEngine()`).
    public var hasPreparedEngine: Bool { mpv.isPrepared }

    /// Starts the engine program ahead of a Play that is on its way (a daemon started by D-Bus
    /// activation: a media-button resume, `remotectl queue`), so that it loads libmpv and the
    /// libraries under it while the daemon starts; mpv itself starts at the Play. Unused, it is
    /// let go after `releaseEngineAfter`, as an idle engine is.
    public func prepareEngine() {
        guard !mpv.isRunning, !isShutDown else { return }
        do throws(PlayerError) {
            try mpv.prepare()
        } catch {
            listeners.announce(.engine(.cannotStart(reason: error.description)))
            return
        }
        scheduleEngineRelease()
    }

    /// The engine's process ID, while one runs.
    public var enginePID: Int32? { mpv.pid }

    /// How many engines have been started.
    public var enginesStarted: Int { mpv.started }

    /// Unpauses, starting an engine first if none runs (it starts on its own thread; what is asked
    /// meanwhile goes to it in order). With `reloading`, a new engine is handed the current entry
    /// at its position (Play on a paused player); without, the caller hands it what is to play next.
    func unpause(reloading: Bool) throws(PlayerError) {
        if !mpv.isRunning {
            do throws(PlayerError) {
                try mpv.start()
            } catch {
                listeners.announce(.engine(.cannotStart(reason: error.description)))
                throw error
            }
            if reloading, status != .stopped, let index = currentIndex { playIndex(index) }
        }
        mpv.set("pause", false)
        takeAskedPause()
    }

    /// The pause asked of mpv is the player's at once, as mpv's word on it would be: clients see
    /// Playing or Paused when they ask for it, not once the engine has done it (a new engine
    /// does it after it has started).
    func takeAskedPause() {
        guard let asked = mpv.value("pause").flag, asked != isPaused else { return }
        propertyChanged("pause", .flag(asked))
    }

    /// The engine started by `unpause` could not start: the player is as it was without one,
    /// paused, its entry and position kept for the next Play.
    func engineCannotStart(reason: String, otherVersion: UInt32?) {
        guard !isShutDown else { return }
        let meantToPlay = mpv.askedFlag("pause") == false && currentID != nil
        forgetEngine()
        isPaused = true
        mpv.set("pause", true)
        listeners.announce(.engine(otherVersion.map { .otherVersion(version: $0, reason: reason, meantToPlay: meantToPlay) } ?? .cannotStart(reason: reason)))
        changed(.state)
    }

    /// Forgets all that the engine held (its playlist, the file it had open, a pending change of
    /// entry, a scan, the audio output's state): it has gone.
    func forgetEngine() {
        endScanning(announce: false)
        endHeardTransition()
        cancelEngineRelease()
        window.cleared()
        loadedFile = LoadedFile()
        loadedID = nil
        keptSeekTarget = nil
        lastHeard = nil
        mpvSeekable = false
        audioOutput.forgetEngine()
    }

    // MARK: Letting it go

    /// After a change of state: a player that has stopped playing gets its release scheduled, and one
    /// playing again has it cancelled.
    func scheduleEngineRelease() {
        guard mpv.isRunning || mpv.isPrepared, !isShutDown, configuration.releaseEngineAfter > .zero else { return }
        if status == .playing || isScanning || audioOutput.resumes {
            cancelEngineRelease()
            return
        }
        guard engineRelease == nil else { return }
        let after = configuration.releaseEngineAfter
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + after.dispatch, leeway: .seconds(1))
        timer.setEventHandler {
            MainActor.assumeIsolated { [weak self] in self?.releaseEngine(idle: after) }
        }
        engineRelease = timer
        timer.resume()
    }

    func cancelEngineRelease() {
        engineRelease?.cancel()
        engineRelease = nil
    }

    /// Ends the engine of a player that is not playing; the position is kept for the next one.
    func releaseEngine(idle: Duration) {
        engineRelease = nil
        guard mpv.isRunning || mpv.isPrepared, status != .playing else { return }
        if status == .paused, let currentID { pendingStart = (currentID, resumePosition) }
        forgetEngine()
        mpv.release()
        listeners.announce(.engine(.released(idle: idle)))
    }

    // MARK: Losing it

    /// The engine ended without warning. The entry it had open is where playback goes on, in a new
    /// engine if it was playing (else at the next Play); a second loss in a row on the same entry
    /// counts as that entry failing, and playback goes on with the next one.
    func engineLost(reason: String, position reported: Double?, reportedAt: ContinuousClock.Instant?) {
        guard !isShutDown else { return }
        // What the player meant, whether or not the engine had taken it before it went. Not from
        // mpv's idle-active: an engine killed as it starts leaves its first value (idle, before the
        // file was handed over) to be taken after the live read has found it gone.
        let wasPlaying = (mpv.askedFlag("pause") == false && currentID != nil) || audioOutput.resumes
        var position = resumePosition
        if let currentID, loadedID == currentID {
            if let reported, let heard = Duration.milliseconds(rounding: max(0, reported)) { position = heard }
            // The engine's last report, or a seek asked since (the client keeps both). A read of
            // the position since is only that report carried forward, which an engine that hung
            // did not play; without any report, what was last heard is all there is.
            if reportedAt == nil, let lastHeard, lastHeard.id == currentID { position = carriedPosition }
        }
        forgetEngine()
        // Paused unless playback goes on in a new engine, which is not announced as a pause on the way.
        let halt = { [self] in
            isPaused = true
            mpv.set("pause", true)
        }
        guard let currentID, let entry = current else {
            halt()
            listeners.announce(.engine(.lost(reason: reason, url: nil, position: .zero, skipped: false)))
            isIdle = true
            changed(.state)
            return
        }
        let losses = (engineLosses?.id == currentID ? engineLosses?.count ?? 0 : 0) + 1
        engineLosses = (currentID, losses)
        let url = QueueLimits.excerpt(entry.url)
        guard losses >= 2 else {
            listeners.announce(.engine(.lost(reason: reason, url: url, position: position, skipped: false)))
            pendingStart = (currentID, position)
            if wasPlaying {
                isIdle = false  // the current entry is handed to the new engine: not stopped
                do throws(PlayerError) { try unpause(reloading: true) } catch { halt() }
            } else {
                halt()
            }
            changed(.state)
            return
        }
        listeners.announce(.engine(.lost(reason: reason, url: url, position: position, skipped: true)))
        changed(.loadFailed(url: url, reason: "the engine ended while playing it, twice in a row (\(reason))"))
        failedInARow += 1
        pendingStart = nil
        if let index = currentIndex, let next = self.index(after: index), failedInARow < entries.count {
            if wasPlaying { startAt(index: next) } else { halt(); playIndex(next) }
        } else {
            halt()
            stop()
        }
        changed(.state)
    }
}
