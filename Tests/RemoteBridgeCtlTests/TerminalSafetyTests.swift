// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RemoteBridgeCtl

/// A player's title is data: on a terminal it must not be able to send escape sequences.
@Suite("remotectl: escape sequences from players never reach the terminal", .serialized)
@MainActor
struct TerminalSafetyTests {
    static let hostile = "Tone\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m"

    @Test("control characters are shown in caret notation, C1 controls replaced, the rest kept")
    func safeText() {
        #expect(TerminalText.safe(Self.hostile) == "Tone^[]0;pwned^G^[[2J\u{FFFD}31m")
        #expect(TerminalText.safe("Motörhead — Ace\tof Spades") == "Motörhead — Ace^Iof Spades")
        #expect(TerminalText.safe("plain") == "plain")
    }

    @Test("metadata, --format and a named key are made safe on a terminal, and kept as sent in a pipe")
    func metadataOnTerminal() async throws {
        let f = try await CtlFixture()
        f.other.player.queue[0].title = Self.hostile
        #expect(await f.command(["-p", "other", "metadata", "title"], terminal: true) == 0)
        #expect(await f.command(["-p", "other", "metadata", "--format", "{{title}}"], terminal: true) == 0)
        #expect(await f.command(["-p", "other", "metadata"], terminal: true) == 0)
        #expect(!f.out.contains { $0.contains("\u{1B}") || $0.contains("\u{9B}") || $0.contains("\u{07}") }, "\(f.out)")
        #expect(f.out.filter { $0.contains("Tone^[]0;pwned^G") }.count >= 3)
        f.out = []
        #expect(await f.command(["-p", "other", "metadata", "title"]) == 0)
        #expect(f.out == [Self.hostile])
    }

    @Test("status --live on a real terminal redraws with our sequences only")
    func followOnTerminal() async throws {
        let f = try await CtlFixture()
        f.other.player.queue[0].title = Self.hostile
        let (terminal, process) = try f.followOnTerminal()
        defer { kill(process.processIdentifier, SIGKILL) }
        let first = await terminal.read(until: { $0.contains("░") })
        #expect(first.contains("Tone^[]0;pwned^G^[[2J"))
        #expect(first.replacingOccurrences(of: "\r\u{1B}[2K", with: "").allSatisfy { $0 != "\u{1B}" && $0 != "\u{07}" }, "\(first.debugDescription)")
    }
}
