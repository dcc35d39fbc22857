// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeGestures
import RemoteBridgeCore
import Testing

/// Edges that happened in time but were read late (a busy main actor): they are judged on
/// when they happened, and a deadline that falls due while they wait unread is decided only
/// after they are taken in.
@Suite("Headset gestures: edges read late")
@MainActor
struct LateEdgeTests {
    /// Edges that have happened, stamped, and wait to be read, as records wait in a device.
    final class UnreadEdges: ButtonEdgeSource {
        private var waiting: [ButtonEvent] = []
        private let deliver: (ButtonEvent) -> Void
        init(deliver: @escaping (ButtonEvent) -> Void) { self.deliver = deliver }

        func happened(_ phase: ButtonEvent.Phase, at instant: ContinuousClock.Instant) {
            waiting.append(ButtonEvent(button: .headset, phase: phase, timestamp: instant))
        }

        /// What the device's own read does once the main actor gets to it.
        func takeInPendingEdges() {
            let edges = waiting
            waiting = []
            for edge in edges { deliver(edge) }
        }
    }

    private func fixture() -> (HeadsetFixture, UnreadEdges) {
        let f = HeadsetFixture()
        let unread = UnreadEdges { [unowned f] in f.map.handle($0) }
        f.map.edgeSource = unread
        return (f, unread)
    }

    @Test("a press read at once and its release 80 ms later read 700 ms late: one click, not a failed hold")
    func lateRelease() {
        let (f, unread) = fixture()
        let start = f.driver.clock.now
        f.driver.press()  // read at once: the hold deadline stands at 500 ms
        unread.happened(.up, at: start + .milliseconds(80))
        f.driver.wait(700)  // the main actor was busy; the hold deadline falls due first
        unread.takeInPendingEdges()  // the read it was busy for
        f.settle()
        // Decided when the hold deadline's timer ran: the release had come by then.
        #expect(f.emitted == [Emitted(500, .togglePlayPause, .click)])
    }

    @Test("a click read in time, then a second click whose edges wait 700 ms: one double-click, not two clicks")
    func lateSecondClick() {
        let (f, unread) = fixture()
        let start = f.driver.clock.now
        f.driver.click()  // 0 and 80, read at once: the double-click window ends at 380 ms
        unread.happened(.down, at: start + .milliseconds(200))
        unread.happened(.up, at: start + .milliseconds(280))
        f.driver.wait(700)
        unread.takeInPendingEdges()
        f.settle()
        // The triple-click window after the second release (280 + 300 ms) decides it.
        #expect(f.emitted == [Emitted(580, .nextTrack, .doubleClick)])
    }

    @Test("a whole click waiting unread while nothing is due: a click, timed from its own release")
    func wholeClickLate() {
        let (f, unread) = fixture()
        let start = f.driver.clock.now
        unread.happened(.down, at: start)
        unread.happened(.up, at: start + .milliseconds(80))
        f.driver.wait(700)
        unread.takeInPendingEdges()  // read at 700 ms; the window after the release ended at 380
        f.settle()
        #expect(f.emitted == [Emitted(700, .togglePlayPause, .click)])
    }
}
