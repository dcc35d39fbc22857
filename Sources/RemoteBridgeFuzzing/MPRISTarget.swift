// SPDX-License-Identifier: Apache-2.0
import Dispatch
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgePrivateBus
import RemoteBridgeTesting

/// The MPRIS server the D-Bus harness sends its calls to: an in-memory player served on a
/// private bus of its own, started on first use and kept for the process.
///
/// The server lives on the main actor, which must be free to run it: calls come from another
/// thread (the fuzzer's, a test's), which waits for each answer.
package final class MPRISTarget: Sendable {
    /// The one target of the process.
    package static let shared = MPRISTarget()

    /// The most tracks the player holds; calls that add more are undone, so that a long run
    /// does not grow.
    static let mostTracks = 64

    /// The private bus; nil when dbus-daemon could not start.
    private let bus: PrivateBus?
    private let served: Result<ServedPlayerBox, Failure>

    /// Why there is no server to answer: dbus-daemon or the player could not start.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The served player, handed between threads; used on the main actor only.
    final class ServedPlayerBox: @unchecked Sendable {
        let player: ServedPlayer
        init(_ player: ServedPlayer) { self.player = player }
    }

    private init() {
        let bus: PrivateBus
        do {
            bus = try PrivateBus()
        } catch {
            self.bus = nil
            served = .failure(Failure(description: "the D-Bus harness needs dbus-daemon for its private bus (make deps installs it): \(error)"))
            return
        }
        self.bus = bus
        let address = bus.address
        served = Self.waitForMainActor { () async -> Result<ServedPlayerBox, Failure> in
            do {
                return .success(ServedPlayerBox(try await ServedPlayer(address: address, name: "fuzz")))
            } catch {
                return .failure(Failure(description: "the D-Bus harness could not serve its player: \(error)"))
            }
        }
    }

    /// The server's answer to `message`, as if addressed to its object; throws when there is no
    /// server.
    package func answer(_ message: DBusMessage) throws(Failure) -> Result<[DBusValue], DBusError> {
        let box = try served.get()
        return Self.waitForMainActor { () async -> Result<[DBusValue], DBusError> in
            let served = box.player
            guard let object = served.server.object else { return .failure(.failed("the server is not exported")) }
            let result = await object.answer(message)
            // Through the player's own removal, which keeps its current track in range.
            while served.player.queue.count > Self.mostTracks, let last = served.player.queue.last {
                try? served.player.removeTrack(id: last.id)
            }
            return result
        }
    }

    /// Runs `work` on the main actor and waits for its result. The caller must not be on the main
    /// queue, which the main actor runs on.
    private static func waitForMainActor<Value: Sendable>(_ work: @escaping @MainActor @Sendable () async -> Value) -> Value {
        dispatchPrecondition(condition: .notOnQueue(.main))
        let done = DispatchSemaphore(value: 0)
        let result = ResultBox<Value>()
        Task { @MainActor in
            result.value = await work()
            done.signal()
        }
        done.wait()
        return result.value!
    }

}

/// A value handed from the main actor to the thread waiting for it, after a semaphore.
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    var value: Value?
}
