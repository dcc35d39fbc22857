// SPDX-License-Identifier: Apache-2.0
/// A button, named by its Linux evdev key code (`linux/input-event-codes.h`).
public struct Button: Sendable, Hashable, CustomStringConvertible {
    /// The evdev key code, such as 226 for `KEY_MEDIA`.
    public var code: UInt16
    /// A readable name, such as `KEY_MEDIA`.
    public var name: String

    /// Makes a button from a key code and a name.
    public init(code: UInt16, name: String) {
        self.code = code
        self.name = name
    }

    /// The name.
    public var description: String { name }

    /// The single button of a wired or Bluetooth headset: `KEY_MEDIA`, 226.
    public static let headset = Button(code: 226, name: "KEY_MEDIA")
    /// `KEY_PLAYPAUSE`, 164: a keyboard's play/pause key, and some headsets' only button.
    public static let playPause = Button(code: 164, name: "KEY_PLAYPAUSE")
    /// `KEY_PLAYCD`, 200.
    public static let playCD = Button(code: 200, name: "KEY_PLAYCD")
    /// `KEY_PLAY`, 207.
    public static let play = Button(code: 207, name: "KEY_PLAY")
    /// `KEY_PAUSECD`, 201.
    public static let pauseCD = Button(code: 201, name: "KEY_PAUSECD")
    /// `KEY_STOPCD`, 166.
    public static let stopCD = Button(code: 166, name: "KEY_STOPCD")
    /// `KEY_NEXTSONG`, 163.
    public static let nextSong = Button(code: 163, name: "KEY_NEXTSONG")
    /// `KEY_PREVIOUSSONG`, 165.
    public static let previousSong = Button(code: 165, name: "KEY_PREVIOUSSONG")
    /// `KEY_FASTFORWARD`, 208.
    public static let fastForward = Button(code: 208, name: "KEY_FASTFORWARD")
    /// `KEY_REWIND`, 168.
    public static let rewind = Button(code: 168, name: "KEY_REWIND")

    /// Every media button above, in key-code order.
    public static let mediaButtons: [Button] = [
        .nextSong, .playPause, .previousSong, .stopCD, .rewind, .playCD, .pauseCD, .play, .fastForward, .headset,
    ]

    /// The media button with this key code, if it is one of `mediaButtons`.
    public init?(mediaKeyCode code: UInt16) {
        guard let button = Self.mediaButtons.first(where: { $0.code == code }) else { return nil }
        self = button
    }
}
