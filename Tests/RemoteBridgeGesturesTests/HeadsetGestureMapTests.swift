// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeGestures
import RemoteBridgeCore
import Testing

/// Each default gesture, with the exact virtual instant of every event: the earliest instant at
/// which the pattern is no longer ambiguous.
@Suite("Headset gestures: default map")
@MainActor
struct HeadsetDefaultGestureTests {
    @Test("click: togglePlayPause once the double-click window (300 ms after release) has passed")
    func click() {
        let f = HeadsetFixture()
        f.driver.click()  // press 0, release 80
        f.driver.wait(299)
        #expect(f.emitted.isEmpty)
        f.settle()
        #expect(f.emitted == [Emitted(380, .togglePlayPause, .click)])
    }

    @Test("double-click: nextTrack 300 ms after the second release")
    func doubleClick() {
        let f = HeadsetFixture()
        f.driver.clicks(2)  // releases at 80 and 310
        f.settle()
        #expect(f.emitted == [Emitted(610, .nextTrack, .doubleClick)])
    }

    @Test("triple-click: previousTrack at the third release, with no wait")
    func tripleClick() {
        let f = HeadsetFixture()
        f.driver.clicks(3)  // releases at 80, 310, 540
        #expect(f.emitted == [Emitted(540, .previousTrack, .tripleClick)])
        f.settle()
        #expect(f.emitted.count == 1)
    }

    @Test("double-click-and-hold: beginSeekingForward 500 ms into the second press, end on release")
    func doubleClickAndHold() {
        let f = HeadsetFixture()
        f.driver.click()
        f.driver.wait(150)
        f.driver.press()  // 230
        f.driver.wait(770)
        f.driver.release()  // 1000
        f.settle()
        #expect(f.emitted == [
            Emitted(730, .beginSeekingForward, .doubleClickAndHold),
            Emitted(1000, .endSeekingForward, .doubleClickAndHold),
        ])
    }

    @Test("triple-click-and-hold: beginSeekingBackward 500 ms into the third press, end on release")
    func tripleClickAndHold() {
        let f = HeadsetFixture()
        f.driver.clicks(2)
        f.driver.wait(150)
        f.driver.press()  // 460
        f.driver.wait(740)
        f.driver.release()  // 1200
        f.settle()
        #expect(f.emitted == [
            Emitted(960, .beginSeekingBackward, .tripleClickAndHold),
            Emitted(1200, .endSeekingBackward, .tripleClickAndHold),
        ])
    }

    @Test("hold is unbound by default: a long press emits nothing")
    func holdUnbound() {
        let f = HeadsetFixture()
        f.driver.click(held: 800)
        f.settle()
        #expect(f.emitted.isEmpty)
    }

    @Test("events carry the headset source and the clock's instant")
    func eventFields() {
        let f = HeadsetFixture()
        f.driver.clicks(3)
        #expect(f.events.count == 1)
        #expect(f.events.first?.source == .headset("tripleClick"))
        #expect(f.events.first?.timestamp == f.driver.clock.now)
        #expect(f.events.first?.source.isBroadcast == true)
    }
}

@Suite("Headset gestures: boundaries and sequences")
@MainActor
struct HeadsetGestureBoundaryTests {
    @Test("a second press 299 ms after the release continues the pattern")
    func gap299() {
        let f = HeadsetFixture()
        f.driver.click()
        f.driver.wait(299)
        f.driver.click()  // press 379, release 459
        f.settle()
        #expect(f.emitted == [Emitted(759, .nextTrack, .doubleClick)])
    }

    @Test("a second press 301 ms after the release starts a new pattern")
    func gap301() {
        let f = HeadsetFixture()
        f.driver.click()
        f.driver.wait(301)
        f.driver.click()  // press 381, release 461
        f.settle()
        #expect(f.emitted == [Emitted(380, .togglePlayPause, .click), Emitted(761, .togglePlayPause, .click)])
    }

    @Test("a press of 499 ms is a click; 501 ms is a hold")
    func holdBoundary() {
        let f = HeadsetFixture()
        f.map.bind(.hold, to: .stop)
        f.driver.click(held: 499)  // release 499
        f.settle()  // now 5499
        #expect(f.emitted == [Emitted(799, .togglePlayPause, .click)])
        f.driver.press()  // 5499
        f.driver.wait(501)
        f.driver.release()
        f.settle()
        #expect(f.emitted.last == Emitted(5999, .stop, .hold))
        #expect(f.emitted.count == 2)
    }

    @Test("four quick clicks: a triple-click, then a click that starts a new pattern")
    func fourClicks() {
        let f = HeadsetFixture()
        f.driver.clicks(4)  // releases at 80, 310, 540, 770
        f.settle()
        #expect(f.emitted == [Emitted(540, .previousTrack, .tripleClick), Emitted(1070, .togglePlayPause, .click)])
    }

    @Test("a click followed at once by a hold is a double-click-and-hold")
    func clickThenHold() {
        let f = HeadsetFixture()
        f.driver.click()
        f.driver.wait(100)
        f.driver.click(held: 600)  // press 180, release 780
        f.settle()
        #expect(f.emitted == [
            Emitted(680, .beginSeekingForward, .doubleClickAndHold),
            Emitted(780, .endSeekingForward, .doubleClickAndHold),
        ])
    }

    @Test("a click, a pause, then a hold: the click fires, and the hold is its own pattern")
    func clickPauseHold() {
        let f = HeadsetFixture()
        f.map.bind(.hold, to: .stop)
        f.driver.click()
        f.driver.wait(400)
        f.driver.click(held: 600)  // press 480, release 1080
        f.settle()
        #expect(f.emitted == [Emitted(380, .togglePlayPause, .click), Emitted(980, .stop, .hold)])
    }

    @Test("a first press held too long is neither a click nor a double-click-and-hold")
    func earlyHoldFailsLongerPatterns() {
        let f = HeadsetFixture()
        f.driver.click(held: 700)
        f.driver.wait(100)
        f.driver.click()
        f.settle()
        #expect(f.emitted == [Emitted(1180, .togglePlayPause, .click)])
    }
}

@Suite("Headset gestures: rebinding")
@MainActor
struct HeadsetRebindingTests {
    @Test("with only click bound, a click fires on release with no added wait")
    func onlyClickBound() {
        let f = HeadsetFixture()
        for gesture in HeadsetGesture.allCases where gesture != .click {
            f.map.bind(gesture, to: nil)
        }
        f.driver.click()
        #expect(f.emitted == [Emitted(80, .togglePlayPause, .click)])
        f.driver.wait(50)
        f.driver.click()  // press 130, release 210: a new pattern, not a double-click
        #expect(f.emitted.last == Emitted(210, .togglePlayPause, .click))
    }

    @Test("unbinding the triple patterns lets a double-click fire on its second release")
    func latencyDropsForDoubleClick() {
        let f = HeadsetFixture()
        f.map.bind(.tripleClick, to: nil)
        f.map.bind(.tripleClickAndHold, to: nil)
        f.driver.clicks(2)
        #expect(f.emitted == [Emitted(310, .nextTrack, .doubleClick)])
    }

    @Test("with click-and-hold patterns unbound, a click still waits only for the double-click window")
    func clickWaitsOnlyForBoundPatterns() {
        let f = HeadsetFixture()
        f.map.bind(.doubleClick, to: nil)
        f.map.bind(.tripleClick, to: nil)
        f.map.bind(.tripleClickAndHold, to: nil)
        // double-click-and-hold is still bound, so a click waits 300 ms for a second press.
        f.driver.click()
        f.settle()
        #expect(f.emitted == [Emitted(380, .togglePlayPause, .click)])
        f.map.bind(.doubleClickAndHold, to: nil)
        let before = f.driver.elapsed
        f.driver.click()
        #expect(f.emitted.last == Emitted(before + 80, .togglePlayPause, .click))
    }

    @Test("rebinding changes the emitted subtype; unbinding silences the gesture")
    func rebind() {
        let f = HeadsetFixture()
        f.map.bind(.tripleClick, to: .stop)
        #expect(f.map.bindings[.tripleClick] == .stop)
        f.driver.clicks(3)
        #expect(f.emitted == [Emitted(540, .stop, .tripleClick)])
        f.map.bind(.doubleClick, to: nil)
        #expect(f.map.bindings[.doubleClick] == nil)
        f.driver.wait(1000)
        f.driver.clicks(2)  // 1540-1620, 1770-1850
        f.settle()
        #expect(f.emitted.count == 1)
    }

    @Test("hold bound to a seek emits the matching end on release")
    func holdBoundToSeek() {
        let f = HeadsetFixture()
        f.map.bind(.hold, to: .beginSeekingBackward)
        f.driver.click(held: 900)
        #expect(f.emitted == [Emitted(500, .beginSeekingBackward, .hold), Emitted(900, .endSeekingBackward, .hold)])
    }

    @Test("a hold bound to a non-seek subtype emits it once, when recognized")
    func holdBoundToOther() {
        let f = HeadsetFixture()
        f.map.bind(.doubleClickAndHold, to: .stop)
        f.driver.click()
        f.driver.wait(100)
        f.driver.click(held: 2000)
        f.settle()
        #expect(f.emitted == [Emitted(680, .stop, .doubleClickAndHold)])
    }

    @Test("rebinding while a seek is held ends the seek first")
    func rebindDuringSeek() {
        let f = HeadsetFixture()
        f.driver.click()
        f.driver.wait(100)
        f.driver.press()  // 180
        f.driver.wait(600)  // began at 680
        f.map.bind(.doubleClickAndHold, to: nil)
        f.driver.release()
        f.settle()
        #expect(f.emitted == [
            Emitted(680, .beginSeekingForward, .doubleClickAndHold),
            Emitted(780, .endSeekingForward, .doubleClickAndHold),
        ])
    }

    @Test("shorter click and hold timings are honoured")
    func customTimings() {
        let f = HeadsetFixture()
        f.map.maximumClickInterval = .milliseconds(200)
        f.map.minimumHoldDuration = .milliseconds(300)
        f.driver.click()
        f.settle()
        f.driver.click()  // 5080: press, 5160 release
        f.driver.wait(150)
        f.driver.press()  // 5310
        f.driver.wait(300)
        f.driver.release()
        f.settle()
        #expect(f.emitted == [
            Emitted(280, .togglePlayPause, .click),
            Emitted(5610, .beginSeekingForward, .doubleClickAndHold),
            Emitted(5610, .endSeekingForward, .doubleClickAndHold),
        ])
    }

    @Test("resetBindings restores the defaults")
    func resetBindings() {
        let f = HeadsetFixture()
        f.map.bind(.click, to: nil)
        f.map.bind(.hold, to: .stop)
        f.map.resetBindings()
        #expect(f.map.bindings.count == 5)
        #expect(f.map.bindings[.click] == .togglePlayPause)
        #expect(f.map.bindings[.hold] == nil)
    }

    @Test("gesture names parse in kebab-case and raw form")
    func gestureNames() {
        for gesture in HeadsetGesture.allCases {
            #expect(HeadsetGesture(name: gesture.name) == gesture)
            #expect(HeadsetGesture(name: gesture.rawValue) == gesture)
        }
        #expect(HeadsetGesture(name: "quadruple-click") == nil)
    }
}
