// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RemoteBridgePlayer

/// What the player tells mpv and the sound libraries about its stream (the servers' view is in
/// RemoteBridgePlayerDaemonTests' AudioStreamIdentityTests).
@Suite("AudioStreamIdentity and the stream title")
struct AudioStreamIdentityUnitTests {
    @Test("the stream title is the title and the artists, or the file name without extension; always behind $>")
    @MainActor
    func streamTitles() {
        let tagged = QueueEntry(id: 1, url: "/music/01 citizen.flac", tags: QueueEntry.Tags(title: "Citizen", artists: ["A", "B"]))
        #expect(MPVPlayer.streamTitle(of: tagged) == "Citizen — A, B")
        let untagged = QueueEntry(id: 2, url: "/music/t.flac", tags: QueueEntry.Tags())
        #expect(MPVPlayer.streamTitle(of: untagged) == "t")
        #expect(MPVPlayer.unexpanded("${path}") == "$>${path}")
    }

    @Test("PIPEWIRE_PROPS quotes each value; libpulse's variables take them as they are")
    func environment() throws {
        let identity = AudioStreamIdentity(applicationName: #"A "B" \ C"#, applicationID: "id", iconName: "icon")
        let variables = Dictionary(uniqueKeysWithValues: identity.environment.map { ($0.name, $0.value) })
        #expect(variables["PULSE_PROP_OVERRIDE_application.name"] == #"A "B" \ C"#)
        #expect(variables["PULSE_PROP_OVERRIDE_application.id"] == "id")
        #expect(variables["PULSE_PROP_OVERRIDE_application.icon_name"] == "icon")
        #expect(variables["PULSE_PROP_media.role"] == "music")
        let props = try #require(variables["PIPEWIRE_PROPS"])
        #expect(props.contains(#""application.name" = "A \"B\" \\ C""#), "\(props)")
        #expect(props.contains(#""media.role" = "Music""#), "\(props)")
        #expect(identity.mpvOptions.first { $0.0 == "audio-client-name" }?.1 == "icon")
    }
}
