// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgePlayerDaemon
import Testing

/// MPRIS Quit, called on remote-playerd run as a real process.
@Suite("remote-playerd: Quit is answered, then the daemon saves and exits", .serialized)
@MainActor
struct QuitReplyTests {
    static let name = "org.mpris.MediaPlayer2.remotebridge"

    @Test("20 runs of start, then Next and Quit sent the moment the name appears: every Quit gets its method return, and the daemon saves and exits 0")
    func quitIsAnswered() async throws {
        let bed = try await DaemonTestBed(tones: 2, seconds: 5)
        defer { bed.stop() }
        let client = MPRISClient(connection: bed.connection, busName: Self.name)
        for run in 0..<20 {
            let state = bed.path("state-\(run).json")
            // Next and Quit leave as soon as the bus says the name is owned, so they reach the
            // daemon while it is still finishing its start-up.
            let quit = QuitCall()
            let names = try await SignalRecorder.start(on: bed.connection, MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0: Self.name))
            let subscription = try await bed.connection.subscribe(to: MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0: Self.name)) { message in
                guard quit.task == nil, message.body.last?.stringValue?.isEmpty == false else { return }
                Task { try? await client.next() }
                quit.task = Task {
                    do throws(DBusError) {
                        return .success(try await client.call(MediaPlayer2Interface.quit))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            let daemon = try await DaemonProcess(
                "remote-playerd",
                ["--bus", bed.bus.address, "--audio-output", "null", "--config", bed.config, "--state", state, "--log-level", "warning"]
                    + bed.media.tones.map(\.path))
            // Owned, then released: the second change is the daemon leaving the bus.
            let left = await names.waitFor(count: 2)
            await bed.connection.unsubscribe(subscription)
            switch await quit.task?.value {
            case .success(let reply)?: #expect(reply.isEmpty, "run \(run)")
            case .failure(let error)?: Issue.record("run \(run): Quit got \(error.name): \(error.message)")
            case nil: Issue.record("run \(run): the name never appeared: \(daemon.standardError)")
            }
            if !left {
                Issue.record("run \(run): the daemon was still on the bus 10 s after Quit")
                daemon.send(SIGKILL)
            }
            let status = await daemon.waitForExit()
            #expect(status == 0, "run \(run): exit \(status) \(daemon.standardError)")
            let saved = try StateStore(path: state).load()
            #expect(saved?.currentIndex == 1, "run \(run): the state saved at exit")
        }
    }
}

/// The Quit call of one run, made from a signal handler.
@MainActor
private final class QuitCall {
    /// The call and its outcome; nil until the name appeared.
    var task: Task<Result<[DBusValue], DBusError>, Never>?
}
