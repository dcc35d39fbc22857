// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEvdev
import RemoteBridgeGestures
import RemoteBridgeHeadsetDaemon
import RemoteBridgeTesting
import Testing

/// headsetd judges a click pattern on the times the device stamped its edges, not on when it
/// read them: a main actor busy for 700 ms does not turn a click into a hold, nor two clicks
/// into two single clicks. Real time here (the stall is the point), on headsetd's own clock.
@Suite("headsetd: gestures timed by the device's stamps under a busy main actor")
@MainActor
struct LateReadTests {
    /// A hold is bound too (to stop), so that a click taken for a hold shows.
    private static let holdBound = "[headset.gestures]\nhold = \"stop\"\n"
    private static let button = KeyMap.keyMedia

    private func edge(_ pressed: Bool, at stamp: Duration) -> [InputEvent] {
        [.key(Self.button, pressed: pressed, stamp: stamp), .report]
    }

    @Test("a press read at once, its release 80 ms later left in the FIFO while the main actor is blocked 700 ms: one click, not a hold")
    func clickWhileBlocked() async throws {
        let f = try await HeadsetFixture(headset: Self.holdBound, gestureClock: ContinuousGestureClock())
        try await f.settle { f.handler.tracker.target != nil }
        let pressed = InputStamps.now()
        try f.fifo.write(edge(true, at: pressed))
        f.handler.takeInPendingEdges()  // read on time, as the device's read source does: the hold deadline is set
        try f.fifo.write(edge(false, at: pressed + .milliseconds(80)))
        stallMainActor(for: .milliseconds(700))  // the hold deadline falls due with the release unread
        try await f.settle { !f.answers.isEmpty }
        #expect(f.answered == [.togglePlayPause])
        #expect(f.edges == 2)
    }

    @Test("a click read on time, a second one 120 ms after it left in the FIFO while the main actor is blocked 700 ms: one double-click")
    func doubleClickWhileBlocked() async throws {
        let f = try await HeadsetFixture(headset: Self.holdBound, gestureClock: ContinuousGestureClock())
        try await f.settle { f.handler.tracker.target != nil }
        let start = InputStamps.now() - .milliseconds(80)
        try f.fifo.write(edge(true, at: start) + edge(false, at: start + .milliseconds(80)))
        f.handler.takeInPendingEdges()  // the first click, read on time: the double-click window ends 300 ms after it
        try f.fifo.write(edge(true, at: start + .milliseconds(200)) + edge(false, at: start + .milliseconds(280)))
        stallMainActor(for: .milliseconds(700))  // the window ends with the second click unread
        try await f.settle { !f.answers.isEmpty }
        #expect(f.answered == [.nextTrack])
        #expect(f.edges == 4)
    }
}
