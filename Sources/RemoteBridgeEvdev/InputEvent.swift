// SPDX-License-Identifier: Apache-2.0
/// One `struct input_event` record, as the kernel writes it on 64-bit Linux: a `timeval`
/// (two 64-bit fields), then `u16 type`, `u16 code`, `s32 value`. 24 bytes, little-endian.
public struct InputEvent: Sendable, Equatable {
    /// The record's size in bytes.
    public static let size = 24

    /// EV_SYN, the synchronization event type.
    public static let synchronization: UInt16 = 0
    /// EV_KEY, the key event type.
    public static let key: UInt16 = 1
    /// EV_SW, the switch event type (a jack's insert switches).
    public static let switchEvent: UInt16 = 5
    /// SW_HEADPHONE_INSERT, SW_LINEOUT_INSERT and SW_JACK_PHYSICAL_INSERT: the switches that
    /// say something is plugged into an audio jack.
    public static let jackSwitches: Set<UInt16> = [2, 6, 7]
    /// SYN_REPORT: the events before it belong together.
    public static let synReport: UInt16 = 0
    /// SYN_DROPPED: the kernel's buffer overran and events were lost.
    public static let synDropped: UInt16 = 3

    /// Seconds of the kernel's timestamp.
    public var seconds: Int64
    /// Microseconds of the kernel's timestamp.
    public var microseconds: Int64
    /// EV_SYN, EV_KEY, ….
    public var type: UInt16
    /// The key or sync code.
    public var code: UInt16
    /// For keys: 1 press, 0 release, 2 autorepeat.
    public var value: Int32

    /// Makes a record.
    public init(seconds: Int64 = 0, microseconds: Int64 = 0, type: UInt16, code: UInt16, value: Int32) {
        self.seconds = seconds
        self.microseconds = microseconds
        self.type = type
        self.code = code
        self.value = value
    }

    /// Makes a record stamped `stamp` (time since the stamping clock's start, see ``InputStamps``).
    public init(stamp: Duration, type: UInt16, code: UInt16, value: Int32) {
        let (seconds, attoseconds) = stamp.components
        self.init(seconds: seconds, microseconds: attoseconds / 1_000_000_000_000, type: type, code: code, value: value)
    }

    /// The kernel's timestamp, or nil when the record carries none (both fields zero, as
    /// writers that do not stamp leave them).
    public var stamp: Duration? {
        guard seconds != 0 || microseconds != 0 else { return nil }
        return .seconds(seconds) + .microseconds(microseconds)
    }

    /// A key edge.
    public static func key(_ code: UInt16, pressed: Bool) -> InputEvent {
        InputEvent(type: key, code: code, value: pressed ? 1 : 0)
    }

    /// A key edge stamped `stamp`, as a device asked for CLOCK_MONOTONIC stamps writes it.
    public static func key(_ code: UInt16, pressed: Bool, stamp: Duration) -> InputEvent {
        InputEvent(stamp: stamp, type: key, code: code, value: pressed ? 1 : 0)
    }

    /// A switch change, such as a headphone jack (`code` 2) unplugged (`on` false).
    public static func switchChange(_ code: UInt16, on: Bool) -> InputEvent {
        InputEvent(type: switchEvent, code: code, value: on ? 1 : 0)
    }

    /// SYN_REPORT, which ends a group of events.
    public static let report = InputEvent(type: synchronization, code: synReport, value: 0)

    /// The record's 24 bytes.
    public var bytes: [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(Self.size)
        withUnsafeBytes(of: seconds.littleEndian) { result += $0 }
        withUnsafeBytes(of: microseconds.littleEndian) { result += $0 }
        withUnsafeBytes(of: type.littleEndian) { result += $0 }
        withUnsafeBytes(of: code.littleEndian) { result += $0 }
        withUnsafeBytes(of: value.littleEndian) { result += $0 }
        return result
    }

    /// Reads a record from 24 bytes starting at `offset`.
    public init(bytes: some RandomAccessCollection<UInt8>, at offset: Int) {
        func integer<T: FixedWidthInteger>(_ start: Int, _: T.Type) -> T {
            var value: T = 0
            for index in 0..<MemoryLayout<T>.size {
                let byte = bytes[bytes.index(bytes.startIndex, offsetBy: offset + start + index)]
                value |= T(truncatingIfNeeded: byte) << (8 * index)
            }
            return value
        }
        self.init(
            seconds: integer(0, Int64.self), microseconds: integer(8, Int64.self), type: integer(16, UInt16.self),
            code: integer(18, UInt16.self), value: integer(20, Int32.self))
    }
}

/// A change read from a device: a key pressed or released, or a switch turned on or off.
public struct InputEdge: Sendable, Equatable {
    /// `InputEvent.key` or `InputEvent.switchEvent`.
    public var type: UInt16
    /// The key or switch code.
    public var code: UInt16
    /// A key: pressed. A switch: on (for a jack switch, something is plugged in).
    public var pressed: Bool
    /// When it happened, by the record's stamp (``InputEvent/stamp``); nil when unstamped.
    public var stamp: Duration?

    /// Makes an edge.
    public init(type: UInt16 = InputEvent.key, code: UInt16, pressed: Bool, stamp: Duration? = nil) {
        self.type = type
        self.code = code
        self.pressed = pressed
        self.stamp = stamp
    }

    /// Whether this is a key edge.
    public var isKey: Bool { type == InputEvent.key }
}

/// Groups records the way the kernel documents: events up to a SYN_REPORT belong together, and
/// after SYN_DROPPED everything up to and including the next SYN_REPORT is discarded, then the
/// key and switch state is read from the device again and the difference reported as edges.
///
/// Without that resync a release lost in the drop would leave a key down for good (a headset
/// button stuck in a hold scans forever), and a jack pulled during the drop would go unnoticed
/// (playback would go on out of the speakers).
public struct InputEventDecoder: Sendable {
    private var buffer: [UInt8] = []
    private var dropping = false
    /// The keys reported pressed and not yet released.
    public private(set) var pressedKeys: Set<UInt16> = []
    /// The switches on, as reported or as the device said.
    public private(set) var switchesOn: Set<UInt16> = []
    /// The switches an event has reported: their off state is known too.
    private var switchesReported: Set<UInt16> = []

    /// Makes a decoder; `switchesOn` is what the device says is on when it is opened.
    public init(switchesOn: Set<UInt16> = []) {
        self.switchesOn = switchesOn
    }

    /// Takes raw bytes (any split) and returns the key and switch edges they complete.
    /// Autorepeat (value 2) is ignored. After a drop, `currentState` says what is down and on
    /// now (EVIOCGKEY, EVIOCGSW). Keys: when it cannot tell (nil: a FIFO, a failed ioctl),
    /// every key still down is released, since a stuck key does more harm than a lost hold.
    /// Switches: one believed on and now off is reported off, one reported off and now on is
    /// reported on; when the device cannot tell, they stay as they were.
    public mutating func feed(_ bytes: some Sequence<UInt8>, currentState: () -> InputDeviceState = { InputDeviceState() }) -> [InputEdge] {
        buffer += bytes
        var edges: [InputEdge] = []
        var offset = 0
        while offset + InputEvent.size <= buffer.count {
            let event = InputEvent(bytes: buffer, at: offset)
            offset += InputEvent.size
            if event.type == InputEvent.synchronization {
                if event.code == InputEvent.synDropped {
                    dropping = true
                } else if event.code == InputEvent.synReport, dropping {
                    dropping = false
                    let state = currentState()
                    var found = resync(keys: state.keys ?? [])
                    if let switches = state.switches { found += resync(switches: switches) }
                    // What the drop hid is known from the report that ends it.
                    edges += found.map { InputEdge(type: $0.type, code: $0.code, pressed: $0.pressed, stamp: event.stamp) }
                }
                continue
            }
            guard !dropping, event.value == 0 || event.value == 1 else { continue }
            let pressed = event.value == 1
            switch event.type {
            case InputEvent.key:
                if pressed { pressedKeys.insert(event.code) } else { pressedKeys.remove(event.code) }
                edges.append(InputEdge(code: event.code, pressed: pressed, stamp: event.stamp))
            case InputEvent.switchEvent:
                if pressed { switchesOn.insert(event.code) } else { switchesOn.remove(event.code) }
                switchesReported.insert(event.code)
                edges.append(InputEdge(type: event.type, code: event.code, pressed: pressed, stamp: event.stamp))
            default:
                continue
            }
        }
        buffer.removeFirst(offset)
        return edges
    }

    /// Edges that take the keys we believe down to `current`: releases first, then presses,
    /// each in key-code order.
    private mutating func resync(keys current: Set<UInt16>) -> [InputEdge] {
        let released = pressedKeys.subtracting(current).sorted().map { InputEdge(code: $0, pressed: false) }
        let pressed = current.subtracting(pressedKeys).sorted().map { InputEdge(code: $0, pressed: true) }
        pressedKeys = current
        return released + pressed
    }

    /// Edges that take the switches we believe on to `current`: offs first, then ons, each in
    /// code order. A switch on now that no event has reported is taken as it is, silently: it
    /// may have been on all along.
    private mutating func resync(switches current: Set<UInt16>) -> [InputEdge] {
        let off = switchesOn.subtracting(current).sorted().map { InputEdge(type: InputEvent.switchEvent, code: $0, pressed: false) }
        let on = current.subtracting(switchesOn).intersection(switchesReported).sorted()
            .map { InputEdge(type: InputEvent.switchEvent, code: $0, pressed: true) }
        switchesOn = current
        return off + on
    }
}
