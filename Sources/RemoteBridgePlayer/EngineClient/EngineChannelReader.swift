// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol
import RemoteBridgeMainThread

/// Reads a ready engine's channel on the main thread: woken when the channel is readable, it
/// takes every whole message there is, checks each as outside input, and hands them to the client
/// in that same turn, with no other thread woken on the way. It runs until the channel ends or a
/// message breaks the protocol, then tells the connection's thread, which reaps the engine.
@MainActor
final class EngineChannelReader {
    /// The reads of the socket (16 KiB each) in one turn of the main thread; what is left wakes
    /// it again, so the bus is answered in between. With 16, an engine's start (its first values,
    /// the file's tags) came in one long turn, and a Get waiting behind it took up to 10.2 ms
    /// (`make wait-bench`, row a); with one, at most 7.1 ms in 15 starts.
    static let readsPerTurn = 1

    private let connection: EngineConnection
    private let check: EngineSessionCheck
    private let deliver: @MainActor ([EngineConnection.Report]) -> Void
    private let ended: (_ broken: String?) -> Void
    private var watch: MainThreadFileWatch?

    /// Starts reading `connection`'s channel; `deliver` gets what each turn read, `ended` is
    /// called once, when the channel has ended (`broken` says why, if a message broke the protocol).
    /// The reader keeps itself until then.
    @discardableResult
    static func start(
        _ connection: EngineConnection, check: EngineSessionCheck, deliver: @escaping @MainActor ([EngineConnection.Report]) -> Void,
        ended: @escaping (_ broken: String?) -> Void
    ) -> EngineChannelReader {
        let reader = EngineChannelReader(connection: connection, check: check, deliver: deliver, ended: ended)
        // The watch's handler holds the reader, and the reader the watch, until the end cancels it.
        reader.watch = MainThreadFileWatch(descriptor: connection.channel.descriptorToWatch, interest: .readable) { _, _ in
            reader.readable()
        }
        // What came with `ready` in the connection thread's last read is in the channel's inbox,
        // where no readiness of the socket would ever point: taken now.
        reader.readable()
        return reader
    }

    private init(
        connection: EngineConnection, check: EngineSessionCheck, deliver: @escaping @MainActor ([EngineConnection.Report]) -> Void,
        ended: @escaping (String?) -> Void
    ) {
        self.connection = connection
        self.check = check
        self.deliver = deliver
        self.ended = ended
    }

    private func readable() {
        guard watch != nil else { return }
        var reports: [EngineConnection.Report] = []
        var reads = 0
        var outcome: Outcome = .goesOn
        reading: while case .goesOn = outcome {
            let body: [UInt8]?
            do { body = try connection.channel.takeFrame() } catch {
                outcome = .broken(error.description)
                break
            }
            if let body {
                outcome = take(body, into: &reports)
                continue
            }
            // No whole message left among the bytes read: read more, unless this turn has read
            // enough (what is left in the socket wakes the main thread again).
            guard reads < Self.readsPerTurn else { break }
            reads += 1
            switch connection.channel.readAvailable() {
            case .read: continue
            case .nothingYet: break reading
            case .ended: outcome = .ended
            }
        }
        if !reports.isEmpty { deliver(reports) }
        switch outcome {
        case .goesOn: return
        case .ended: finish(broken: nil)
        case .broken(let reason): finish(broken: reason)
        }
    }

    private enum Outcome {
        case goesOn, ended
        case broken(String)
    }

    /// Decodes and checks one message, and adds what it says to `reports`.
    private func take(_ body: [UInt8], into reports: inout [EngineConnection.Report]) -> Outcome {
        let message: EngineMessage
        do { message = try EngineMessage(body: body) } catch { return .broken(error.description) }
        if let violation = check.admit(message) { return .broken(violation) }
        switch message {
        case .reply(let serial, let status, let error, let value):
            guard connection.answered(serial) else { return .broken("it answered request \(serial), which was not the next to answer") }
            reports.append(.reply(serial: serial, status: status, error: error, value: value))
        case .event(let event):
            reports.append(.event(event))
        case .position(let timePos, let heard):
            reports.append(.position(timePos: timePos, heard: heard, at: .now))
        case .ready:
            return .broken("it said it was ready twice")
        }
        return .goesOn
    }

    private func finish(broken: String?) {
        watch?.cancel()
        watch = nil
        ended(broken)
    }
}
