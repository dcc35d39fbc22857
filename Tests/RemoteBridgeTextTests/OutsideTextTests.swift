// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeText
import Testing

/// The one way outside text is quoted in errors and logs: escaped, bounded in bytes, cut between scalars.
@Suite("OutsideText: quoting outside text, bounded in bytes")
struct OutsideTextTests {
    /// One letter and 524 288 combining acute accents: a single `Character` of 1 MiB and a byte.
    static let graphemeMiB = "a" + String(repeating: "\u{301}", count: 1 << 19)

    @Test("a 1 MiB single grapheme is quoted in at most a few hundred bytes, its size given")
    func singleGrapheme() {
        let text = Self.graphemeMiB
        #expect(text.count == 1)
        #expect(text.utf8.count == 1_048_577)
        let quoted = OutsideText.quoted(text)
        #expect(quoted.utf8.count <= OutsideText.quotedBytes + 30, "\(quoted.utf8.count) bytes")
        #expect(quoted.utf8.starts(with: "\"a\u{301}\u{301}".utf8))
        #expect(quoted.hasSuffix("\"… (1048577 bytes)"))
        // 1 byte of "a", then 99 whole accents of 2 bytes: 199 bytes; a 100th would pass 200.
        #expect(quoted == "\"a" + String(repeating: "\u{301}", count: 99) + "\"… (1048577 bytes)")
    }

    @Test("short text is quoted whole, with nothing added")
    func shortText() {
        #expect(OutsideText.quoted("file:///music/a.flac") == "\"file:///music/a.flac\"")
        #expect(OutsideText.quoted("") == "\"\"")
        #expect(OutsideText.quoted(String(repeating: "x", count: OutsideText.quotedBytes)).utf8.count == OutsideText.quotedBytes + 2)
    }

    @Test("a cut through a 4-byte emoji falls before it, never inside it")
    func emojiBoundary() {
        for filler in 196...200 {
            let text = String(repeating: "a", count: filler) + "😀" + "b"
            let quoted = OutsideText.quoted(text)
            let fits = filler + 4 <= OutsideText.quotedBytes
            let body = String(repeating: "a", count: filler) + (fits ? "😀" : "")
            #expect(quoted == "\"" + body + "\"… (\(filler + 5) bytes)", "filler \(filler)")
        }
        let emoji = "aaa😀b"
        for limit in 0...9 {
            let start = OutsideText.prefix(emoji[...], maximumBytes: limit)
            #expect(start.utf8.count <= limit)
            #expect(emoji.hasPrefix(start))
            #expect(String(start) == (limit < 3 ? String(repeating: "a", count: limit) : limit < 7 ? "aaa" : limit < 8 ? "aaa😀" : emoji))
        }
    }

    @Test("line breaks, terminal escapes, quotes and bidirectional controls are escaped, so a quote cannot forge a line")
    func escapes() {
        let hostile = "a\nb\r\t\0\u{1B}[31m\u{9B}2J\u{7F}\"\\\u{2028}\u{202E}z"
        #expect(OutsideText.quoted(hostile) == #""a\nb\r\t\0\u{1B}[31m\u{9B}2J\u{7F}\"\\\u{2028}\u{202E}z""#)
        // A combining accent right after the opening quote or an escape is escaped too, so it joins nothing.
        #expect(OutsideText.quoted("\u{301}x\n\u{301}") == #""\u{301}x\n\u{301}""#)
        // Escapes count toward the bound as written: 200 bytes of output, not 200 input characters.
        let controls = OutsideText.quoted(String(repeating: "\u{1B}", count: 1000))
        #expect(controls == "\"" + String(repeating: #"\u{1B}"#, count: 33) + "\"… (1000 bytes)")
    }

    @Test("a whole message without quotes: controls escaped, cut at the given bound")
    func escapedMessage() {
        #expect(OutsideText.escaped("no \"such\" player\nforged", maximumBytes: 100) == #"no "such" player\nforged"#)
        let long = OutsideText.escaped(Self.graphemeMiB, maximumBytes: 1000)
        #expect(long.utf8.count <= 1000)
        #expect(long.hasSuffix("… (1048577 bytes)"))
        // The bound holds for the mark too, so a message cut on sending is not cut again on receipt.
        #expect(OutsideText.escaped(long, maximumBytes: 1000) == long)
    }

    @Test("names and paths stay bare when plain; otherwise they are quoted and bounded")
    func bareOrQuoted() {
        #expect(OutsideText.bareOrQuoted("/dev/input/event3") == "/dev/input/event3")
        #expect(OutsideText.bareOrQuoted("My Headset") == "My Headset")
        #expect(OutsideText.bareOrQuoted("a\nb") == #""a\nb""#)
        #expect(OutsideText.bareOrQuoted("say \"hi\"") == #""say \"hi\"""#)
        #expect(OutsideText.bareOrQuoted("") == "\"\"")
        let long = OutsideText.bareOrQuoted(Self.graphemeMiB)
        #expect(long.utf8.count < 250)
        #expect(long.hasSuffix("… (1048577 bytes)"))
    }

    @Test("invalid UTF-8 bytes are escaped one by one; valid sequences around them are kept")
    func invalidBytes() {
        #expect(OutsideText.quoted(bytes: [0x61, 0xFF, 0x62, 0xC3]) == #""a\xFFb\xC3""#)
        #expect(OutsideText.quoted(bytes: Array("é😀".utf8) + [0xF0, 0x9F, 0x98]) == #""é😀\xF0\x9F\x98""#)
        #expect(OutsideText.quoted(bytes: [0xC0, 0xAF, 0x0A]) == #""\xC0\xAF\n""#)
        // A megabyte of invalid bytes: 50 escapes of 4 bytes, then the size.
        let junk = [UInt8](repeating: 0xFF, count: 1 << 20)
        #expect(OutsideText.quoted(bytes: junk) == "\"" + String(repeating: #"\xFF"#, count: 50) + "\"… (1048576 bytes)")
        // Bytes of a 4-byte scalar are never split: the scalar is kept or left out whole.
        let emoji = Array((String(repeating: "a", count: 198) + "😀").utf8)
        #expect(OutsideText.quoted(bytes: emoji) == "\"" + String(repeating: "a", count: 198) + "\"… (202 bytes)")
    }

    @Test("the first invalid UTF-8 byte is found by its offset")
    func firstInvalid() {
        #expect(OutsideText.firstInvalidUTF8(in: Array("héllo 😀".utf8)) == nil)
        #expect(OutsideText.firstInvalidUTF8(in: [0x61, 0xC3, 0xA9, 0xFF]) == 3)
        #expect(OutsideText.firstInvalidUTF8(in: [0x61, 0xE2, 0x82]) == 1)
        #expect(OutsideText.firstInvalidUTF8(in: [UInt8]()) == nil)
    }
}
