import CEvdev
import Glibc

/// What an input device says about itself, and whether it looks like a headset.
public struct DeviceIdentity: Sendable, Equatable {
    /// The device's name (EVIOCGNAME), or the configured one.
    public var name: String
    /// The bus type (EVIOCGID): 0x03 USB, 0x05 Bluetooth, 0 unknown.
    public var bus: UInt16
    /// The media keys it reports (EVIOCGBIT), or nil when unknown (a FIFO).
    public var mediaKeys: Set<UInt16>?

    public static let busUSB: UInt16 = 0x03
    public static let busBluetooth: UInt16 = 0x05

    /// Makes an identity.
    public init(name: String, bus: UInt16 = 0, mediaKeys: Set<UInt16>? = nil) {
        self.name = name
        self.bus = bus
        self.mediaKeys = mediaKeys
    }

    /// Headset-like: a Bluetooth device, an ALSA jack, or a name with "Headset" or "(AVRCP)".
    /// Its single button goes through the gesture recognizers; a keyboard's does not.
    public var isHeadsetLike: Bool {
        bus == Self.busBluetooth || name.contains("Headset") || name.contains("(AVRCP)") || name.hasSuffix(" Jack")
            || name.contains("Headphone")
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
        let keys = (Evdev.supportedKeys(fd) ?? []).filter { KeyMap.mediaKeyCodes.contains($0) }
        return DeviceIdentity(name: String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), bus: bus, mediaKeys: keys)
    }
}
