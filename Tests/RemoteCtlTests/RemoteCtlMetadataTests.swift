import RemoteCtl
import Testing

@Suite("remotectl metadata and templates")
@MainActor
struct RemoteCtlMetadataTests {
    @Test("templates: variables, shortcuts and every function")
    func templates() async throws {
        let f = try await CtlFixture()
        let ctl = f.ctl(PlayerSelection(names: ["other"]))
        f.other.player.position = .seconds(75)
        let format = #"{{playerName}}: {{uc(artist)}} – {{lc(title)}} [{{duration(position)}}/{{duration(mpris:length)}}] {{default(xesam:comment, "none")}} {{trunc(album, 4)}} {{emoji(status)}} #{{xesam:trackNumber}}"#
        #expect(await ctl.metadata(keys: [], format: format, json: false) == 0)
        #expect(f.out.last == "other: TEST ARTIST – tone 1 [1:15/3:00] none Test… ⏹️ #1")
        #expect(await ctl.metadata(keys: ["title", "xesam:album"], format: nil, json: false) == 0)
        #expect(f.out.suffix(2) == ["Tone 1", "Test Album"])
        #expect(await ctl.metadata(keys: [], format: nil, json: true) == 0)
        #expect(f.out.last?.hasPrefix(#"{"player":"other","mpris:artUrl":"file:///music/cover.jpg""#) == true)
    }

    @Test(
        "a bad template gets playerctl's message and exit 2",
        arguments: [
            ("{{title", "unexpected end of expression"), ("{{}}", #"unexpected "}", expected expression (position  2)"#),
            (#"{{default(title, "x)}}"#, "unexpected end of expression"), ("{{title title}}", #"expecting "}}" (position 8)"#),
        ])
    func badTemplates(format: String, message: String) async throws {
        let f = try await CtlFixture()
        #expect(await f.ctl(PlayerSelection(names: ["other"])).metadata(keys: [], format: format, json: false) == 2)
        #expect(f.err.last == "remotectl: \(message)")
    }

    @Test("an unknown function is found when the template is expanded, as in playerctl: exit 1")
    func unknownFunction() async throws {
        let f = try await CtlFixture()
        #expect(await f.ctl(PlayerSelection(names: ["other"])).metadata(keys: [], format: "{{shout(title)}}", json: false) == 1)
        #expect(f.err.last?.hasSuffix("unknown template function: shout") == true, "\(f.err)")
    }
}
