// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgePlayer
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// A change of track reaches clients once, complete: a desktop shows one notification per track.
@Suite("remote-playerd: one Metadata change per track change", .serialized)
@MainActor
struct TrackAnnouncementTests {
    @Test("Next to a tagged file with cover art gives exactly one Metadata change, with its tags, length and art")
    func oneMetadataChange() async throws {
        let f = try await PlayerFixture()
        defer { f.stop() }
        f.player.play()
        await f.until("the first plays, complete") { f.player.status == .playing && f.player.shown?.artURL != nil }
        let recorder = try await SignalRecorder.start(
            on: f.clientConnection,
            MatchRule(signal: StandardInterfaces.propertiesChanged, path: MPRISNames.objectPath, arg0: PlayerInterface.name))
        func metadataChanges() -> [[String: DBusValue]] {
            recorder.messages.compactMap { message in
                (message.body.count > 1 ? message.body[1].stringDictionaryValue : nil)?["Metadata"]?.unwrapped.stringDictionaryValue
            }
        }
        f.player.next()
        await f.until("the second is shown, complete") {
            f.player.shown?.id == f.player.currentID && f.player.current?.tags.title == "Tone 2" && f.player.current?.artURL != nil
                && f.player.current?.length != nil
        }
        // The signal goes out at the end of the turn that showed it; then anything after it.
        _ = await recorder.until { !metadataChanges().isEmpty }
        try await f.clientConnection.barrier(with: f.daemon.connection.uniqueName)
        let changes = metadataChanges()
        #expect(changes.count == 1, "\(changes.map { $0["xesam:title"]?.unwrapped.stringValue ?? "-" })")
        #expect(changes.first?["xesam:title"]?.unwrapped.stringValue == "Tone 2")
        #expect(changes.first?["mpris:artUrl"] != nil)
        #expect(changes.first?["mpris:length"] != nil)
    }
}
