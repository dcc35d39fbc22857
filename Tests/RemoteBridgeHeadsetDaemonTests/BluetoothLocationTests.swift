// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
@testable import RemoteBridgeHeadsetDaemon
import RemoteBridgeTesting
import Testing

@Suite("headsetd and BlueZ: the track's location")
@MainActor
struct BluetoothLocationTests {
    @Test("a track queued as a plain path reaches BlueZ's player as a percent-encoded file URI")
    func fileURI() async throws {
        let b = try await BluetoothFixture()
        #expect(await b.bluez.waitForRegistrations(1))
        let r = try #require(b.bluez.registrations.first)
        b.f.player.retag { $0.url = "/music/Björk & Co/#1 100% ?.flac" }
        let expected = "file:///music/Bj%C3%B6rk%20%26%20Co/%231%20100%25%20%3F.flac"
        func url(_ metadata: DBusValue?) -> String? { metadata?.stringDictionaryValue?["xesam:url"]?.stringValue }
        try await b.settle { url(b.bridge.player.value("Metadata")) == expected }
        #expect(url(try await b.bluez.playerProperty(r, PlayerInterface.metadata)) == expected)
    }
}
