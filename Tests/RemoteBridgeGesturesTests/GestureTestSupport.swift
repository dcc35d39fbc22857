// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import Testing
import RemoteBridgeGestures
import RemoteBridgeCore

/// An event the map emitted, at a virtual time in milliseconds since the driver started.
struct Emitted: Equatable, CustomStringConvertible {
    let milliseconds: Int64
    let subtype: RemoteControlSubtype
    let gesture: String

    init(_ milliseconds: Int64, _ subtype: RemoteControlSubtype, _ gesture: HeadsetGesture) {
        self.milliseconds = milliseconds
        self.subtype = subtype
        self.gesture = gesture.rawValue
    }

    init(milliseconds: Int64, subtype: RemoteControlSubtype, gesture: String) {
        self.milliseconds = milliseconds
        self.subtype = subtype
        self.gesture = gesture
    }

    var description: String { "\(milliseconds) ms \(subtype.name) (\(gesture))" }
}

/// Milliseconds between two instants.
func milliseconds(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant) -> Int64 {
    let elapsed = end - start
    return elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
}

/// Presses and releases a button on a virtual clock, and records what comes out.
@MainActor
final class ButtonDriver {
    let clock = VirtualClock()
    let start: ContinuousClock.Instant
    let button: Button
    private let sink: (ButtonEvent) -> Void

    init(button: Button = .headset, sink: @escaping (ButtonEvent) -> Void) {
        self.button = button
        self.sink = sink
        start = clock.now
    }

    /// Milliseconds since the driver started.
    var elapsed: Int64 { milliseconds(from: start, to: clock.now) }

    func press() { sink(ButtonEvent(button: button, phase: .down, timestamp: clock.now)) }
    func release() { sink(ButtonEvent(button: button, phase: .up, timestamp: clock.now)) }
    func wait(_ ms: Int64) { clock.advance(by: .milliseconds(ms)) }

    /// A press held for `held` ms, then released.
    func click(held: Int64 = 80) {
        press()
        wait(held)
        release()
    }

    /// `count` clicks, each held `held` ms, with `gap` ms between a release and the next press.
    func clicks(_ count: Int, held: Int64 = 80, gap: Int64 = 150) {
        for index in 0..<count {
            if index > 0 { wait(gap) }
            click(held: held)
        }
    }
}

/// A `HeadsetGestureMap` on a virtual clock, recording the events it emits.
@MainActor
final class HeadsetFixture {
    var map: HeadsetGestureMap!
    var driver: ButtonDriver!
    private(set) var emitted: [Emitted] = []
    private(set) var events: [RemoteControlEvent] = []

    init() {
        driver = ButtonDriver { [unowned self] in self.map.handle($0) }
        map = HeadsetGestureMap(clock: driver.clock)
        map.listeners.add { [unowned self] event in
            events.append(event)
            guard case .headset(let gesture) = event.source else {
                Issue.record("unexpected source \(event.source)")
                return
            }
            emitted.append(Emitted(milliseconds: driver.elapsed, subtype: event.subtype, gesture: gesture))
        }
    }

    /// Lets every pending deadline pass.
    func settle() { driver.wait(5_000) }
}
