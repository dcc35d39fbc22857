// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeGestures
import RemoteBridgeCore

/// The map from media keys to remote-control events (docs/configuration.md, "Media keys").
public enum KeyMap {
    // The codes and names are `RemoteBridgeGestures.Button`'s table, written there once; these are
    // its codes under the names the switch below reads.

    /// KEY_PLAYCD: play (a Bluetooth headset's AVRCP PLAY).
    public static let keyPlayCD = Button.playCD.code
    /// KEY_PLAY: play.
    public static let keyPlay = Button.play.code
    /// KEY_PAUSECD: pause (a Bluetooth headset's AVRCP PAUSE).
    public static let keyPauseCD = Button.pauseCD.code
    /// KEY_STOPCD: stop.
    public static let keyStopCD = Button.stopCD.code
    /// KEY_NEXTSONG: next track.
    public static let keyNextSong = Button.nextSong.code
    /// KEY_PREVIOUSSONG: previous track.
    public static let keyPreviousSong = Button.previousSong.code
    /// KEY_FASTFORWARD: scan forward while held.
    public static let keyFastForward = Button.fastForward.code
    /// KEY_REWIND: scan backward while held.
    public static let keyRewind = Button.rewind.code
    /// KEY_MEDIA: the single button of a wired headset.
    public static let keyMedia = Button.headset.code
    /// KEY_PLAYPAUSE: play/pause (a keyboard's, or a headset's single button).
    public static let keyPlayPause = Button.playPause.code

    /// Every key code this map knows: those of `Button.mediaButtons`, in key-code order.
    public static let mediaKeyCodes: [UInt16] = Button.mediaButtons.map(\.code)

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
