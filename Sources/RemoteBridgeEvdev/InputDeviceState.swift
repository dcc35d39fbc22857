// SPDX-License-Identifier: Apache-2.0
/// What a device says is down and on right now: read after SYN_DROPPED to learn what the lost
/// events changed, and at open to know which switches are on.
public struct InputDeviceState: Sendable, Equatable {
    /// The keys held down (EVIOCGKEY); nil when the device cannot say (a FIFO, a failed ioctl).
    public var keys: Set<UInt16>?
    /// The switches that are on (EVIOCGSW), such as a headphone jack's; nil when the device
    /// cannot say.
    public var switches: Set<UInt16>?

    /// Makes a state; nil for what is not known.
    public init(keys: Set<UInt16>? = nil, switches: Set<UInt16>? = nil) {
        self.keys = keys
        self.switches = switches
    }

    /// The state of the evdev node open as `fd`, by ioctl. On anything else (a FIFO answers
    /// ENOTTY) both parts are nil.
    public static func read(fd: Int32) -> InputDeviceState {
        InputDeviceState(keys: Evdev.pressedKeys(fd), switches: Evdev.switchesOn(fd))
    }
}
