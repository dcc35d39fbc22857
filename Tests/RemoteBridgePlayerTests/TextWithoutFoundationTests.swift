// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RemoteBridgePlayer

/// What Foundation used to do for MPVPlayer, now done with the standard library alone.
@Suite("MPVPlayer text without Foundation")
@MainActor
struct TextWithoutFoundationTests {
    @Test("seconds for mpv: three decimals, rounded, negative and zero", arguments: [
        (Duration.seconds(12) + .milliseconds(345), "12.345"),
        (.milliseconds(-1500), "-1.500"),
        (.zero, "0.000"),
        (.microseconds(999_600), "1.000"),
        (.milliseconds(7), "0.007"),
        (.seconds(86_400 * 365), "31536000.000"),
    ])
    func seconds(duration: Duration, text: String) {
        #expect(MPVPlayer.seconds(duration) == text)
    }

    @Test("the title shown without a tag: the file name, percent-decoded, without its extension")
    func displayTitle() {
        func title(_ url: String) -> String { QueueEntry(id: 1, url: url, tags: .init()).displayTitle }
        #expect(title("file:///music/02%20Caf%C3%A9.flac") == "02 Café")
        #expect(title("/music/Album/track.one.mp3") == "track.one")
        #expect(title("/music/.hidden") == ".hidden")
        #expect(title("https://radio.example/stream") == "stream")
        // A malformed escape is shown as it is.
        #expect(title("/music/100%.flac") == "100%")
        #expect("a%2Fb%zz".percentDecoded == nil)
        #expect("%E2%82%AC".percentDecoded == "€")
        #expect("%FF".percentDecoded == nil)
    }

    @Test("tag lists and numbers are trimmed of white space")
    func trimming() {
        #expect("  a b \t\r\n".trimmingWhitespace == "a b")
        #expect("".trimmingWhitespace == "")
        #expect(" \t ".trimmingWhitespace == "")
    }

    @Test("URI schemes: ASCII letters first, then letters, digits, + - .")
    func schemes() {
        #expect(MPVPlayer.scheme(of: "HTTPS://x") == "https")
        #expect(MPVPlayer.scheme(of: "svn+ssh://x") == "svn+ssh")
        #expect(MPVPlayer.scheme(of: "1http://x") == nil)
        #expect(MPVPlayer.scheme(of: "émoi://x") == nil)
        #expect(MPVPlayer.scheme(of: "no scheme") == nil)
    }
}
