// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeGestures
import Testing

/// A recognizer under the test's control: it asks for the state the test tells it to on each edge.
@MainActor
final class ScriptedRecognizer: ButtonGestureRecognizer {
    let label: String
    var onDown: ButtonGestureRecognizer.State?
    var onUp: ButtonGestureRecognizer.State?
    private(set) var resets = 0
    private(set) var edges = 0

    init(_ label: String, onDown: State? = nil, onUp: State? = nil) {
        self.label = label
        self.onDown = onDown
        self.onUp = onUp
        super.init()
    }

    override var name: String { label }

    override func buttonDown(_ event: ButtonEvent) {
        edges += 1
        if let onDown { state = onDown }
    }

    override func buttonUp(_ event: ButtonEvent) {
        edges += 1
        if let onUp { state = onUp }
    }

    override func reset() {
        super.reset()
        resets += 1
    }
}

/// A delegate with a veto list and a list of pairs allowed to recognize together.
@MainActor
final class TestDelegate: ButtonGestureRecognizerDelegate {
    var vetoed: Set<String> = []
    var simultaneous: Set<String> = []

    func gestureRecognizerShouldBegin(_ recognizer: ButtonGestureRecognizer) -> Bool {
        !vetoed.contains(recognizer.name)
    }

    func gestureRecognizer(
        _ recognizer: ButtonGestureRecognizer, shouldRecognizeSimultaneouslyWith other: ButtonGestureRecognizer
    ) -> Bool {
        simultaneous.contains(recognizer.name + "+" + other.name)
    }
}

/// An environment on a virtual clock, with a log of action calls as "name:state".
@MainActor
final class EnvironmentFixture {
    let driver: ButtonDriver
    let environment: ButtonGestureEnvironment
    var log: [String] = []

    init() {
        var handle: ((ButtonEvent) -> Void)?
        driver = ButtonDriver { handle?($0) }
        let environment = ButtonGestureEnvironment(clock: driver.clock)
        self.environment = environment
        handle = { environment.handle($0) }
    }

    func add(_ recognizer: ButtonGestureRecognizer) {
        recognizer.addTarget { [unowned self] in log.append("\($0.name):\($0.state)") }
        environment.add(recognizer)
    }
}

@Suite("Gesture recognizers")
@MainActor
struct RecognizerTests {
    @Test("actions run on began, changed and ended, never on failed or cancelled")
    func actionsFollowTheGuide() {
        let f = EnvironmentFixture()
        let continuous = ScriptedRecognizer("c", onDown: .began)
        f.add(continuous)
        f.driver.press()
        continuous.state = .changed
        continuous.state = .cancelled
        #expect(continuous.state == .cancelled)
        f.driver.release()
        #expect(f.log == ["c:began", "c:changed"])
        continuous.onDown = .failed
        f.driver.press()
        #expect(continuous.state == .failed)
        #expect(f.log == ["c:began", "c:changed"])
    }

    @Test("illegal transitions are ignored")
    func illegalTransitions() {
        let r = ScriptedRecognizer("r")
        r.state = .changed
        #expect(r.state == .possible)
        r.state = .cancelled
        #expect(r.state == .possible)
        r.state = .failed
        r.state = .ended
        #expect(r.state == .failed)
    }

    @Test("require(toFail:): the recognizer waits, then recognizes the moment the other fails")
    func requireToFailWaits() {
        let f = EnvironmentFixture()
        let single = ScriptedRecognizer("single", onUp: .recognized)
        let double = ScriptedRecognizer("double")
        f.add(single)
        f.add(double)
        single.require(toFail: double)
        f.driver.click()
        #expect(single.state == .possible)
        #expect(single.isWaitingForOthersToFail)
        #expect(f.log.isEmpty)
        double.state = .failed
        #expect(f.log == ["single:ended"])
    }

    @Test("require(toFail:): the recognizer fails if the other recognizes")
    func requireToFailFails() {
        let f = EnvironmentFixture()
        let single = ScriptedRecognizer("single", onUp: .recognized)
        let double = ScriptedRecognizer("double")
        f.add(single)
        f.add(double)
        single.require(toFail: double)
        f.driver.click()
        double.state = .recognized
        #expect(f.log == ["double:ended"])
        // single failed, so the pattern is over and both are back to possible.
        #expect(!single.isWaitingForOthersToFail)
        #expect(single.state == .possible)
    }

    @Test("require(toFail:): the recognizer fails if the other begins")
    func requireToFailFailsOnBegin() {
        let f = EnvironmentFixture()
        let single = ScriptedRecognizer("single", onUp: .recognized)
        let hold = ScriptedRecognizer("hold")
        f.add(single)
        f.add(hold)
        single.require(toFail: hold)
        f.driver.press()
        hold.state = .began
        f.driver.release()
        #expect(single.state == .failed)
        #expect(f.log == ["hold:began"])
    }

    @Test("require(toFail:) chains resolve in order: A waits for B, B waits for C")
    func requireToFailChain() {
        let f = EnvironmentFixture()
        let a = ScriptedRecognizer("a", onUp: .recognized)
        let b = ScriptedRecognizer("b", onUp: .recognized)
        let c = ScriptedRecognizer("c")
        f.add(a)
        f.add(b)
        f.add(c)
        a.require(toFail: b)
        b.require(toFail: c)
        f.driver.click()
        #expect(f.log.isEmpty)
        #expect(a.isWaitingForOthersToFail && b.isWaitingForOthersToFail)
        c.state = .failed
        #expect(f.log == ["b:ended"])
        #expect(!a.isWaitingForOthersToFail)
    }

    @Test("a delegate veto makes the recognizer fail without an action")
    func delegateVeto() {
        let f = EnvironmentFixture()
        let delegate = TestDelegate()
        delegate.vetoed = ["vetoed"]
        let vetoed = ScriptedRecognizer("vetoed", onUp: .recognized)
        vetoed.delegate = delegate
        let other = ScriptedRecognizer("other", onUp: .recognized)
        f.add(vetoed)
        f.add(other)
        f.driver.click()
        #expect(f.log == ["other:ended"])
    }

    @Test("by default the first recognizer to recognize makes the others fail")
    func exclusiveByDefault() {
        let f = EnvironmentFixture()
        let first = ScriptedRecognizer("first", onUp: .recognized)
        let second = ScriptedRecognizer("second", onUp: .recognized)
        f.add(first)
        f.add(second)
        f.driver.press()
        f.driver.release()
        #expect(f.log == ["first:ended"])
        #expect(second.edges == 1)
    }

    @Test("a delegate can let two recognizers recognize simultaneously")
    func simultaneous() {
        let f = EnvironmentFixture()
        let delegate = TestDelegate()
        delegate.simultaneous = ["second+first"]
        let first = ScriptedRecognizer("first", onUp: .recognized)
        let second = ScriptedRecognizer("second", onUp: .recognized)
        second.delegate = delegate
        f.add(first)
        f.add(second)
        f.driver.click()
        #expect(f.log == ["first:ended", "second:ended"])
    }

    @Test("a began recognizer blocks later ones unless simultaneous")
    func beganBlocksOthers() {
        let f = EnvironmentFixture()
        let hold = ScriptedRecognizer("hold", onDown: .began, onUp: .ended)
        let late = ScriptedRecognizer("late")
        f.add(hold)
        f.add(late)
        f.driver.press()
        #expect(late.state == .failed)
        #expect(f.log == ["hold:began"])
        f.driver.release()
        #expect(f.log == ["hold:began", "hold:ended"])
    }

    @Test("after a pattern, every recognizer resets to possible, calling no action")
    func resetAfterPattern() {
        let f = EnvironmentFixture()
        let winner = ScriptedRecognizer("winner", onUp: .recognized)
        let loser = ScriptedRecognizer("loser")
        f.add(winner)
        f.add(loser)
        let resetsBefore = winner.resets
        f.driver.click()
        #expect(f.log == ["winner:ended"])
        #expect(winner.state == .possible)
        #expect(loser.state == .possible)
        #expect(winner.resets == resetsBefore + 1)
        #expect(loser.resets >= 1)
        f.driver.click()
        #expect(f.log == ["winner:ended", "winner:ended"])
    }

    @Test("no reset while the button is still down, or while a recognizer keeps a deadline")
    func noResetMidPattern() {
        let f = EnvironmentFixture()
        let failing = ScriptedRecognizer("failing", onDown: .failed)
        let waiting = ScriptedRecognizer("waiting")
        f.add(failing)
        f.add(waiting)
        f.driver.press()
        #expect(failing.state == .failed)
        waiting.setDeadline(at: f.driver.clock.now + .milliseconds(100))
        f.driver.release()
        #expect(failing.state == .failed)
        f.driver.wait(50)
        #expect(failing.state == .failed)
        waiting.state = .failed
        #expect(failing.state == .possible)
        #expect(waiting.state == .possible)
    }

    @Test("repeated presses and stray releases are ignored")
    func strayEdges() {
        let f = EnvironmentFixture()
        let r = ScriptedRecognizer("r")
        f.add(r)
        f.driver.release()
        #expect(r.edges == 0)
        f.driver.press()
        f.driver.press()
        #expect(r.edges == 1)
    }

    @Test("a deadline that is due is delivered before a later button edge, even if its timer is late")
    func overdueDeadlineFirst() {
        let f = EnvironmentFixture()
        let double = ClickGestureRecognizer(numberOfClicks: 2)
        f.add(double)
        f.driver.click()
        // The 300 ms window ends at 380; an edge stamped 400 arrives before the clock moved.
        f.environment.handle(ButtonEvent(button: .headset, phase: .down, timestamp: f.driver.start + .milliseconds(400)))
        f.environment.handle(ButtonEvent(button: .headset, phase: .up, timestamp: f.driver.start + .milliseconds(450)))
        #expect(f.log.isEmpty)
        #expect(double.clickCount == 1)
    }

    @Test("removing a recognizer releases those waiting for it")
    func removeReleasesWaiters() {
        let f = EnvironmentFixture()
        let single = ScriptedRecognizer("single", onUp: .recognized)
        let double = ScriptedRecognizer("double")
        f.add(single)
        f.add(double)
        single.require(toFail: double)
        f.driver.click()
        #expect(f.log.isEmpty)
        f.environment.remove(double)
        #expect(f.log == ["single:ended"])
        #expect(f.environment.recognizers.count == 1)
    }

    @Test("cancel() cancels a began gesture and fails a possible one")
    func cancel() {
        let f = EnvironmentFixture()
        let hold = ScriptedRecognizer("hold", onDown: .began)
        f.add(hold)
        f.driver.press()
        hold.cancel()
        #expect(hold.state == .cancelled)
        let other = ScriptedRecognizer("other")
        other.cancel()
        #expect(other.state == .failed)
    }

    @Test("click recognizers count clicks; click-and-hold ones begin on the held press")
    func concreteRecognizers() {
        let f = EnvironmentFixture()
        let delegate = TestDelegate()
        delegate.simultaneous = ["double-click+double-click-and-hold", "double-click-and-hold+double-click"]
        let double = ClickGestureRecognizer(numberOfClicks: 2)
        let doubleHold = ClickAndHoldGestureRecognizer(numberOfClicks: 2)
        double.delegate = delegate
        f.add(double)
        f.add(doubleHold)
        #expect(double.name == "double-click" && doubleHold.name == "double-click-and-hold")
        f.driver.clicks(2)
        #expect(f.log == ["double-click:ended"])
        f.driver.wait(1000)
        f.driver.click()
        f.driver.wait(100)
        f.driver.press()
        f.driver.wait(500)
        #expect(f.log == ["double-click:ended", "double-click-and-hold:began"])
        f.driver.release()
        #expect(f.log.last == "double-click-and-hold:ended")
    }
}
