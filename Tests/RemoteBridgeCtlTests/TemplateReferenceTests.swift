// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeDBus
import RemoteBridgeTesting
import Testing

@testable import RemoteBridgeCtl

/// remotectl's templates side by side with `/usr/bin/playerctl` 2.4.1: each template is run by
/// playerctl (`metadata --format`) against a player on a private bus, and by `Template` with
/// the same values; stdout, the error message and the exit status must be the same.
@Suite("templates: remotectl against playerctl 2.4.1", .serialized)
@MainActor
struct TemplateReferenceTests {
    /// Runs every template through both, on `player`, and expects the same outcome.
    func expectSame(_ templates: [String], on player: KeyPath<TemplateReferenceFixture, TemplateReferencePlayer> = \.reference, _ f: TemplateReferenceFixture) async throws {
        for template in templates {
            let reference = try await f.playerctl(template, on: f[keyPath: player])
            let ours = f.remotectl(template, on: f[keyPath: player])
            #expect(ours == reference, "template \(String(reflecting: template))")
        }
    }

    @Test("lc, uc, duration, markup_escape, default, emoji and trunc, with their arity and type rules")
    func functions() async throws {
        let f = try await TemplateReferenceFixture()
        try await expectSame(
            [
                "{{lc(title)}}", "{{uc(title)}}", "{{uc(artist)}}", "{{lc(album)}}", "{{lc(rb:count)}}", "{{lc(1)}}", "{{uc(rb:flag)}}",
                "{{lc(nothing)}}", "{{uc(rb:dict)}}", "{{lc(uc(title))}}",
                "{{lc(\"ⅠⅡ ⒶⒷ ΣΑΣ. Σ1 ΑΣ İ ǅ ᾈ ΑΣ\u{301}\")}}", "{{uc(\"ⅰⓐ ß ﬀ ŉ ǆ ǅ ᾳ ᾈ ı α\u{345}\u{301}x \u{345}\")}}",
                "{{markup_escape(\"\u{1}\u{8}\t\n\u{B}\u{C}\r\u{1F}\u{7F}\u{80}\u{84}\u{85}\u{86}\u{9F}\u{A0}\")}}",
                "{{lc(title, title)}}", "{{uc(1, 2, 3)}}", "{{duration(1, 2)}}", "{{markup_escape(title, 1)}}", "{{default(title)}}",
                "{{default(1, 2, 3)}}", "{{emoji(status, status)}}", "{{trunc(title)}}", "{{trunc(title, 1, 2)}}", "{{lc()}}",
                "{{duration(position)}}", "{{duration(mpris:length)}}", "{{duration(0)}}", "{{duration(59000000)}}",
                "{{duration(59999999)}}", "{{duration(60000000)}}", "{{duration(3600000000)}}", "{{duration(-90000000)}}",
                "{{duration(-5000000)}}", "{{duration(-1)}}", "{{duration(rb:max)}}", "{{duration(rb:min)}}", "{{duration(rb:huge)}}",
                "{{duration(99999999999999999999999)}}", "{{duration(-99999999999999999999999)}}", "{{duration(rb:half)}}",
                "{{duration(title)}}", "{{duration(rb:flag)}}", "{{duration(xesam:trackNumber)}}", "{{duration(nothing)}}",
                "{{duration(position * 1000)}}",
                "{{markup_escape(album)}}", "{{markup_escape(rb:control)}}", "{{markup_escape(artist)}}", "{{markup_escape(nothing)}}",
                "{{markup_escape(rb:quoted)}}", #"{{markup_escape("<b>&amp;'</b>")}}"#,
                #"{{default(nothing, "fallback")}}"#, #"{{default(rb:empty, "fallback")}}"#, #"{{default(title, "fallback")}}"#,
                #"{{default(xesam:comment, "fallback")}}"#, "{{default(nothing, nothing)}}", "{{default(rb:empty, nothing)}}",
                "{{default(nothing, 2)}}", #"{{default(default(nothing, nothing), "deep")}}"#, "{{default(rb:zero, 1)}}",
                "{{emoji(status)}}", "{{emoji(volume)}}", "{{emoji(title)}}", #"{{emoji("status")}}"#, "{{emoji(lc(status))}}",
                "{{emoji(nothing)}}", "{{emoji(rb:half)}}", "{{emoji(1)}}", "{{emoji(nothing * 2)}}",
                "{{trunc(title, 5)}}", "{{trunc(title, 0)}}", "{{trunc(title, -1)}}", "{{trunc(title, -2)}}", "{{trunc(title, 100)}}",
                "{{trunc(title, 1.9)}}", "{{trunc(title, -1.5)}}", "{{trunc(title, -0.5)}}", "{{trunc(title, 99999999999999999999999)}}",
                "{{trunc(title, 22)}}", "{{trunc(title, 23)}}", "{{trunc(title, rb:count)}}", #"{{trunc(title, "3")}}"#,
                "{{trunc(nothing, 3)}}", "{{trunc(title, nothing)}}", "{{trunc(rb:empty, -2)}}", "{{trunc(rb:empty, 0)}}",
                "{{trunc(artist, 5)}}", "{{trunc(rb:count, 0)}}", "{{trunc(title, 3 * 2)}}", "{{trunc(title, rb:half)}}",
                "{{trunc(rb:long, 255)}}", "{{trunc(rb:long, 256)}}", "{{trunc(rb:long, 257)}}", "{{trunc(rb:long, 299)}}",
                "{{trunc(rb:wide, 127)}}", "{{trunc(rb:wide, 128)}}", "{{trunc(rb:wide, 129)}}", "{{trunc(rb:wide, 199)}}",
                "{{foo(1)}}", "{{foo(nothing * 1)}}", "ok {{title}} {{foo(title)}}", "{{Lc(title)}}",
                "{{lc(" + Array(repeating: "1", count: 32).joined(separator: ",") + ")}}",
                "{{lc(" + Array(repeating: "1", count: 33).joined(separator: ",") + ")}}",
                "{{lc(" + Array(repeating: "1", count: 32).joined(separator: ",") + ",)}}",
            ], f)
        try await expectSame(["{{emoji(status)}}", "{{emoji(volume)}}", "{{duration(mpris:length)}}"], on: \.playing, f)
    }

    @Test("+ - * / with playerctl's precedence, unary minus, int64 overflow, division by zero and wrong types")
    func operators() async throws {
        let f = try await TemplateReferenceFixture()
        try await expectSame(
            [
                "{{1+2}}", "{{1 + 2 * 3 - 4 / 2}}", "{{(1 + 2) * 3}}", "{{2*(3+4)}}", "{{10-2-3}}", "{{100/10/5}}", "{{2*3+4*5}}",
                "{{1-2*3}}", "{{2*3-1}}", "{{1-2+3}}", "{{(((1)))}}", "{{((2+3)*(4-1))/5}}",
                "{{-1}}", "{{-(1+2)}}", "{{--1}}", "{{- -1}}", "{{+-1}}", "{{1--1}}", "{{2*-3}}", "{{-2*3}}", "{{-2+3}}", "{{-0}}",
                "{{+1}}", "{{-title}}", "{{+title}}", "{{-nothing}}", "{{+nothing}}", "{{-rb:huge}}", "{{+rb:huge}}", "{{-rb:min}}",
                "{{-position}}", "{{-rb:half}}", "{{-lc(title)}}",
                "{{1/3}}", "{{0.1+0.2}}", "{{1/0}}", "{{1/-0}}", "{{0/0}}", "{{1/(1-1)}}", "{{rb:count/rb:zero}}", "{{rb:half/0}}",
                "{{rb:huge/0}}",
                "{{position/1000000}}", "{{position+1}}", "{{position*2}}", "{{position-position}}", "{{mpris:length/position}}",
                "{{rb:count+rb:seven}}", "{{rb:count-rb:seven}}", "{{rb:count/rb:seven}}", "{{rb:seven/rb:count}}",
                "{{rb:one*rb:count}}", "{{rb:minusone/rb:count}}", "{{rb:zero*rb:count}}", "{{rb:max*rb:seven}}",
                "{{rb:max+rb:count}}", "{{rb:min-rb:count}}", "{{rb:max-rb:min}}", "{{rb:min+rb:max}}", "{{rb:max+rb:zero}}",
                "{{rb:min+rb:minusone}}", "{{rb:huge+1}}", "{{rb:huge*1}}", "{{rb:huge-rb:huge}}", "{{rb:huge+rb:count}}",
                "{{title+1}}", "{{nothing+1}}", "{{1-nothing}}", "{{nothing*1}}", "{{1/nothing}}", "{{nothing*nothing}}",
                "{{xesam:trackNumber+1}}", "{{rb:flag*2}}", "{{artist+1}}", "{{rb:small-1}}", "{{rb:word/1}}", "{{1*rb:byte}}",
                "{{rb:pair+1}}", "{{rb:dict*1}}", "{{rb:nested+1}}", "{{mpris:trackid-1}}", #"{{"1"+1}}"#, "{{a-b}}",
                "{{100000*100000*100000*100000}}", "{{duration(mpris:length) + 1}}",
            ], f)
    }

    @Test("parse errors, unclosed blocks, odd whitespace and non-ASCII text, with playerctl's messages and positions")
    func parsing() async throws {
        let f = try await TemplateReferenceFixture()
        try await expectSame(
            [
                "{{", "a{{", "{{title", "{{title}", "{{}}", "{{ }}", "{{(}}", "{{(1}}", "{{2*(3}}", "{{1 2}}", "{{title title}}",
                "{{lc (title)}}", "{{ lc(title) }}", "{{lc(title}}", "{{lc(title,)}}", "{{lc(}}", "{{lc(title) x}}",
                #"{{"abc"#, #"{{"abc}}"#, "{{12", "{{123", "{{55}", "{{1}", "{{1.2.3}}", "{{.}}", "{{1.}}", "{{.5}}", "{{1e5}}", "{{9a}}",
                "{{a.b}}", "{{1-}}", "{{1+}}", "{{1*}}", "{{-}}", "{{*1}}", "{{/}}", "{{,}}", "{{)}}", "{{(1))}}", "{{é}}", "{{title é}}",
                "{{title\t}}", "{{\ttitle}}", "{{title\n}}", "{{{title}}}", "{{title}}}", "}}{{title}}{", "{ {title} }", "{{title} }",
                #"{{"a}}b"}}"#, #"{{""}}"#, #"{{"" }}"#, "{{__}}", "{{_:_}}", "{{xesam:title}}", "{{XESAM:TITLE}}",
                "{{ title }}", "{{   title   }}", "{{lc( title )}}", "{{ lc(title ,title) }}", "{{1 + 2}}", "{{ - 1 }}", "{{( 1 + 2 ) * 3}}",
                "{{lc( title , )}}", "{{ trunc( title , 2 ) }}", "{{title}}{{title}}", "{{title}}  {{ artist }}",
                "", "plain text only", "ünïcode {{title}} ✓", #"{{"ünï ✓"}}"#, "日本 {{lc(\"ÀÉ\")}} 語", "{{title}}\u{1}\t\n",
                String(repeating: "x", count: 1027), String(repeating: "x", count: 1028), String(repeating: "é", count: 514),
                String(repeating: "é", count: 513) + "{{", "{{title}}" + String(repeating: " ", count: 1018),
                "{{" + String(repeating: "9", count: 400) + "}}", "{{" + String(repeating: "a", count: 1020) + "}}",
                // Nesting as deep as 1027 bytes allow.
                "{{" + String(repeating: "-", count: 1020) + "1}}", "{{" + String(repeating: "(", count: 511) + "1" + String(repeating: ")", count: 511) + "}}",
                "{{" + String(repeating: "lc(", count: 255) + "title" + String(repeating: ")", count: 255) + "}}",
                "{{" + String(repeating: "1+", count: 510) + "1}}", "{{" + String(repeating: "2*", count: 510) + "1}}",
            ], f)
    }

    @Test("values of every D-Bus type, printed as playerctl prints them")
    func printing() async throws {
        let f = try await TemplateReferenceFixture()
        try await expectSame(
            [
                "{{mpris:trackid}}", "{{mpris:length}}", "{{xesam:trackNumber}}", "{{artist}}", "{{xesam:comment}}", "{{album}}",
                "{{rb:huge}}", "{{rb:min}}", "{{rb:max}}", "{{rb:half}}", "{{rb:flag}}", "{{rb:small}}", "{{rb:word}}", "{{rb:byte}}",
                "{{rb:bytes}}", "{{rb:rawbytes}}", "{{rb:nobytes}}", "{{rb:paths}}", "{{rb:numbers}}", "{{rb:doubles}}",
                "{{rb:dict}}", "{{rb:nodict}}", "{{rb:pair}}", "{{rb:single}}", "{{rb:nested}}", "{{rb:quoted}}", "{{rb:strings}}",
                "{{rb:quotes}}", "{{rb:control}}", "{{rb:sig}}", "{{rb:twice}}", "{{rb:empty}}", "{{nothing}}",
                "{{1}}", "{{1.5}}", "{{0.1}}", "{{0.000001}}", "{{123456789012345678}}", "{{0.5 * 3}}", "{{1/3*3}}", #"{{"text"}}"#,
            ], f)
    }

    @Test("shortcuts: the player's name, status, loop, shuffle, volume and position, and metadata keys that take their place")
    func shortcuts() async throws {
        let f = try await TemplateReferenceFixture()
        let facts = "{{playerName}}|{{playerInstance}}|{{status}}|{{loop}}|{{shuffle}}|{{volume}}|{{title}}|{{artist}}|{{album}}"
        try await expectSame([facts, "{{position}}", "{{duration(position)}}", "{{emoji(status)}} {{emoji(volume)}}"], f)
        try await expectSame([facts, "{{position}}"], on: \.overriding, f)
        try await expectSame(
            [facts, "{{emoji(status)}} {{emoji(volume)}}", "{{shuffle}}", "{{lc(playerName)}}", "{{playerName + 1}}"], on: \.overriding, f)
        try await expectSame([facts], on: \.playing, f)
    }

    @Test("a 1 MiB title: printed whole, cut, case-mapped and escaped the same")
    func megabyte() async throws {
        let f = try await TemplateReferenceFixture()
        #expect(TemplateReferenceFixture.bigTitle.utf8.count == 1 << 20)
        try await expectSame(
            [
                "{{title}}", "{{trunc(title, 10)}}", "{{trunc(title, 100000)}}", "{{uc(title)}}", "{{markup_escape(title)}}",
                #"{{default(title, "x")}}"#, "{{duration(mpris:length)}} {{emoji(volume)}}", "{{title + 1}}",
            ], on: \.big, f)
    }

    @Test("metadata KEY and the metadata table, as playerctl prints them")
    func metadataCommand() async throws {
        let f = try await TemplateReferenceFixture()
        for player in [f.reference, f.playing, f.overriding, f.big] {
            let table = TemplateReferenceFixture.outcome(try await f.playerctl(["--player=\(player.name)", "metadata"]))
            let ours = PlayerctlText.metadataTable(player: player.name, metadata: player.metadata)
            #expect(table.status == 0)
            #expect(ours.map { $0 + "\n" } == table.output, "metadata table of \(player.name)")
        }
        guard case .dictionary(_, _, let entries) = f.reference.metadata else { throw DBusError.failed("not a dictionary") }
        let keys = entries.compactMap(\.key.stringValue) + ["artist", "title", "album", "status", "nothing"]
        for key in keys {
            let reference = TemplateReferenceFixture.outcome(try await f.playerctl(["--player=templateref", "metadata", key]))
            let ours = PlayerctlText.metadataValue(key, in: f.reference.metadata)
            #expect(ours.map { $0 + "\n" } ?? "" == reference.output, "metadata \(key)")
            #expect((ours == nil) == (reference.status == 1), "metadata \(key): \(reference)")
        }
        #expect(PlayerctlText.metadataTable(player: "p", metadata: .stringVariantDictionary([])) == nil)
        #expect(PlayerctlText.metadataTable(player: "p", metadata: .strings(["a"])) == nil)
    }

    @Test("where remotectl deliberately differs: playerctl's int64 product and int64 division bugs")
    func deliberateDifferences() async throws {
        let f = try await TemplateReferenceFixture()
        let overflow = TemplateReferenceFixture.Outcome(output: "", error: "Could not execute command: Numeric overflow detected\n", status: 1)
        // playerctl checks a product with `b / a != b`: nearly every product of two int64s is an "overflow".
        for (template, product) in [("{{rb:count*rb:seven}}", "42"), ("{{rb:count*rb:minusone}}", "-6"), ("{{mpris:length*rb:count}}", "22350000000")] {
            #expect(try await f.playerctl(template, on: f.reference) == overflow, "playerctl \(template)")
            #expect(f.remotectl(template, on: f.reference) == .init(output: product + "\n", error: "", status: 0), "remotectl \(template)")
        }
        // The smallest int64 divided by -1 (and -1 times it, through the same check) kills playerctl with SIGFPE.
        for template in ["{{rb:min/rb:minusone}}", "{{rb:minusone*rb:min}}"] {
            #expect(try await f.playerctl(template, on: f.reference).status == 128 + SIGFPE, "playerctl \(template)")
            #expect(f.remotectl(template, on: f.reference) == overflow, "remotectl \(template)")
        }
    }
}
