// SPDX-License-Identifier: Apache-2.0
import Glibc

/// The kernel's stamps on input records, read as how long ago each edge happened.
///
/// Each `struct input_event` carries the time the kernel queued it. By default that is
/// CLOCK_REALTIME, which jumps with the wall clock; ``InputDeviceReader`` asks every evdev node
/// for CLOCK_MONOTONIC (EVIOCSCLOCKID). A FIFO cannot be asked: its writer is expected to
/// stamp with CLOCK_MONOTONIC too (``InputEvent/key(_:pressed:stamp:)``), or to leave the
/// stamps zero. An edge's *age* at the moment it is read is then `now - stamp` on that clock;
/// a reader of the gesture clock puts the edge at `clock.now - age`, so a stall between the
/// kernel and the read does not move it.
public enum InputStamps {
    /// The clock devices are asked to stamp with, and FIFO writers are expected to.
    public static let clock = CLOCK_MONOTONIC

    /// The oldest stamp that is believed. An older one, or one in the future, comes from another
    /// clock (a device that refused EVIOCSCLOCKID stamps with the wall clock, a FIFO writer that
    /// stamps its own way): its edge is taken as happening when it is read.
    public static let trustedAge: Duration = .seconds(60)

    /// ``clock``'s current time, as the stamps count it.
    public static func now() -> Duration {
        var time = timespec()
        clock_gettime(clock, &time)
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }

    /// How long before `now` an edge stamped `stamp` happened: zero for no stamp, and for a
    /// stamp in the future or older than ``trustedAge``.
    public static func age(of stamp: Duration?, now: Duration) -> Duration {
        guard let stamp else { return .zero }
        let age = now - stamp
        return age >= .zero && age <= trustedAge ? age : .zero
    }
}
