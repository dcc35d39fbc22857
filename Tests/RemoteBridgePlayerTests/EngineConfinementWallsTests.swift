// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeEngineConfinement
import RemoteBridgeTesting
import Testing

@testable import RemoteBridgePlayer

/// The engine's walls, tried from inside a playing engine: the bus the daemon is on, files
/// outside the sound devices' folders, programs, and what it inherits.
@Suite("The engine process: its confinement, tried from inside", .serialized)
@MainActor
struct EngineConfinementWallsTests {
    /// A player whose engine hides the private bus at `busAddress`, as the daemon has it hide the
    /// bus it is on, playing, so that an engine runs.
    private func playing(busAddress: String) async throws -> (MPVPlayerTests.Fixture, MPVPlayer) {
        let f = try await MPVPlayerTests.Fixture(hiddenSockets: DBusAddress.socketPaths(busAddress))
        f.player.play()
        await f.until("playing, the file open") { f.player.status == .playing && f.player.loadedID == f.player.currentID }
        return (f, f.player)
    }

    @Test("the engine cannot reach the daemon's bus: no address in its environment, and its socket refused by path")
    func noBus() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let (f, player) = try await playing(busAddress: bus.address)
        _ = f
        let path = try #require(DBusAddress.socketPath(bus.address))
        // The socket is there, and we reach it.
        #expect(ConfinementProbe.connect(unixPath: path) == 0)
        let refused = try #require(await player.mpv.probe(.connectUnix(path: path)))
        #expect(refused != 0, "the engine connected to the bus at \(path)")
        let pid = try #require(player.enginePID)
        let environment = try String(contentsOfFile: "/proc/\(pid)/environ", encoding: .utf8).split(separator: "\0")
        #expect(!environment.contains { $0.hasPrefix("DBUS_") }, "\(environment)")
        #expect(player.mpv.confinement?.contains("seccomp") == true, "\(player.mpv.confinement ?? "?")")
    }

    @Test("the engine cannot write outside the sound devices' folders, nor start a program")
    func noWrites() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let (f, player) = try await playing(busAddress: bus.address)
        let outside = f.media.directory.appendingPathComponent("written-by-the-engine").path
        #expect(try #require(await player.mpv.probe(.createFile(path: outside))) == EACCES)
        #expect(!FileManager.default.fileExists(atPath: outside))
        #expect(try #require(await player.mpv.probe(.createFile(path: "/tmp/written-by-the-engine-\(getpid())"))) == EACCES)
        #expect(try #require(await player.mpv.probe(.createFile(path: "/dev/shm/remotebridge-engine-probe-\(getpid())"))) == 0)
        #expect(try #require(await player.mpv.probe(.execute)) == EPERM)
    }

    @Test("the engine holds no descriptor of ours: one socket (its channel), and the file it plays")
    func descriptors() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let (f, player) = try await playing(busAddress: bus.address)
        let pid = try #require(player.enginePID)
        let folder = "/proc/\(pid)/fd"
        let targets = try FileManager.default.contentsOfDirectory(atPath: folder).compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")
        }
        #expect(targets.filter { $0.hasPrefix("socket:") }.count == 1, "\(targets)")
        #expect(targets.contains(f.media.tones[0].path), "\(targets)")
        #expect(!targets.contains { $0.hasPrefix("/") && !$0.hasPrefix("/dev/") && !$0.hasPrefix(f.media.directory.path) && $0 != "/" }, "\(targets)")
    }
}
