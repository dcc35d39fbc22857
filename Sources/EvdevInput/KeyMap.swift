import RemoteControl

/// The map from media keys to remote-control events (docs/ARCHITECTURE.md, mappings).
public enum KeyMap {
    /// KEY_PLAYCD: play (a Bluetooth headset's AVRCP PLAY).
    public static let keyPlayCD: UInt16 = 200
    /// KEY_PLAY: play.
    public static let keyPlay: UInt16 = 207
    /// KEY_PAUSECD: pause (a Bluetooth headset's AVRCP PAUSE).
    public static let keyPauseCD: UInt16 = 201
    /// KEY_STOPCD: stop.
    public static let keyStopCD: UInt16 = 166
    /// KEY_NEXTSONG: next track.
    public static let keyNextSong: UInt16 = 163
    /// KEY_PREVIOUSSONG: previous track.
    public static let keyPreviousSong: UInt16 = 165
    /// KEY_FASTFORWARD: scan forward while held.
    public static let keyFastForward: UInt16 = 208
    /// KEY_REWIND: scan backward while held.
    public static let keyRewind: UInt16 = 168
    /// KEY_MEDIA: the single button of a wired headset.
    public static let keyMedia: UInt16 = 226
    /// KEY_PLAYPAUSE: play/pause (a keyboard's, or a headset's single button).
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
