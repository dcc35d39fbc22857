// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore
import Testing

@Suite("RemoteControlEvent")
struct RemoteControlEventTests {
    @Test("defaults: a test event, no payload, stamped now")
    func defaults() {
        let before = ContinuousClock.now
        let event = RemoteControlEvent(subtype: .play)
        let after = ContinuousClock.now
        #expect(event.source == .test)
        #expect(event.interval == nil)
        #expect(event.position == nil)
        #expect(event.timestamp >= before && event.timestamp <= after)
    }

    @Test("events are values that compare by every field")
    func equality() {
        let instant = ContinuousClock.now
        let event = RemoteControlEvent(subtype: .skipForward, source: .mpris, interval: .seconds(30), timestamp: instant)
        var copy = event
        #expect(copy == event)
        copy.interval = .seconds(10)
        #expect(copy != event)
        #expect(RemoteControlEvent(subtype: .play, timestamp: instant) != RemoteControlEvent(subtype: .play, source: .mpris, timestamp: instant))
    }

    @Test("broadcast sources are media keys, input devices and headsets")
    func broadcast() {
        #expect(RemoteControlEvent.Source.mediaKeys.isBroadcast)
        #expect(RemoteControlEvent.Source.inputDevice("kbd").isBroadcast)
        #expect(RemoteControlEvent.Source.headset("click").isBroadcast)
        #expect(!RemoteControlEvent.Source.mpris.isBroadcast)
        #expect(!RemoteControlEvent.Source.test.isBroadcast)
    }

    @Test("source names")
    func sourceNames() {
        #expect(RemoteControlEvent.Source.mpris.name == "mpris")
        #expect(RemoteControlEvent.Source.mediaKeys.name == "media-keys")
        #expect(RemoteControlEvent.Source.inputDevice("Jack").name == "input-device:Jack")
        #expect(RemoteControlEvent.Source.headset("doubleClick").name == "headset:doubleClick")
        #expect(RemoteControlEvent.Source.test.name == "test")
    }
}
