// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeEvdev
import Glibc

/// What an input device says about itself, and whether it looks like a headset.
public struct DeviceIdentity: Sendable, Equatable {
    /// The device's name (EVIOCGNAME), or the configured one.
    public var name: String
    /// The bus type (EVIOCGID): 0x03 USB, 0x05 Bluetooth, 0 unknown.
    public var bus: UInt16
    /// The media keys it reports (EVIOCGBIT), or nil when unknown (a FIFO).
    public var mediaKeys: Set<UInt16>?
    /// Whether it has letter keys (EVIOCGBIT): then it is a keyboard, whatever its name or bus.
    public var hasLetterKeys: Bool
    /// The jack switches it reports (SW_HEADPHONE_INSERT and the like), or nil when unknown.
    public var jackSwitches: Set<UInt16>?

    /// The USB bus type (BUS_USB).
    public static let busUSB: UInt16 = 0x03
    /// The Bluetooth bus type (BUS_BLUETOOTH), as BlueZ's AVRCP input device reports it.
    public static let busBluetooth: UInt16 = 0x05

    /// KEY_Q…KEY_P, KEY_A…KEY_L and KEY_Z…KEY_M: a device with any of them types text.
    public static let letterKeys: Set<UInt16> = Set(16...25).union(30...38).union(44...50)

    /// Makes an identity.
    public init(name: String, bus: UInt16 = 0, mediaKeys: Set<UInt16>? = nil, hasLetterKeys: Bool = false, jackSwitches: Set<UInt16>? = nil) {
        self.name = name
        self.bus = bus
        self.mediaKeys = mediaKeys
        self.hasLetterKeys = hasLetterKeys
        self.jackSwitches = jackSwitches
    }

    /// A keyboard: it has letter keys. headsetd never opens one by itself and never grabs one.
    public var isKeyboard: Bool { hasLetterKeys }

    /// Whether it is on Bluetooth (the AVRCP device BlueZ makes for a headset is).
    public var isBluetooth: Bool { bus == Self.busBluetooth || name.hasSuffix("(AVRCP)") }

    /// Headset-like: not a keyboard, and a Bluetooth device, an ALSA jack, or a name with
    /// "Headset", "Headphone" or "(AVRCP)". Its single button goes through the gesture
    /// recognizers, and KEY_PLAYCD/KEY_PAUSECD follow the player's state.
    public var isHeadsetLike: Bool {
        guard !isKeyboard else { return false }
        return bus == Self.busBluetooth || name.contains("Headset") || name.contains("(AVRCP)") || name.hasSuffix(" Jack")
            || name.contains("Headphone") || !(jackSwitches ?? []).isEmpty
    }

    /// Whether it reports a media key or a jack switch: something headsetd has a use for.
    public var hasMediaKeysOrJack: Bool {
        !(mediaKeys ?? []).isEmpty || !(jackSwitches ?? []).isEmpty
    }

    /// Reads the identity of an evdev node through its open descriptor; nil if it is not one.
    static func read(fd: Int32) -> DeviceIdentity? {
        var name = [CChar](repeating: 0, count: 256)
        guard cevdev_get_name(fd, &name, name.count - 1) >= 0 else { return nil }
        var bus: UInt16 = 0
        var vendor: UInt16 = 0
        var product: UInt16 = 0
        var version: UInt16 = 0
        _ = cevdev_get_id(fd, &bus, &vendor, &product, &version)
        let keys = Evdev.supportedKeys(fd) ?? []
        let switches = (Evdev.supportedSwitches(fd) ?? []).intersection(InputEvent.jackSwitches)
        return DeviceIdentity(
            name: String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), bus: bus,
            mediaKeys: keys.filter { KeyMap.mediaKeyCodes.contains($0) }, hasLetterKeys: !keys.isDisjoint(with: letterKeys),
            jackSwitches: switches)
    }
}
