// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore
import Testing

@Suite("Responder chain delivery")
@MainActor
struct ResponderChainTests {
    @Test("an unhandled event visits the first responder, then each next, then the application")
    func chainOrder() {
        let f = ChainFixture()
        #expect(f.a.becomeFirstResponder())
        let outcome = f.app.sendEvent(RemoteControlEvent(subtype: .stop))
        #expect(f.log.visits == ["a", "b", "c", "app"])
        #expect(outcome == .discarded)
    }

    @Test("a responder that does not call super keeps the event; nobody above sees it")
    func handlingStopsTheChain() {
        let f = ChainFixture()
        f.b.handles = [.nextTrack]
        f.a.becomeFirstResponder()
        let outcome = f.app.sendEvent(RemoteControlEvent(subtype: .nextTrack))
        #expect(f.log.visits == ["a", "b"])
        #expect(f.c.received.isEmpty)
        #expect(outcome == .handled(by: f.b))
    }

    @Test("calling super passes the event on, unchanged")
    func superPassesOn() {
        let f = ChainFixture()
        f.c.handles = [.skipForward]
        f.a.becomeFirstResponder()
        let event = RemoteControlEvent(subtype: .skipForward, source: .mpris, interval: .seconds(30))
        let outcome = f.app.sendEvent(event)
        #expect(f.log.visits == ["a", "b", "c"])
        #expect(f.a.received == [event])
        #expect(f.c.received == [event])
        #expect(outcome == .handled(by: f.c))
    }

    @Test("the outcome names the responder that handled the event")
    func handledByName() {
        let f = ChainFixture()
        f.c.handles = [.play]
        f.a.becomeFirstResponder()
        let outcome = f.app.sendEvent(RemoteControlEvent(subtype: .play))
        #expect(outcome.name == "handled")
        #expect(outcome.responder?.responderName == "c")
        #expect(outcome.responder === f.c)
    }

    @Test("the application can handle an event itself")
    func applicationHandles() {
        let f = ChainFixture()
        f.app.handles = [.pause]
        f.a.becomeFirstResponder()
        let outcome = f.app.sendEvent(RemoteControlEvent(subtype: .pause))
        #expect(outcome == .handled(by: f.app))
        #expect(outcome.responder?.responderName == "app")
    }

    @Test("an event that reaches the application unhandled is discarded")
    func discardAtApplication() {
        let f = ChainFixture()
        f.a.becomeFirstResponder()
        let outcome = f.app.sendEvent(RemoteControlEvent(subtype: .togglePlayPause))
        #expect(outcome == .discarded)
        #expect(outcome.name == "discarded")
        #expect(outcome.responder == nil)
    }

    @Test("with an empty stack, events go to the application")
    func emptyStackTargetsApplication() {
        let f = ChainFixture()
        f.app.handles = [.play]
        #expect(f.app.sendEvent(RemoteControlEvent(subtype: .play)) == .handled(by: f.app))
        #expect(f.log.visits == ["app"])
    }

    @Test("the default responder name is the type's name")
    func defaultResponderName() {
        final class PlayerViewController: Responder {}
        #expect(PlayerViewController().responderName == "PlayerViewController")
        #expect(RemoteApplication().responderName == "RemoteApplication")
    }

    @Test("the chain names list the route from the first responder up")
    func chainNames() {
        let f = ChainFixture()
        #expect(f.app.responderChainNames == ["app"])
        f.b.becomeFirstResponder()
        #expect(f.app.responderChainNames == ["b", "c", "app"])
    }

    @Test("an event sent while another is being handled gets its own outcome")
    func nestedDelivery() {
        let f = ChainFixture()
        f.a.becomeFirstResponder()
        f.app.handles = [.play]
        let relay = RelayResponder(app: f.app)
        relay.next = f.a
        relay.becomeFirstResponder()
        let outer = f.app.sendEvent(RemoteControlEvent(subtype: .stop))
        #expect(relay.innerOutcome == .handled(by: f.app))
        #expect(outer == .handled(by: relay))
    }

    @Test("a nested event through the same responders leaves the outer outcome intact")
    func nestedDeliveryThroughSameChain() {
        let f = ChainFixture()
        f.a.becomeFirstResponder()
        let relay = RelayResponder(app: f.app)
        relay.next = f.app
        f.c.next = relay
        let outer = f.app.sendEvent(RemoteControlEvent(subtype: .stop))
        #expect(f.log.visits == ["a", "b", "c", "a", "b", "c", "app"])
        #expect(relay.innerOutcome == .discarded)
        #expect(outer == .handled(by: relay))
    }

    @Test("a responder's default handler passes the event on even outside sendEvent")
    func directCall() {
        let f = ChainFixture()
        f.a.remoteControlReceived(with: RemoteControlEvent(subtype: .play))
        #expect(f.log.visits == ["a", "b", "c", "app"])
    }

    @Test("a chain whose next links loop is cut off instead of overflowing the stack")
    func loopedChain() {
        let f = ChainFixture()
        f.a.becomeFirstResponder()
        f.c.next = f.a
        let outcome = f.app.sendEvent(RemoteControlEvent(subtype: .stop))
        #expect(outcome == .discarded)
        #expect(f.log.visits.count > 3)
        #expect(!f.log.visits.contains("app"))
    }
}

/// Handles `stop` by sending a `play` of its own, and remembers that inner outcome.
@MainActor
private final class RelayResponder: Responder {
    let app: RemoteApplication
    var innerOutcome: DeliveryOutcome?

    init(app: RemoteApplication) {
        self.app = app
        super.init()
    }

    override var canBecomeFirstResponder: Bool { true }

    override func remoteControlReceived(with event: RemoteControlEvent) {
        guard event.subtype == .stop else { return super.remoteControlReceived(with: event) }
        innerOutcome = app.sendEvent(RemoteControlEvent(subtype: .play))
    }
}
