// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore
import Testing

@Suite("Now playing")
@MainActor
struct NowPlayingTests {
    nonisolated static let broadcast: [RemoteControlEvent.Source] = [.mediaKeys, .inputDevice("event3"), .headset("click")]
    nonisolated static let addressed: [RemoteControlEvent.Source] = [.mpris, .test]

    private func receivingApplication() -> RecordingApplication {
        let app = RecordingApplication()
        app.handles = [.togglePlayPause]
        app.beginReceivingRemoteControlEvents()
        return app
    }

    @Test("an application starts out not now playing")
    func defaultOff() {
        #expect(!RemoteApplication().isNowPlaying)
    }

    @Test("broadcast events are refused while not now playing", arguments: broadcast)
    func broadcastRefused(source: RemoteControlEvent.Source) {
        let app = receivingApplication()
        let outcome = app.sendEvent(RemoteControlEvent(subtype: .togglePlayPause, source: source))
        #expect(outcome == .notNowPlaying)
        #expect(outcome.name == "not-now-playing")
        #expect(app.log.visits.isEmpty)
    }

    @Test("broadcast events are delivered while now playing", arguments: broadcast)
    func broadcastDelivered(source: RemoteControlEvent.Source) {
        let app = receivingApplication()
        app.isNowPlaying = true
        #expect(app.sendEvent(RemoteControlEvent(subtype: .togglePlayPause, source: source)) == .handled(by: app))
    }

    @Test("addressed events are delivered whether or not now playing", arguments: addressed)
    func addressedDelivered(source: RemoteControlEvent.Source) {
        let app = receivingApplication()
        #expect(app.sendEvent(RemoteControlEvent(subtype: .togglePlayPause, source: source)) == .handled(by: app))
    }

    @Test("not receiving wins over not now playing")
    func receivingCheckedFirst() {
        let app = RemoteApplication()
        #expect(app.sendEvent(RemoteControlEvent(subtype: .play, source: .mediaKeys)) == .notReceiving)
    }
}
