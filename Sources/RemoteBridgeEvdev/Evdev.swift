// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeEvdev

/// The evdev requests a reader makes of an open device, beyond its identity.
enum Evdev {
    /// Takes the device for ourselves (EVIOCGRAB); false if it is not an evdev node or is taken.
    static func grab(_ fd: Int32) -> Bool {
        cevdev_grab(fd, 1) >= 0
    }

    /// The keys held down right now (EVIOCGKEY), or nil if `fd` is not an evdev node.
    static func pressedKeys(_ fd: Int32) -> Set<UInt16>? {
        keys { cevdev_get_key_state(fd, $0, $1) }
    }

    /// The switches on right now (EVIOCGSW), or nil if `fd` is not an evdev node.
    static func switchesOn(_ fd: Int32) -> Set<UInt16>? {
        keys { cevdev_get_switch_state(fd, $0, $1) }
    }

    /// The keys the device has at all (EVIOCGBIT for EV_KEY), or nil if `fd` is not an evdev node.
    static func supportedKeys(_ fd: Int32) -> Set<UInt16>? {
        keys { cevdev_get_key_bits(fd, $0, $1) }
    }

    /// The switches the device has (EVIOCGBIT for EV_SW), or nil if `fd` is not an evdev node.
    static func supportedSwitches(_ fd: Int32) -> Set<UInt16>? {
        keys { cevdev_get_switch_bits(fd, $0, $1) }
    }

    /// Asks the device to stamp its events with `clock` from now on (EVIOCSCLOCKID); false if
    /// `fd` is not an evdev node or the kernel does not offer that clock.
    static func stamp(_ fd: Int32, with clock: Int32) -> Bool {
        cevdev_set_clock(fd, clock) >= 0
    }

    /// Lets go of a grab taken with `grab`.
    static func ungrab(_ fd: Int32) {
        _ = cevdev_grab(fd, 0)
    }

    /// The codes set in the bitmap a request fills in (KEY_MAX + 1 bits, enough for switches too).
    private static func keys(_ request: (UnsafeMutablePointer<UInt8>, Int) -> Int32) -> Set<UInt16>? {
        var bits = [UInt8](repeating: 0, count: 96)  // KEY_MAX / 8 + 1
        guard request(&bits, bits.count) >= 0 else { return nil }
        var keys: Set<UInt16> = []
        for (index, byte) in bits.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                keys.insert(UInt16(index * 8 + bit))
            }
        }
        return keys
    }
}
