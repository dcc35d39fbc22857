// SPDX-License-Identifier: Apache-2.0
import Foundation
import Logging
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgePlayerDaemon
import RemoteBridgeTesting

/// A private bus with a real remote-playerd (in-process, null audio, no state) playing one
/// 30 s FLAC tone with three chapters in its Vorbis comments (Intro at 0 s, Middle at 10 s, End
/// at 20 s), and beside it the scripted player mpris-test-player runs, as `scripted`: any
/// other program's player, which has MPRIS's Rate but not Playback1.
@MainActor
final class SpokenWordWorld {
    let bus: PrivateBus
    let folder: URL
    let daemon: RemotePlayerDaemon
    let scripted: ScriptedPlayer
    /// A connection of the test's own, for asking the players.
    let connection: DBusConnection
    let command: InProcessCommand
    /// Every signal from the players' object, recorded from the start.
    let signals: SignalRecorder
    /// remote-playerd's client.
    var player: MPRISClient { MPRISClient(connection: connection, busName: "org.mpris.MediaPlayer2.remotebridge") }

    /// The chapters the tone has: start in seconds, and title.
    static let chapters: [(start: Int, title: String)] = [(0, "Intro"), (10, "Middle"), (20, "End")]

    init() async throws {
        bus = try PrivateBus()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("remotectl-spoken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let tone = folder.appendingPathComponent("book.flac")
        let tags = Self.chapters.enumerated().flatMap { index, chapter in
            [String(format: "CHAPTER%03d=00:00:%02d.000", index, chapter.start), String(format: "CHAPTER%03dNAME=%@", index, chapter.title)]
        }
        // 48 kHz: at 8 kHz mpv's position moves in FLAC blocks of half a second.
        try await TestMedia.tone(at: tone, seconds: 30, sampleRate: 48_000, tags: ["TITLE=Book", "ARTIST=Reader"] + tags)
        var options = RemotePlayerDaemon.Options()
        options.busAddress = bus.address
        options.audioOutput = "null"
        options.noState = true
        options.configPath = folder.appendingPathComponent("empty.toml").path
        _ = FileManager.default.createFile(atPath: options.configPath!, contents: Data())
        options.items = [tone.path]
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        daemon = try await RemotePlayerDaemon(options: options, logger: logger)
        var properties = ScriptedPlayerProperties(identity: "Scripted")
        properties.player["MinimumRate"] = .double(0.5)
        properties.player["MaximumRate"] = .double(2)
        scripted = try await ScriptedPlayer(address: bus.address, name: "scripted", properties: properties)
        connection = try await DBusConnection.connect(to: bus.address)
        signals = try await SignalRecorder.start(on: connection, MatchRule(path: MPRISNames.objectPath))
        command = InProcessCommand(address: bus.address)
    }

    /// Runs a remotectl command line in-process; returns its status, and what it printed.
    func remotectl(_ arguments: [String]) async -> (status: Int32, out: [String], err: [String]) {
        command.out = []
        command.err = []
        let status = await command(arguments)
        return (status, command.out, command.err)
    }

    /// remote-playerd's Playback1 property `property`.
    func playback(_ property: DBusPropertyDeclaration) async throws -> DBusValue {
        try await player.property(property)
    }

    /// Whether `condition`, asked of the players, comes to hold: checked again at each signal
    /// from their object (a chapter that changes is announced), never polled.
    func until(_ condition: () async throws -> Bool) async throws -> Bool {
        try await signals.until(asking: condition)
    }

    /// Plays until the player knows the chapters, then pauses at the start: remote-playerd
    /// reads them from its engine, which runs once something plays.
    func chaptersKnown() async throws -> Bool {
        try await player.play()
        let known = try await until { try await playback(Playback1Interface.chapters).arrayValue?.count == Self.chapters.count }
        try await player.pause()
        try await player.setPosition(trackID: currentTrack(), .zero)
        let atStart = try await until { try await playback(Playback1Interface.chapter).int64Value == 0 }
        return known && atStart
    }

    /// The current entry's track id.
    private func currentTrack() async throws -> String {
        try await player.metadata()["mpris:trackid"]?.stringValue ?? ""
    }

    func stop() {
        daemon.shutdown()
        scripted.leave()
        bus.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
