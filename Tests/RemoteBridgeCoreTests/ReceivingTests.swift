// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore
import Testing

@Suite("Begin/end receiving")
@MainActor
struct ReceivingTests {
    @Test("an application starts out not receiving, and refuses events")
    func startsOff() {
        let app = RecordingApplication()
        app.handles = [.play]
        #expect(!app.isReceivingRemoteControlEvents)
        #expect(app.sendEvent(RemoteControlEvent(subtype: .play)) == .notReceiving)
        #expect(app.log.visits.isEmpty)
    }

    @Test("begin and end are counted: delivery stays on until every begin is balanced")
    func counted() {
        let app = RecordingApplication()
        app.handles = [.play]
        app.beginReceivingRemoteControlEvents()
        app.beginReceivingRemoteControlEvents()
        app.endReceivingRemoteControlEvents()
        #expect(app.isReceivingRemoteControlEvents)
        #expect(app.sendEvent(RemoteControlEvent(subtype: .play)) == .handled(by: app))
        app.endReceivingRemoteControlEvents()
        #expect(!app.isReceivingRemoteControlEvents)
        let refused = app.sendEvent(RemoteControlEvent(subtype: .play))
        #expect(refused == .notReceiving)
        #expect(refused.name == "not-receiving")
    }

    @Test("a surplus end is ignored: one begin afterwards turns delivery back on")
    func surplusEnd() {
        let app = RemoteApplication()
        app.endReceivingRemoteControlEvents()
        app.endReceivingRemoteControlEvents()
        #expect(!app.isReceivingRemoteControlEvents)
        app.beginReceivingRemoteControlEvents()
        #expect(app.isReceivingRemoteControlEvents)
    }
}
