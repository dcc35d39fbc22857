// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeTesting
import Testing

@Suite("remotectl metadata and templates")
@MainActor
struct RemoteCtlMetadataTests {
    @Test("metadata: a template, keys, the table and JSON")
    func metadata() async throws {
        let f = try await CtlFixture()
        // Paused: playerctl (and so remotectl) shows a stopped player's position as 0.
        f.other.player.play()
        f.other.player.pause()
        f.other.player.position = .seconds(75)
        let format = #"{{playerName}}: {{uc(artist)}} – {{lc(title)}} [{{duration(position)}}/{{duration(mpris:length)}}] {{default(xesam:comment, "none")}} {{trunc(album, 4)}} #{{xesam:trackNumber}}"#
        #expect(await f.command(["-p", "other", "metadata", "--format", format]) == 0)
        #expect(f.out.last == "other: TEST ARTIST – tone 1 [1:15/3:00] none Test… #1")
        #expect(await f.command(["-p", "other", "metadata", "title"]) == 0)
        #expect(f.out.last == "Tone 1")
        // playerctl's rule: every key must be there, and the last is printed.
        #expect(await f.command(["-p", "other", "metadata", "title", "xesam:album"]) == 0)
        #expect(f.out.last == "Test Album")
        #expect(await f.command(["-p", "other", "metadata", "--json"]) == 0)
        #expect(f.out.last?.hasPrefix(#"{"player":"other","mpris:artUrl":"file:///music/cover.jpg""#) == true)
        f.out = []
        #expect(await f.command(["-p", "other", "metadata"]) == 0)
        #expect(f.out.contains("other xesam:title               Tone 1"))
    }

    @Test(
        "a bad template gets playerctl's message and exit 1",
        arguments: [
            ("{{title", "unexpected end of expression"), ("{{}}", #"unexpected "}", expected expression (position  2)"#),
            (#"{{default(title, "x)}}"#, "unexpected end of expression"), ("{{title title}}", #"expecting "}}" (position 8)"#),
            ("{{shout(title)}}", "unknown template function: shout"),
        ])
    func badTemplates(format: String, message: String) async throws {
        let f = try await CtlFixture()
        #expect(await f.command(["-p", "other", "metadata", "--format", format]) == 1)
        #expect(f.err.last == "Could not execute command: \(message)")
    }
}
