// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// How soon remote-playerd lets its engine go once paused, in this benchmark (`[player]
/// release-engine-after`; 300 s by default).
enum EngineRelease {
    static let seconds = 2
}

/// Measures remote-playerd playing (its RSS and its engine's) beside the C floor playing and mpv +
/// mpv-mpris playing, then remote-playerd once its engine is released. `rows` are the benchmark's
/// (remote-playerd, its C floor, mpv + mpv-mpris, …), all idle and measured: the C floor's
/// process is replaced by one that plays (so that the caller's clean-up ends it), and mpv is told
/// to Play over MPRIS as remote-playerd is.
@MainActor
func measureEngineStates(
    _ states: inout EngineStates, rows: inout [Measured], floor: String, file: String, busAddress: String, environment: [String: String],
    idleSeconds: Int, connection: DBusConnection
) async throws {
    let daemon = rows[0].process.processIdentifier
    let player = MPRISClient(connection: connection, busName: "org.mpris.MediaPlayer2.remotebridge")
    let peer = MPRISClient(connection: connection, busName: "org.mpris.MediaPlayer2.mpv")
    let floorName = "org.mpris.MediaPlayer2.floor"

    // The paused C floor makes way for one playing the same file under the same name.
    kill(rows[1].process.processIdentifier, SIGKILL)
    rows[1].process.waitUntilExit()
    let deadline = ContinuousClock.now + .seconds(10)
    while await connection.nameOwner(floorName) != nil {
        guard ContinuousClock.now < deadline else { throw ProcessTimer.Failure(description: "\(floorName) stayed on the bus after the floor was killed") }
        try await Task.sleep(for: .milliseconds(10))
    }
    rows[1].process = try Program(name: "C floor, playing", executable: floor, arguments: [busAddress, file, "--play"], busName: floorName)
        .start(environment: environment)
    try await player.play()
    try await peer.play()
    try await EngineWait.status(.playing, of: player)
    try await EngineWait.status(.playing, of: peer)
    try await BenchmarkDaemon.waitForOwner(of: floorName, on: connection)
    // Settle, as the paused figures do: the file open, the audio output's buffers filled.
    try await Task.sleep(for: .seconds(3))
    let engines = ProcessStats.children(of: daemon)
    guard !engines.isEmpty else { throw ProcessTimer.Failure(description: "remote-playerd says Playing, but has no engine process") }
    states.playingEngines = engines.count
    states.playingDaemonKilobytes = ProcessStats.residentKilobytes(of: daemon)
    states.playingEngineKilobytes = engines.reduce(0) { $0 + ProcessStats.residentKilobytes(of: $1) }
    states.floorPlayingKilobytes = ProcessStats.residentKilobytes(of: rows[1].process.processIdentifier)
    states.peerPlayingKilobytes = ProcessStats.residentKilobytes(of: rows[2].process.processIdentifier)

    // Paused, and its engine released after EngineRelease.seconds: then measured as before the
    // first Play, over the same idle window.
    try await player.pause()
    try await EngineWait.status(.paused, of: player)
    try await EngineWait.engineGone(from: daemon, limit: .seconds(EngineRelease.seconds + 10))
    try await Task.sleep(for: .seconds(1))
    let before = ProcessStats.threads(of: daemon)
    try await Task.sleep(for: .seconds(idleSeconds))
    let after = ProcessStats.threads(of: daemon)
    let switches = after.reduce(0) { sum, entry in sum + entry.value.switches - (before[entry.key]?.switches ?? 0) }
    states.released.wakeupsPerSecond = Double(switches) / Double(idleSeconds)
    states.released.kilobytes = ProcessStats.residentKilobytes(of: daemon)
    states.released.executableKilobytes = ProcessStats.executableResidentKilobytes(of: daemon)
    states.released.threads = after.count
    states.released.libmpvMapped = ProcessStats.maps("libmpv", in: daemon)
}

/// The tables of the engine states, and start-up against the peer.
enum EngineStatesReport {
    static func mebibytes(_ kilobytes: Int) -> String { String(format: "%.1f", Double(kilobytes) / 1024) }

    static func print(_ states: EngineStates, rows: [Measured], idleSeconds: Int) {
        let floor = Double(states.floorPlayingKilobytes)
        Swift.print("\nPlaying the same file (Play over D-Bus; measured 3 s after PlaybackStatus Playing), RSS")
        Swift.print("| process | RSS MiB | × the C floor playing |")
        Swift.print("|---|---|---|")
        Swift.print(
            "| remote-playerd + its engine (\(mebibytes(states.playingDaemonKilobytes)) + \(mebibytes(states.playingEngineKilobytes)), \(states.playingEngines) engine process) "
                + "| \(mebibytes(states.playingKilobytes)) | \(String(format: "%.2f", Double(states.playingKilobytes) / floor)) |")
        Swift.print("| C floor (libmpv + libdbus), playing | \(mebibytes(states.floorPlayingKilobytes)) | 1.00 |")
        Swift.print("| mpv + mpv-mpris, playing | \(mebibytes(states.peerPlayingKilobytes)) | \(String(format: "%.2f", Double(states.peerPlayingKilobytes) / floor)) |")

        let idle = rows[0]
        let released = states.released
        func mapped(_ value: Bool?) -> String { value.map { $0 ? "yes" : "no" } ?? "unreadable" }
        Swift.print("\nremote-playerd without its engine: before the first Play, and once released (paused, release-engine-after = \(EngineRelease.seconds) s); wakeups over \(idleSeconds) s")
        Swift.print("| state | RSS MiB | of which its own binary, MiB | wakeups/s | threads | libmpv mapped |")
        Swift.print("|---|---|---|---|---|---|")
        for (name, row) in [("before the first Play", idle), ("engine released", released)] {
            Swift.print(
                "| \(name) | \(mebibytes(row.kilobytes)) | \(mebibytes(row.executableKilobytes)) | \(String(format: "%.2f", row.wakeupsPerSecond)) | \(row.threads) | \(mapped(row.libmpvMapped)) |")
        }
    }

    /// remote-playerd's start-up (exec → name on the bus) against mpv + mpv-mpris's, milliseconds.
    static func printStartUp(player: Double, peer: Double) {
        Swift.print(
            String(
                format: "\nStart-up, exec → name on the bus: remote-playerd %.1f ms, mpv + mpv-mpris %.1f ms: %.2f× (goals: ≤ %.0f ms, ≤ %.2f×)",
                player, peer, player / peer, FootprintLimits.startUpMilliseconds, FootprintLimits.startUpToPeer))
    }
}
