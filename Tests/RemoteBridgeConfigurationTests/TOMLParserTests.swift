// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeConfiguration
import Testing

@Suite("TOML parser")
struct TOMLParserTests {
    @Test("tables, keys and every value type, with lines")
    func document() throws {
        let table = try TOMLParser.parse(
            """
            # a comment
            name = "remote\\tbridge"   # trailing comment
            literal = 'C:\\path'
            count = 1_000
            hex = 0xff
            ratio = 2.5e-1
            on = true
            list = [
              "a", 'b',  # comments inside arrays
            ]
            inline = { x = 1, y.z = "w" }

            [player]
            audio-output = "null"
            [headset.gestures]
            "double-click" = "next-track"
            text = \"\"\"
            two
            lines\"\"\"
            """)
        #expect(table["name"]?.value == .string("remote\tbridge"))
        #expect(table["name"]?.line == 2)
        #expect(table["literal"]?.value == .string("C:\\path"))
        #expect(table["count"]?.value == .integer(1000))
        #expect(table["hex"]?.value == .integer(255))
        #expect(table["ratio"]?.value == .float(0.25))
        #expect(table["on"]?.value == .boolean(true))
        #expect(table["list"]?.value == .array([.string("a"), .string("b")]))
        guard case .table(let inline)? = table["inline"]?.value, case .table(let y)? = inline["y"]?.value else {
            Issue.record("inline table missing")
            return
        }
        #expect(inline["x"]?.value == .integer(1))
        #expect(y["z"]?.value == .string("w"))
        guard case .table(let player)? = table["player"]?.value, case .table(let headset)? = table["headset"]?.value,
            case .table(let gestures)? = headset["gestures"]?.value
        else {
            Issue.record("tables missing")
            return
        }
        #expect(player["audio-output"]?.value == .string("null"))
        #expect(player["audio-output"]?.line == 14)
        #expect(gestures["double-click"]?.value == .string("next-track"))
        #expect(gestures["text"]?.value == .string("two\nlines"))
    }

    @Test(
        "syntax errors name the line",
        arguments: [
            ("a = \"open\n", 1, "not closed"),
            ("\n\nb = nope", 3, "strings need quotes"),
            ("a = 1\na = 2", 2, "defined twice"),
            ("[t]\n[t]", 2, "defined twice"),
            ("x = [1, 2", 1, "expected"),
            ("x = 1 2", 1, "end of the line"),
            ("[[t]]", 1, "arrays of tables"),
            ("d = 2026-11-21", 1, "dates"),
            ("= 3", 1, "expected a key"),
            ("s = \"\\q\"", 1, "unknown escape"),
            ("x", 1, "expected ="),
        ])
    func errors(text: String, line: Int, fragment: String) {
        do {
            _ = try TOMLParser.parse(text)
            Issue.record("parsed \(text.debugDescription)")
        } catch {
            #expect(error.line == line)
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }
}
