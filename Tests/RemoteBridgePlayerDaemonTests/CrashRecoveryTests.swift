// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import Foundation
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgePlayerDaemon
import Testing

/// remote-playerd run as a real process, killed at awkward moments and started again.
@Suite("remote-playerd: crashes and restarts lose nothing and mix nothing up", .serialized)
@MainActor
struct CrashRecoveryTests {
    static let name = "org.mpris.MediaPlayer2.remotebridge"

    /// Starts remote-playerd with `state` and `items`, and waits for its name.
    static func start(_ bed: DaemonTestBed, state: String, _ items: [String]) async throws -> DaemonProcess {
        try await bed.startPlayer(["--state", state, "--log-level", "warning"] + items)
    }

    /// The queue as the player shows it: each track's URL and title.
    static func tracks(_ client: MPRISClient) async throws -> [(url: String, title: String)] {
        let paths = try await client.property(TrackListInterface.tracks).stringArrayValue ?? []
        let reply = try await client.call(TrackListInterface.getTracksMetadata, [.objectPaths(paths)])
        return (reply.first?.arrayValue ?? []).map { metadata in
            let fields = metadata.stringDictionaryValue ?? [:]
            return (fields["xesam:url"]?.stringValue ?? "", fields["xesam:title"]?.stringValue ?? "")
        }
    }

    /// The queue's local paths, read back from the file URIs the player shows.
    static func paths(_ tracks: [(url: String, title: String)]) -> [String] {
        tracks.map { URL(string: $0.url)?.path(percentEncoded: false) ?? $0.url }
    }

    /// Whether a title belongs to the tone at `url` ("01 tone.flac" is "Tone 1", or untagged yet).
    static func titleFits(_ title: String, url: String) -> Bool {
        let number = Int(String((url as NSString).lastPathComponent.prefix(2))) ?? -1
        return title == "Tone \(number)" || title == String(format: "%02d tone", number)
    }

    @Test("12 cycles of next/previous, then SIGTERM or kill -9 within 1 s, then a restart: the queue is whole, every file keeps its own tags")
    func crashCycles() async throws {
        let bed = try await DaemonTestBed(tones: 3, seconds: 20)
        defer { bed.stop() }
        let media = bed.media
        let state = bed.path("state.json")
        let files = media.tones.map(\.path)
        let connection = bed.connection
        let client = MPRISClient(connection: connection, busName: Self.name)
        for cycle in 0..<12 {
            let daemon = try await Self.start(bed, state: state, cycle == 0 ? files : [])
            let tracks = try await Self.tracks(client)
            #expect(Self.paths(tracks) == files, "cycle \(cycle): the queue")
            for track in tracks {
                #expect(Self.titleFits(track.title, url: track.url), "cycle \(cycle): \(track.url) is titled \(track.title)")
            }
            // Move through the queue so that tags of one file are read while another is current.
            let watch = try FileWatch(folder: media.directory.path)
            if cycle % 3 == 2 { try await client.previous() } else { try await client.next() }
            if cycle % 4 == 1 { try await client.next() }
            // Kill within a second of the change: on some cycles at once (before its save), on
            // others just after the save has landed.
            if cycle % 3 != 0 { _ = await watch.waitFor(name: "state.json") }
            daemon.send(cycle.isMultiple(of: 2) ? SIGKILL : SIGTERM)
            let status = await daemon.waitForExit()
            #expect(status == (cycle.isMultiple(of: 2) ? -SIGKILL : 0), "cycle \(cycle): \(daemon.standardError)")
            // What is on disk is one whole state, with no file carrying another's tags.
            let saved = try #require(try StateStore(path: state).load(), "cycle \(cycle): no state")
            #expect(saved.queue.map(\.url) == files)
            for item in saved.queue {
                if let title = item.tags.title { #expect(Self.titleFits(title, url: item.url), "cycle \(cycle): \(item.url) saved as \(title)") }
            }
        }
    }

    @Test("kill -9 a moment after start keeps the queue given on the command line")
    func killRightAfterStart() async throws {
        let bed = try await DaemonTestBed(tones: 3, seconds: 5)
        defer { bed.stop() }
        let media = bed.media
        let state = bed.path("state.json")
        let connection = bed.connection
        let watch = try FileWatch(folder: media.directory.path)
        let daemon = try await Self.start(bed, state: state, media.tones.map(\.path))
        // The queue given at start is written without waiting for any other change.
        #expect(await watch.waitFor(name: "state.json"), "state.json was never written")
        daemon.send(SIGKILL)
        _ = await daemon.waitForExit()
        let saved = try #require(try StateStore(path: state).load())
        #expect(saved.queue.map(\.url) == media.tones.map(\.path))
        let restarted = try await Self.start(bed, state: state, [])
        defer { restarted.send(SIGKILL) }
        let tracks = try await Self.tracks(MPRISClient(connection: connection, busName: Self.name))
        #expect(Self.paths(tracks) == media.tones.map(\.path))
    }

    @Test("a broken state file is moved aside with a warning naming both paths, and the daemon starts with the files given")
    func brokenStateFileAtStart() async throws {
        let bed = try await DaemonTestBed(tones: 2, seconds: 5)
        defer { bed.stop() }
        let media = bed.media
        let state = bed.path("state.json")
        try StateStoreTests.makeBroken("garbage", at: state)
        let connection = bed.connection
        let daemon = try await Self.start(bed, state: state, media.tones.map(\.path))
        let tracks = try await Self.tracks(MPRISClient(connection: connection, busName: Self.name))
        #expect(tracks.count == 2)
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
        let aside = try FileManager.default.contentsOfDirectory(atPath: media.directory.path).filter { $0.hasPrefix("state.json.broken-") }
        #expect(aside.count == 1)
        #expect(daemon.standardError.contains(state + ": not a state file"))
        #expect(daemon.standardError.contains("moved it aside to \(state).broken-"))
        // The aside copy is the user's bytes, untouched; the new state is the new queue.
        #expect(try Data(contentsOf: media.directory.appendingPathComponent(aside[0])) == Data([0x00, 0xFF, 0x13, 0x37]))
        #expect(try StateStore(path: state).load()?.queue.count == 2)
    }

    @Test("quitting during a burst of D-Bus calls exits cleanly (no use of a freed mpv handle)")
    func quitDuringBurst() async throws {
        let bed = try await DaemonTestBed(tones: 2, seconds: 5)
        defer { bed.stop() }
        let media = bed.media
        let connection = bed.connection
        for round in 0..<3 {
            let daemon = try await Self.start(bed, state: bed.path("s\(round).json"), media.tones.map(\.path))
            let client = MPRISClient(connection: connection, busName: Self.name)
            try await client.play()
            // Calls that reach mpv (position, volume, seeks) race the shutdown that Quit starts.
            // 100 calls in flight: the bus allows a connection 128 pending replies.
            var burst: [Task<Void, Never>] = []
            for index in 0..<100 {
                burst.append(
                    Task { @MainActor in
                        switch index % 3 {
                        case 0: _ = try? await client.position()
                        case 1: try? await client.setProperty(PlayerInterface.volume, .double(Double(index % 10) / 10))
                        default: try? await client.seek(by: .milliseconds(10))
                        }
                    })
                if index == 30 + round * 30 {
                    burst.append(
                        Task { @MainActor in
                            // Answered even mid-burst: the daemon stops only once the reply is on the bus.
                            do throws(DBusError) {
                                _ = try await client.call(MediaPlayer2Interface.quit)
                            } catch {
                                Issue.record("round \(round): Quit got \(error.name): \(error.message)")
                            }
                        })
                }
            }
            let status = await daemon.waitForExit()
            #expect(status == 0, "round \(round): exit \(status) \(daemon.standardError)")
            for task in burst { await task.value }
        }
    }
}

@Suite("remote-playerd: giving up its name", .serialized)
@MainActor
struct NameTakeoverTests {
    @Test("another client taking the name with REPLACE_EXISTING: the daemon logs who, saves, and exits 0")
    func takenOver() async throws {
        let bed = try await DaemonTestBed(tones: 2, seconds: 5)
        defer { bed.stop() }
        let media = bed.media
        let state = bed.path("state.json")
        let daemon = try await bed.startPlayer(["--state", state] + media.tones.map(\.path))
        let thief = try await DBusConnection.connect(to: bed.bus.address)
        #expect(try await thief.requestName(CrashRecoveryTests.name, flags: [.replaceExisting, .doNotQueue]) == .primaryOwner)
        #expect(await daemon.waitForExit() == 0)
        #expect(daemon.standardError.contains("was taken over by \(thief.uniqueName) (pid \(getpid())"), "\(daemon.standardError)")
        #expect(try StateStore(path: state).load()?.queue.count == 2)
    }
}
