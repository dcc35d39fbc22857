// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

@testable import RemoteBridgePlayerDaemon

/// remote-playerd's audio output stream, as real sound servers list it (`pw-dump` for PipeWire,
/// `pactl` for PulseAudio and pipewire-pulse): it says it is RemoteBridge (application name,
/// the player's name as its id, the remotebridge icon, the music role), and its media.name is
/// the track as MPRIS shows it ("Title — Artist", or the file name without extension), never
/// "file - mpv", and never with a tag's `${…}` expanded.
@Suite("remote-playerd: its audio stream says who it is", .serialized)
@MainActor
struct AudioStreamIdentityTests {
    /// A private bus, three tones (tagged, untagged, tags that look like mpv's property
    /// expansion), and a player on them.
    @MainActor
    final class Bed {
        let bed: DaemonTestBed
        var daemon: DaemonProcess?
        var client: MPRISClient?
        let tagged: URL
        let untagged: URL
        let hostile: URL
        /// What a stream showed last, for the message when the one waited for never shows.
        var lastSeen: [[String: String]] = []

        init() async throws {
            bed = try await DaemonTestBed(tones: 1, seconds: 1)
            tagged = bed.media.directory.appendingPathComponent("citizen.flac")
            untagged = bed.media.directory.appendingPathComponent("untagged tone.flac")
            hostile = bed.media.directory.appendingPathComponent("hostile.flac")
            try await TestMedia.tone(at: tagged, tags: ["TITLE=Citizen", "ARTIST=Artist"])
            try await TestMedia.tone(at: untagged, tags: [])
            try await TestMedia.tone(at: hostile, tags: ["TITLE=${path} $> ${filename}", "ARTIST=$>x ${media-title}"])
        }

        /// Starts remote-playerd with `output` (and `--name name`) on `items`, reaching the sound
        /// server through `environment`, and asks it to play.
        func startPlayer(output: String, name: String? = nil, items: [URL], environment: [String: String]) async throws {
            let busName = "org.mpris.MediaPlayer2." + (name ?? "remotebridge")
            let daemon = try await DaemonProcess(
                "remote-playerd",
                ["--bus", bed.bus.address, "--audio-output", output, "--config", bed.config, "--no-state"]
                    + (name.map { ["--name", $0] } ?? []) + items.map(\.path),
                environment: environment)
            self.daemon = daemon
            guard try await daemon.waitForName(busName, on: bed.connection) else {
                throw TestFailure(description: "remote-playerd never came on the bus: \(daemon.standardError)")
            }
            let client = MPRISClient(connection: bed.connection, busName: busName)
            self.client = client
            try await client.play()
        }

        /// The stream name MPRIS's Metadata gives for the current track: title, then " — " and
        /// the artists if there are any.
        func mprisName() async throws -> String {
            let metadata = try await client?.metadata() ?? [:]
            let title = metadata["xesam:title"]?.stringValue ?? ""
            let artists = metadata["xesam:artist"]?.stringArrayValue ?? []
            return artists.isEmpty ? title : title + " — " + artists.joined(separator: ", ")
        }

        /// Waits until `streams` lists exactly one stream, named `mediaName`, and returns its
        /// properties; nil (with an issue) after `limit`. The servers take the player's changes
        /// in on their own time: the streams are read again at each sink-input event.
        func stream(
            named mediaName: String, in streams: () async throws -> [[String: String]], events: SoundServerEvents,
            limit: Duration = .seconds(15), sourceLocation: SourceLocation = #_sourceLocation
        ) async -> [String: String]? {
            let deadline = ContinuousClock.now + limit
            while true {
                let seen = events.sinkInputEvents
                lastSeen = (try? await streams()) ?? []
                if lastSeen.count == 1, lastSeen[0]["media.name"] == mediaName { return lastSeen[0] }
                let left = deadline - ContinuousClock.now
                guard left > .zero, await events.waitForSinkInputEvent(after: seen, limit: left) else { break }
            }
            Issue.record(
                "no single stream named \(mediaName): \(lastSeen); remote-playerd's log:\n\(daemon?.standardError ?? "")",
                sourceLocation: sourceLocation)
            return nil
        }

        /// Stops the player and the bus.
        func stop() async {
            if let daemon {
                daemon.send(SIGTERM)
                _ = await daemon.waitForExit()
            }
            bed.stop()
        }
    }

    struct TestFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Checks what a stream says of the application, by PipeWire's key names.
    func expectPipeWireIdentity(_ stream: [String: String]?, id: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let stream else { return }
        #expect(stream["application.name"] == (id == "remotebridge" ? "RemoteBridge" : "RemoteBridge (\(id))"), "\(stream)", sourceLocation: sourceLocation)
        #expect(stream["application.id"] == id, "\(stream)", sourceLocation: sourceLocation)
        #expect(stream["application.icon-name"] == "remotebridge", "\(stream)", sourceLocation: sourceLocation)
        #expect(stream["media.icon-name"] == "remotebridge", "\(stream)", sourceLocation: sourceLocation)
        #expect(stream["media.role"] == "Music", "\(stream)", sourceLocation: sourceLocation)
    }

    /// Checks what a stream says of the application, by PulseAudio's key names.
    func expectPulseIdentity(_ stream: [String: String]?, id: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let stream else { return }
        #expect(stream["application.name"] == (id == "remotebridge" ? "RemoteBridge" : "RemoteBridge (\(id))"), "\(stream)", sourceLocation: sourceLocation)
        #expect(stream["application.id"] == id, "\(stream)", sourceLocation: sourceLocation)
        #expect(stream["application.icon_name"] == "remotebridge", "\(stream)", sourceLocation: sourceLocation)
        #expect(stream["media.icon_name"] == "remotebridge", "\(stream)", sourceLocation: sourceLocation)
        #expect(stream["media.role"] == "music", "\(stream)", sourceLocation: sourceLocation)
    }

    @Test("the names are the desktop entry's: Name is the Identity, Icon the stream's icon")
    func namesAreTheDesktopEntrys() throws {
        let text = try String(
            contentsOf: BuiltProduct.packageRoot.appendingPathComponent("dist/desktop/\(PlayerIdentity.desktopEntry).desktop"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.contains("Name=\(PlayerIdentity.name)"))
        #expect(lines.contains("Icon=\(PlayerIdentity.iconName)"))
    }

    @Test("PipeWire, ao=pipewire: RemoteBridge, id remotebridge, its icon, role Music; media.name is the tagged track, then the untagged one's name")
    func pipeWireOutput() async throws {
        let test = try await Bed()
        let server = try PipeWireServer(sessionBus: test.bed.bus.address)
        try await server.start()
        let events = try await SoundServerEvents(environment: server.environment)
        try await test.startPlayer(output: "pipewire", items: [test.tagged, test.untagged], environment: server.environment)
        let first = await test.stream(named: "Citizen — Artist", in: server.outputStreams, events: events)
        expectPipeWireIdentity(first, id: "remotebridge")
        #expect(try await test.mprisName() == "Citizen — Artist")
        try await test.client?.next()
        let second = await test.stream(named: "untagged tone", in: server.outputStreams, events: events)
        expectPipeWireIdentity(second, id: "remotebridge")
        #expect(try await test.mprisName() == "untagged tone")
        await test.stop()
        await server.stop()
    }

    @Test("pipewire-pulse, ao=pulse, --name kitchen: id kitchen, named \"RemoteBridge (kitchen)\" as its Identity is, the rest as ever, in pw-dump and in pactl; media.name follows the track")
    func pipeWirePulse() async throws {
        let test = try await Bed()
        let server = try PipeWireServer(sessionBus: test.bed.bus.address)
        try await server.start()
        let events = try await SoundServerEvents(environment: server.environment)
        try await test.startPlayer(output: "pulse", name: "kitchen", items: [test.tagged, test.untagged], environment: server.environment)
        expectPipeWireIdentity(await test.stream(named: "Citizen — Artist", in: server.outputStreams, events: events), id: "kitchen")
        expectPulseIdentity(await test.stream(named: "Citizen — Artist", in: server.sinkInputProperties, events: events), id: "kitchen")
        #expect(try await test.client?.property(MediaPlayer2Interface.identity).stringValue == "RemoteBridge (kitchen)")
        #expect(try await test.client?.property(MediaPlayer2Interface.desktopEntry).stringValue == "remotebridge", "one desktop entry for every instance")
        try await test.client?.next()
        expectPipeWireIdentity(await test.stream(named: "untagged tone", in: server.outputStreams, events: events), id: "kitchen")
        expectPulseIdentity(await test.stream(named: "untagged tone", in: server.sinkInputProperties, events: events), id: "kitchen")
        await test.stop()
        await server.stop()
    }

    @Test("PipeWire, auto: whichever output mpv picks says the same")
    func pipeWireAuto() async throws {
        let test = try await Bed()
        let server = try PipeWireServer(sessionBus: test.bed.bus.address)
        try await server.start()
        let events = try await SoundServerEvents(environment: server.environment)
        try await test.startPlayer(output: "auto", items: [test.tagged], environment: server.environment)
        expectPipeWireIdentity(await test.stream(named: "Citizen — Artist", in: server.outputStreams, events: events), id: "remotebridge")
        await test.stop()
        await server.stop()
    }

    @Test("PulseAudio, ao=pulse: RemoteBridge, id remotebridge, its icon, role music; media.name is the tagged track, then the untagged one's name")
    func pulseAudio() async throws {
        let test = try await Bed()
        let pulse = try PulseAudioServer()
        try await pulse.start()
        let events = try await SoundServerEvents(environment: pulse.environment)
        try await test.startPlayer(output: "pulse", items: [test.tagged, test.untagged], environment: pulse.environment)
        expectPulseIdentity(await test.stream(named: "Citizen — Artist", in: pulse.sinkInputProperties, events: events), id: "remotebridge")
        #expect(try await test.mprisName() == "Citizen — Artist")
        try await test.client?.next()
        expectPulseIdentity(await test.stream(named: "untagged tone", in: pulse.sinkInputProperties, events: events), id: "remotebridge")
        await test.stop()
        await pulse.stop()
    }

    @Test("PulseAudio, auto: whichever output mpv picks says the same")
    func pulseAudioAuto() async throws {
        let test = try await Bed()
        let pulse = try PulseAudioServer()
        try await pulse.start()
        let events = try await SoundServerEvents(environment: pulse.environment)
        try await test.startPlayer(output: "auto", items: [test.tagged], environment: pulse.environment)
        expectPulseIdentity(await test.stream(named: "Citizen — Artist", in: pulse.sinkInputProperties, events: events), id: "remotebridge")
        await test.stop()
        await pulse.stop()
    }

    @Test("PulseAudio killed while playing and started again: the new stream says the same")
    func pulseAudioRestart() async throws {
        let test = try await Bed()
        let pulse = try PulseAudioServer()
        try await pulse.start()
        var events = try await SoundServerEvents(environment: pulse.environment)
        try await test.startPlayer(output: "pulse", items: [test.tagged], environment: pulse.environment)
        #expect(await test.stream(named: "Citizen — Artist", in: pulse.sinkInputProperties, events: events) != nil)
        await pulse.kill()
        try await pulse.start()
        events = try await SoundServerEvents(environment: pulse.environment)
        // The player plays on by itself once the output opens again (SoundServerRestartTests).
        expectPulseIdentity(await test.stream(named: "Citizen — Artist", in: pulse.sinkInputProperties, events: events, limit: .seconds(30)), id: "remotebridge")
        await test.stop()
        await pulse.stop()
    }

    @Test("tags holding ${path}, ${filename} and $> are named as written, not expanded by mpv")
    func tagsAreNotExpanded() async throws {
        let test = try await Bed()
        let pulse = try PulseAudioServer()
        try await pulse.start()
        let events = try await SoundServerEvents(environment: pulse.environment)
        try await test.startPlayer(output: "pulse", items: [test.hostile], environment: pulse.environment)
        let name = "${path} $> ${filename} — $>x ${media-title}"
        let stream = await test.stream(named: name, in: pulse.sinkInputProperties, events: events)
        #expect(stream != nil)
        #expect(try await test.mprisName() == name)
        await test.stop()
        await pulse.stop()
    }
}
