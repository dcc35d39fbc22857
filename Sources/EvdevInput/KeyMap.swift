import RemoteControl

/// The map from media keys to remote-control events (docs/ARCHITECTURE.md, mappings).
public enum KeyMap {
    public static let keyPlayCD: UInt16 = 200
    public static let keyPlay: UInt16 = 207
    public static let keyPauseCD: UInt16 = 201
    public static let keyStopCD: UInt16 = 166
    public static let keyNextSong: UInt16 = 163
    public static let keyPreviousSong: UInt16 = 165
    public static let keyFastForward: UInt16 = 208
    public static let keyRewind: UInt16 = 168
    public static let keyMedia: UInt16 = 226
    public static let keyPlayPause: UInt16 = 164

    /// Every key code this map knows.
    public static let mediaKeyCodes: [UInt16] = [
        keyPlayCD, keyPlay, keyPauseCD, keyStopCD, keyNextSong, keyPreviousSong, keyFastForward, keyRewind, keyMedia, keyPlayPause,
    ]

    /// Whether `code` is a single-button key (KEY_MEDIA, KEY_PLAYPAUSE): on a headset-like
    /// device it goes through the gesture recognizers.
    public static func isSingleButton(_ code: UInt16) -> Bool {
        code == keyMedia || code == keyPlayPause
    }

    /// The event for a key edge, or nil if the edge means nothing (a release of most keys).
    public static func subtype(for code: UInt16, pressed: Bool) -> RemoteControlSubtype? {
        switch code {
        case keyFastForward: pressed ? .beginSeekingForward : .endSeekingForward
        case keyRewind: pressed ? .beginSeekingBackward : .endSeekingBackward
        case _ where !pressed: nil
        case keyPlayCD, keyPlay: .play
        case keyPauseCD: .pause
        case keyStopCD: .stop
        case keyNextSong: .nextTrack
        case keyPreviousSong: .previousTrack
        case keyMedia, keyPlayPause: .togglePlayPause
        default: nil
        }
    }
}
