// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTesting
import Testing

/// `-p playerctld` when playerctld is not running: the bus starts it (D-Bus activation). Here
/// the program a `.service` file names is `mpris-test-player`, claiming
/// `org.mpris.MediaPlayer2.playerctld` and writing each call it gets to a file.
@Suite("playerctl differential: playerctld activation", .serialized)
@MainActor
struct ActivationTests {
    /// A folder with a `.service` file for `org.mpris.MediaPlayer2.playerctld`, and the file
    /// the started player records its calls in.
    private struct ServiceFolder {
        let directory: URL
        var record: URL { directory.appendingPathComponent("calls") }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("differential-services-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let service = """
                [D-BUS Service]
                Name=org.mpris.MediaPlayer2.playerctld
                Exec=\(BuiltProduct.debug("mpris-test-player")) playerctld \(directory.path)/calls

                """
            try Data(service.utf8).write(to: directory.appendingPathComponent("org.mpris.MediaPlayer2.playerctld.service"))
        }

        /// The calls recorded so far, one a line.
        var calls: [String] {
            ((try? String(contentsOf: record, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        func remove() {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// Runs both programs with `arguments`, each on a session bus that can start the scripted
    /// playerctld, expects the same outcome, and returns the calls each started player got
    /// (none where none was started).
    private func compare(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> (
        playerctl: [String], remotectl: [String]
    ) {
        let reference = try ServiceFolder()
        let candidate = try ServiceFolder()
        defer {
            reference.remove()
            candidate.remove()
        }
        let d = try Differential(serviceDirectories: (reference.directory.path, candidate.directory.path))
        // Stopping the buses ends the started players.
        defer {
            d.reference.stop()
            d.candidate.stop()
        }
        try await d.expectSame(arguments, sourceLocation: sourceLocation)
        return (reference.calls, candidate.calls)
    }

    @Test("-p naming playerctld exactly starts it and controls it", arguments: [
        (["-p", "playerctld", "play"], ["Play"]), (["-p", "playerctld", "status"], []), (["-p", "vlc,playerctld", "pause"], ["Pause"]),
        (["--player=playerctld", "volume", "0.5"], ["Set \"Volume\" 0.5"]), (["-p", "playerctld", "-l"], []),
    ])
    func activated(arguments: [String], calls: [String]) async throws {
        let got = try await compare(arguments)
        #expect(got.playerctl == calls, "playerctl's started player got \(got.playerctl)")
        #expect(got.remotectl == got.playerctl, "`\(arguments.joined(separator: " "))`: playerctl's started player got \(got.playerctl), remotectl's \(got.remotectl)")
    }

    @Test("without -p playerctld (or with %any, or a prefix of it), nothing is started", arguments: [
        ["play"], ["-p", "%any", "play"], ["-a", "play"], ["-p", "playerct", "play"], ["-l"],
    ])
    func notActivated(arguments: [String]) async throws {
        let got = try await compare(arguments)
        #expect(got.playerctl.isEmpty && got.remotectl.isEmpty, "playerctl's: \(got.playerctl), remotectl's: \(got.remotectl)")
    }
}
