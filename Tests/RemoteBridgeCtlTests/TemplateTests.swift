// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeCtl
import Testing

/// The parts of `Template` that playerctl's command line does not show: which variables a
/// template names (what `--follow` watches), and the context built for it. Everything printed
/// is compared with playerctl itself in `TemplateReferenceTests`.
@Suite("templates: variables named, and the context")
struct TemplateTests {
    @Test("mentions finds a variable anywhere in an expression, and never in text or strings")
    func mentions() throws {
        let template = try Template(#"position {{lc(title)}} {{"status"}} {{1 + -trunc(default(nothing, volume), 2) * 3}} {{foo(playerName)}}"#)
        for variable in ["title", "nothing", "volume", "playerName"] {
            #expect(template.mentions(variable), "\(variable)")
        }
        for variable in ["position", "status", "lc", "trunc", "foo", "titl", "Title"] {
            #expect(!template.mentions(variable), "\(variable)")
        }
        #expect(try Template("{{position}}").mentions("position"))
        #expect(try !Template("").mentions("position"))
    }

    @Test("the context: metadata out of its variants, shortcuts only where the metadata has no such key, facts typed as playerctl types them")
    func context() {
        let facts = TemplatePlayerFacts(name: "vlc", instance: "vlc.instance7", shuffle: true, status: "Playing", loop: "Track", volume: 0.5, position: 42)
        let context = Template.context(
            metadata: ["xesam:title": .variant(.string("T")), "xesam:artist": .variant(.strings(["A"])), "album": .string("mine"), "xesam:album": .string("theirs")],
            player: facts)
        #expect(
            context == [
                "xesam:title": .string("T"), "title": .string("T"), "xesam:artist": .strings(["A"]), "artist": .strings(["A"]),
                "album": .string("mine"), "xesam:album": .string("theirs"), "playerName": .string("vlc"),
                "playerInstance": .string("vlc.instance7"), "shuffle": .bool(true), "status": .string("Playing"), "loop": .string("Track"),
                "volume": .double(0.5), "position": .int64(42),
            ])
        let bare = Template.context(metadata: nil, player: TemplatePlayerFacts(name: "p", instance: "p"))
        #expect(bare["title"] == nil && bare["status"] == .string("Stopped") && bare["position"] == .int64(0) && bare.count == 7)
        // A variant inside the variant stays one: playerctl prints it as `<int64 5>`.
        #expect(Template.context(metadata: ["k": .variant(.variant(.int64(5)))], player: facts)["k"] == .variant(.int64(5)))
    }

    @Test("errors carry playerctl's bare message; parse errors come from init, expansion errors from render")
    func errors() throws {
        #expect(throws: Template.Error.self) { try Template("{{") }
        do {
            _ = try Template("{{title")
            Issue.record("parsed")
        } catch {
            #expect(error.description == "unexpected end of expression")
        }
        let template = try Template("a {{foo(1)}}")
        do {
            _ = try template.render([:])
            Issue.record("rendered")
        } catch {
            #expect(error.description == "unknown template function: foo")
        }
        #expect(try Template("{{x}}|{{y}}").render(["x": .string("1")]) == "1|")
    }

    @Test("PlayerctlText prints a value given in its variant as GLib prints a variant")
    func printing() {
        #expect(PlayerctlText.value(.string("a'b")) == "a'b")
        #expect(PlayerctlText.value(.strings(["a", "b"])) == "a, b")
        #expect(PlayerctlText.value(.variant(.string("a"))) == "<'a'>")
        #expect(PlayerctlText.metadataValue("title", in: .stringVariantDictionary([("xesam:title", .string("T"))])) == "T")
        #expect(PlayerctlText.metadataValue("title", in: .stringVariantDictionary([("title", .string("T"))])) == nil)
    }
}
