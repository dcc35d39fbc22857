// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeConfiguration
import RemoteBridgeMPRIS

/// What happens to playback when headphones are unplugged and plugged back in, as Android
/// (`AUDIO_BECOMING_NOISY`) and iOS (route change) do it.
///
/// Unplugging pauses the now-playing player if it is playing. Plugging back in resumes it only
/// with `resumeOnReconnect`, only if this guard paused it, only within `resumeWithin`, and only
/// if it is still paused (the user may have started something else meanwhile). Several signs of
/// one unplug (the jack switch, the AVRCP device vanishing, BlueZ's `Connected`) pause once.
struct UnplugGuard {
    /// What to do.
    enum Action: Equatable {
        case none
        case pause(String)
        case resume(String)
    }

    /// Whether an unplug pauses (`pause-on-unplug`).
    var pauseOnUnplug: Bool
    /// Whether plugging back in resumes (`resume-on-reconnect`).
    var resumeOnReconnect: Bool
    /// How long after the unplug plugging back in still resumes (`resume-within`).
    var resumeWithin: Duration
    /// The player an unplug paused, and when.
    private(set) var paused: (player: String, at: ContinuousClock.Instant)?

    /// Something was unplugged; `target` is the now-playing player and `status` its state.
    mutating func unplugged(target: String?, status: PlaybackStatus?, at now: ContinuousClock.Instant) -> Action {
        guard pauseOnUnplug, let target, status == .playing else { return .none }
        paused = (target, now)
        return .pause(target)
    }

    /// Something was plugged back in.
    mutating func plugged(target: String?, status: PlaybackStatus?, at now: ContinuousClock.Instant) -> Action {
        guard let paused else { return .none }
        self.paused = nil
        guard resumeOnReconnect, paused.player == target, status == .paused, now - paused.at <= resumeWithin else { return .none }
        return .resume(paused.player)
    }
}

extension UnplugGuard {
    /// The guard `settings` ask for; its defaults are `HeadsetConfiguration`'s, written there once.
    init(_ settings: HeadsetConfiguration) {
        self.init(pauseOnUnplug: settings.pauseOnUnplug, resumeOnReconnect: settings.resumeOnReconnect, resumeWithin: settings.resumeWithin)
    }
}
