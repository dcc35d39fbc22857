// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore
import Testing

@Suite("Event monitors")
@MainActor
struct EventMonitorTests {
    @Test("monitors run in the order they were added, before any responder")
    func order() {
        let f = ChainFixture()
        f.a.becomeFirstResponder()
        _ = f.app.addEventMonitor { _ in f.log.visits.append("monitor-1") }
        _ = f.app.addEventMonitor { _ in f.log.visits.append("monitor-2") }
        f.app.sendEvent(RemoteControlEvent(subtype: .play))
        #expect(f.log.visits == ["monitor-1", "monitor-2", "a", "b", "c", "app"])
    }

    @Test("monitors see events that are then refused")
    func seeRefusedEvents() {
        let app = RemoteApplication()
        var seen: [RemoteControlSubtype] = []
        _ = app.addEventMonitor { seen.append($0.subtype) }
        #expect(app.sendEvent(RemoteControlEvent(subtype: .play)) == .notReceiving)
        app.beginReceivingRemoteControlEvents()
        #expect(app.sendEvent(RemoteControlEvent(subtype: .pause, source: .mediaKeys)) == .notNowPlaying)
        #expect(seen == [.play, .pause])
    }

    @Test("monitors get the event exactly as sent")
    func seeTheEvent() {
        let app = RemoteApplication()
        let event = RemoteControlEvent(subtype: .changePlaybackPosition, source: .mpris, position: .seconds(42))
        var seen: [RemoteControlEvent] = []
        _ = app.addEventMonitor { seen.append($0) }
        app.sendEvent(event)
        #expect(seen == [event])
    }

    @Test("a monitor cannot reroute the event it is watching")
    func cannotReroute() {
        let f = ChainFixture()
        f.a.handles = [.play]
        f.c.handles = [.play]
        f.a.becomeFirstResponder()
        _ = f.app.addEventMonitor { _ in
            f.c.becomeFirstResponder()
            f.app.endReceivingRemoteControlEvents()
            f.app.isNowPlaying = false
        }
        #expect(f.app.sendEvent(RemoteControlEvent(subtype: .play, source: .mediaKeys)) == .handled(by: f.a))
        #expect(f.log.visits == ["a"])
    }

    @Test("a removed monitor sees nothing more; others keep running")
    func removal() {
        let app = RemoteApplication()
        var first = 0
        var second = 0
        let token = app.addEventMonitor { _ in first += 1 }
        _ = app.addEventMonitor { _ in second += 1 }
        app.sendEvent(RemoteControlEvent(subtype: .play))
        app.removeEventMonitor(token)
        app.removeEventMonitor(token)
        app.sendEvent(RemoteControlEvent(subtype: .play))
        #expect(first == 1)
        #expect(second == 2)
    }
}

@Suite("Application listeners: delivery and state")
@MainActor
struct ApplicationListenerTests {
    @Test("listeners hear every event after delivery, with its outcome")
    func deliveryObservers() {
        let f = ChainFixture()
        f.b.handles = [.play]
        f.a.becomeFirstResponder()
        var seen: [(RemoteControlSubtype, String, String?)] = []
        let id = f.app.listeners.add { announced in
            guard case .delivered(let event, let outcome) = announced else { return }
            seen.append((event.subtype, outcome.name, outcome.responder?.responderName))
            f.log.visits.append("observer")
        }
        f.app.sendEvent(RemoteControlEvent(subtype: .play))
        f.app.sendEvent(RemoteControlEvent(subtype: .stop))
        f.app.endReceivingRemoteControlEvents()
        f.app.sendEvent(RemoteControlEvent(subtype: .play))
        #expect(seen.map(\.0) == [.play, .stop, .play])
        #expect(seen.map(\.1) == ["handled", "discarded", "not-receiving"])
        #expect(seen.map(\.2) == ["b", nil, nil])
        #expect(f.log.visits.prefix(3) == ["a", "b", "observer"])
        f.app.listeners.remove(id)
        f.app.sendEvent(RemoteControlEvent(subtype: .play))
        #expect(seen.count == 3)
    }

    @Test("listeners hear about receiving, now playing and the stack, and only real changes")
    func stateObservers() {
        let app = RemoteApplication()
        let r = RecordingResponder("r", next: app)
        var changes = 0
        app.listeners.add { if case .stateChanged = $0 { changes += 1 } }
        app.beginReceivingRemoteControlEvents()
        app.beginReceivingRemoteControlEvents()
        #expect(changes == 1)
        app.endReceivingRemoteControlEvents()
        app.endReceivingRemoteControlEvents()
        app.endReceivingRemoteControlEvents()
        #expect(changes == 2)
        app.isNowPlaying = true
        app.isNowPlaying = true
        #expect(changes == 3)
        r.becomeFirstResponder()
        #expect(changes == 4)
        r.resignFirstResponder()
        r.resignFirstResponder()
        #expect(changes == 5)
    }
}
