// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore
import Testing

@Suite("Deallocation")
@MainActor
struct DeallocationTests {
    @Test("a responder graph and its application are freed when they go out of scope")
    func graphIsFreed() {
        weak var weakApp: RemoteApplication?
        weak var weakA: Responder?
        weak var weakB: Responder?
        weak var weakC: Responder?
        do {
            let f = ChainFixture()
            f.b.becomeFirstResponder()
            f.a.becomeFirstResponder()
            _ = f.app.addEventMonitor { [log = f.log] _ in log.visits.append("monitor") }
            let outcome = f.app.sendEvent(RemoteControlEvent(subtype: .play))
            #expect(outcome == .discarded)
            weakApp = f.app
            weakA = f.a
            weakB = f.b
            weakC = f.c
            #expect(weakApp != nil && weakA != nil && weakB != nil && weakC != nil)
        }
        #expect(weakApp == nil)
        #expect(weakA == nil)
        #expect(weakB == nil)
        #expect(weakC == nil)
    }

    @Test("an outcome keeps its responder alive only as long as the outcome itself")
    func outcomeHoldsHandler() {
        weak var weakHandler: Responder?
        var outcome: DeliveryOutcome?
        do {
            let f = ChainFixture()
            f.b.handles = [.play]
            f.a.becomeFirstResponder()
            outcome = f.app.sendEvent(RemoteControlEvent(subtype: .play))
            weakHandler = f.b
        }
        #expect(weakHandler != nil)
        #expect(outcome?.responder?.responderName == "b")
        outcome = nil
        #expect(weakHandler == nil)
    }
}
