// SPDX-License-Identifier: Apache-2.0
/// The kind of a remote-control event, numbered as UIKit's `UIEvent.EventSubtype`.
///
/// 100…109 are UIKit's own values. 200…202 come from `MPRemoteCommandCenter`, which MPRIS
/// also needs: the skips carry an interval and `changePlaybackPosition` carries a position.
public enum RemoteControlSubtype: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// Start or resume playback.
    case play = 100
    /// Pause playback.
    case pause = 101
    /// Stop playback.
    case stop = 102
    /// Toggle between playing and paused.
    case togglePlayPause = 103
    /// Go to the next track.
    case nextTrack = 104
    /// Go to the previous track, or restart the current one.
    case previousTrack = 105
    /// Start scanning backward.
    case beginSeekingBackward = 106
    /// Stop scanning backward.
    case endSeekingBackward = 107
    /// Start scanning forward.
    case beginSeekingForward = 108
    /// Stop scanning forward.
    case endSeekingForward = 109
    /// Jump forward by the event's `interval`.
    case skipForward = 200
    /// Jump backward by the event's `interval`.
    case skipBackward = 201
    /// Jump to the event's `position`.
    case changePlaybackPosition = 202

    /// Whether this ends a scan (`endSeekingForward`, `endSeekingBackward`).
    public var isSeekingEnd: Bool { self == .endSeekingForward || self == .endSeekingBackward }

    /// The kebab-case wire name used on D-Bus, in configuration and on the command line.
    public var name: String {
        switch self {
        case .play: "play"
        case .pause: "pause"
        case .stop: "stop"
        case .togglePlayPause: "toggle-play-pause"
        case .nextTrack: "next-track"
        case .previousTrack: "previous-track"
        case .beginSeekingBackward: "begin-seeking-backward"
        case .endSeekingBackward: "end-seeking-backward"
        case .beginSeekingForward: "begin-seeking-forward"
        case .endSeekingForward: "end-seeking-forward"
        case .skipForward: "skip-forward"
        case .skipBackward: "skip-backward"
        case .changePlaybackPosition: "change-playback-position"
        }
    }

    /// Parses a wire name (`"toggle-play-pause"`) or a decimal raw value (`"103"`).
    ///
    /// Matching is exact: no case folding, no surrounding spaces, no sign.
    public init?(name: String) {
        if let match = Self.allCases.first(where: { $0.name == name }) {
            self = match
        } else if !name.isEmpty, name.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let number = Int(name), let match = Self(rawValue: number)
        {
            self = match
        } else {
            return nil
        }
    }

    /// The wire name.
    public var description: String { name }

    /// True for the subtypes that carry an `interval` (the two skips).
    public var takesInterval: Bool { self == .skipForward || self == .skipBackward }

    /// True for the subtype that carries a `position`.
    public var takesPosition: Bool { self == .changePlaybackPosition }
}
