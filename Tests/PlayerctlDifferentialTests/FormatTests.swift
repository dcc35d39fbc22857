// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeTesting
import Testing

/// `--format` templates: variables, functions, arithmetic, and their errors.
@Suite("playerctl differential: format templates", .serialized)
@MainActor
struct FormatTests {
    /// The player the templates read: paused at 12.345678 s, volume 0.5, on `vlc.instance123`.
    private func player(_ d: Differential) async throws {
        try await d.add("vlc.instance123") {
            $0.player["Position"] = .int64(12_345_678)
            $0.player["Volume"] = .double(0.5)
            $0.player["Metadata"] = ScriptedPlayerProperties.metadata([
                ("mpris:trackid", .objectPath("/org/mpris/MediaPlayer2/Track/1")), ("mpris:length", .int64(215_000_000)),
                ("xesam:title", .string("<hi> & \"you\"")), ("xesam:artist", .strings(["Artist"])), ("xesam:album", .string("")),
            ])
        }
    }

    @Test("--format on every query verb", arguments: [
        ["status", "--format", "{{playerInstance}}"], ["position", "--format", "{{playerInstance}}"],
        ["volume", "--format", "{{playerInstance}}"], ["loop", "--format", "{{playerInstance}}"],
        ["shuffle", "--format", "{{playerInstance}}"], ["metadata", "--format", "{{playerInstance}}"],
        ["status", "-f", "{{status}} {{volume}} {{position}} {{loop}} {{shuffle}}"],
        ["volume", "-f", "{{status}} {{volume}} {{position}} {{loop}} {{shuffle}}"],
        ["metadata", "-f", "{{status}} {{volume}} {{position}} {{loop}} {{shuffle}} {{title}} {{artist}} {{album}} {{mpris:length}}"],
        ["metadata", "-f", "{{xesam:title}}|{{mpris:trackid}}|{{nokey}}|"], ["metadata", "title", "-f", "{{artist}}"],
        ["status", "-f", ""], ["status", "-f", "plain text"], ["status", "-f", "{{ status }}"],
    ])
    func everyQuery(arguments: [String]) async throws {
        let d = try Differential()
        try await player(d)
        try await d.expectSame(arguments)
    }

    @Test("functions and arithmetic", arguments: [
        "{{markup_escape(title)}}", "{{playerName}} - {{playerInstance}}", "{{volume + 10}}", "{{-position}}", "{{2 * (2 + 2)}}",
        "{{default(5+5, \"x\")}}", "{{default(album, \"no album\")}}", "{{lc(status)}}", "{{uc(title)}}",
        "{{duration(position)}}", "{{duration(mpris:length)}}", "{{trunc(title, 3)}}", "{{emoji(status)}}", "{{emoji(volume)}}",
        "{{position / 1000000}}", "{{mpris:length - position}}", "{{10 / 4}}", "{{1 / 0}}", "{{\"a\" + \"b\"}}", "{{ \"lit\" }}",
        "{{7 - 2 - 1}}", "{{2 + 3 * 4}}", "{{+volume}}",
    ])
    func functions(template: String) async throws {
        let d = try Differential()
        try await player(d)
        try await d.expectSame(["metadata", "--format", template])
    }

    @Test("template errors: a message and exit 1", arguments: [
        "{{emoji(\"hi\")}}", "{{emoji(status, volume)}}", "{{nofunction(title)}}", "{{title", "{{title + 1}}", "{{lc()}}",
        "{{trunc(title, \"x\")}}", "{{duration(title)}}", "{{)}}", "{{status volume}}",
    ])
    func errors(template: String) async throws {
        let d = try Differential()
        try await player(d)
        let result = try await d.expectSame(["metadata", "--format", template])
        #expect(result.playerctl.status == 1)
    }

    @Test("--format on a command that is not a query: refused", arguments: [
        ["play", "--format", "{{status}}"], ["position", "5", "--format", "{{status}}"], ["volume", "0.5", "-f", "x"],
        ["open", "https://example.com/a.ogg", "-f", "x"], ["loop", "track", "-f", "x"],
    ])
    func notAQuery(arguments: [String]) async throws {
        let d = try Differential()
        try await player(d)
        try await d.expectSame(arguments)
    }
}
