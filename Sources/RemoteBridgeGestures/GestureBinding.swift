// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore
import RemoteBridgeDurations

/// What a headset gesture does: send a remote-control event, or give the player's sleep timer
/// more time (`sleep-timer +15m`: someone falling asleep to an audiobook holds the button rather
/// than reaching for the phone). The names here are the ones `config.toml` takes, headsetd's
/// `Headset1.Gestures` shows and the docs list, so each is written once.
public enum GestureBinding: Sendable, Hashable {
    /// A remote-control event: `toggle-play-pause`, `next-track`, …
    case event(RemoteControlSubtype)
    /// This much more playing time on the player's sleep timer, or a timer of this length when
    /// none is set: `Playback1.SetSleepTimer("+15m")`, which only remote-playerd serves.
    case sleepTimer(adding: Duration)

    /// What a sleep-timer binding's name starts with; a length of time (`DurationText`) follows.
    public static let sleepTimerPrefix = "sleep-timer +"

    /// The forms a binding takes, as messages and docs list them: every event's name, then the
    /// sleep timer's form. (`none`, which unbinds, is the configuration's word, not a binding.)
    public static var forms: [String] {
        RemoteControlSubtype.allCases.map(\.name) + [sleepTimerPrefix + "DURATION"]
    }

    /// The name: an event's (`next-track`), or `sleep-timer +15m` with the length as
    /// `DurationText.format` writes it.
    public var name: String {
        switch self {
        case .event(let subtype): subtype.name
        case .sleepTimer(let duration): Self.sleepTimerPrefix + DurationText.format(duration)
        }
    }

    /// Reads a name: an event's (`next-track`; not its number, which a config file would not
    /// explain), or `sleep-timer +` and a length of time more than zero (`sleep-timer +15m`,
    /// `sleep-timer +1h30m`).
    public init?(name: String) {
        if name.hasPrefix(Self.sleepTimerPrefix) {
            guard let duration = DurationText.parse(name.dropFirst(Self.sleepTimerPrefix.count)), duration > .zero else { return nil }
            self = .sleepTimer(adding: duration)
        } else if let subtype = RemoteControlSubtype.allCases.first(where: { $0.name == name }) {
            self = .event(subtype)
        } else {
            return nil
        }
    }

    /// The event, for an event binding.
    public var subtype: RemoteControlSubtype? {
        if case .event(let subtype) = self { subtype } else { nil }
    }

    /// What `Playback1.SetSleepTimer` is given for a sleep-timer binding (`+15m`); nil for an event.
    public var sleepTimerRequest: String? {
        if case .sleepTimer(let duration) = self { "+" + DurationText.format(duration) } else { nil }
    }
}
