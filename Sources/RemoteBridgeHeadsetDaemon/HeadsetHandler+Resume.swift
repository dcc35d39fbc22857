// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeMPRIS
import RemoteBridgeResume
import RemoteBridgeCore

extension HeadsetHandler {
    /// Whether `event` may start remote-playerd when no player could take it: play, or
    /// play/pause (the single click's default). Next, previous, stop, seeking, and the unplug and
    /// plug handling never do.
    static func asksToResume(_ event: RemoteControlEvent) -> Bool {
        event.subtype == .play || event.subtype == .togglePlayPause
    }

    /// Whether no player on the bus could take a press: there is none, or none of them has a
    /// current track or ever played one (an idle player that would only ignore it), or only a
    /// Bluetooth device's own player that is not playing (the rule leaves it out).
    var noPlayerCouldTakeIt: Bool {
        tracker.players.values.allSatisfy { !$0.takesPresses || (!$0.hasTrack && $0.lastStartedPlaying == nil) }
    }

    /// Media-button resumption: handles `event` if it is a play or play/pause press that no player
    /// could take, or one that comes while remote-playerd is starting to resume; returns false to
    /// leave it to the usual delivery (a declined resumption with an idle player to send it to).
    ///
    /// A press while remote-playerd is starting is absorbed, whatever the tracker says by then:
    /// the Play on its way already asks for playing, and a play/pause after it would pause again.
    func resumeIfNoPlayer(_ event: RemoteControlEvent, target: String?) -> Bool {
        guard Self.asksToResume(event) else { return false }
        let name = event.subtype.name
        if resumption.isStarting {
            logger.info("\(name): absorbed; remote-playerd is starting to resume its queue, and plays when it is up")
            return true
        }
        guard noPlayerCouldTakeIt else { return false }
        switch resumption.request() {
        case .alreadyStarting:
            logger.info("\(name): absorbed; remote-playerd is starting to resume its queue, and plays when it is up")
            return true
        case .declined(let reason):
            guard target == nil else {
                logger.info("\(name): no player with a track, and no resume (\(reason)); sending it to \(target ?? "")")
                return false
            }
            let why = tracker.players.isEmpty ? "no MPRIS player to send it to" : "no player takes it (\(tracker.targetReason))"
            logger.notice("\(name): \(why), and no resume: \(reason)")
            return true
        case .started(let verdict, let task):
            logger.info("\(name): no MPRIS player could take it; starting remote-playerd to resume (\(verdict.details))")
            let started = ContinuousClock.now
            Task { [weak self] in
                let outcome = await task.value
                self?.report(outcome, after: ContinuousClock.now - started)
            }
            return true
        }
    }

    /// One log line for how a resumption ended.
    private func report(_ outcome: PlayerResumption.Outcome, after elapsed: Duration) {
        switch outcome {
        case .resumed:
            logger.info("resumed: remote-playerd is up and answered Play, \(elapsed) after the press")
        case .notActivatable(let message):
            logger.warning(
                "could not resume: the bus has no activation file for \(MPRISNames.remotePlayerd) (\(message)); install dbus/services/\(MPRISNames.remotePlayerd).service")
        case .failed(let message):
            logger.warning("could not resume: \(message)")
        case .declined(let reason):
            logger.notice("no resume: \(reason)")
        case .alreadyStarting:
            break
        }
        listeners.announce(.resumed(outcome))
    }
}
