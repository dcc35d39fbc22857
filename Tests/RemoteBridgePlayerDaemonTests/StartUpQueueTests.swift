// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgePlayerDaemon
import Testing

/// What remote-playerd queues as it starts, run as users run it: `--demo`'s generated tones, and
/// items the configuration refuses, which are named rather than dropped in silence.
@Suite("remote-playerd: the queue it starts with", .serialized)
@MainActor
struct StartUpQueueTests {
    static let busName = MPRISNames.busNamePrefix + "remotebridge"

    @Test("--demo queues its five generated tones, titled, and plays them")
    func demoQueue() async throws {
        let bed = try await DaemonTestBed(tones: 1)
        defer { bed.stop() }
        let daemon = try await bed.startPlayer(["--demo", "--no-state"])
        let client = MPRISClient(connection: bed.connection, busName: Self.busName)
        let tracks = try await client.property(TrackListInterface.tracks).stringArrayValue ?? []
        #expect(tracks.count == DemoContent.queue.count)
        #expect(try await client.metadata()["xesam:title"]?.stringValue == "Morning Tone")
        #expect(try await client.property(PlayerInterface.canPlay).boolValue == true)

        // Playing, as the player announces it.
        let statuses = try await SignalRecorder.start(
            on: bed.connection, MatchRule(signal: StandardInterfaces.propertiesChanged, path: MPRISNames.objectPath))
        try await client.play()
        #expect(try await statuses.until(asking: { try await client.playbackStatus() == .playing }))
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
    }

    @Test("a start-up item whose scheme the configuration refuses is named in a warning, and the rest play")
    func refusedItemIsNamed() async throws {
        let bed = try await DaemonTestBed(tones: 1)
        defer { bed.stop() }
        let daemon = try await bed.startPlayer(["--no-state", bed.media.tones[0].path, "ftp://example.org/song.flac"])
        let client = MPRISClient(connection: bed.connection, busName: Self.busName)
        #expect(try await client.property(TrackListInterface.tracks).stringArrayValue?.count == 1)
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
        #expect(daemon.standardError.contains("skipped \"ftp://example.org/song.flac\""), "\(daemon.standardError)")
        #expect(daemon.standardError.contains("the ftp scheme is not allowed"), "\(daemon.standardError)")
    }
}
