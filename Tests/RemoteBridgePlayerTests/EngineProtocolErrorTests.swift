// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeEngineProtocol
import RemoteBridgeTesting
import Testing

@testable import RemoteBridgePlayer

/// The engine's client reads what an engine says as outside input. These engines are stand-ins
/// (a Python script speaking the channel's protocol), since a real one cannot be made to lie:
/// a unit test of the client's one layer. What a real engine does is in EngineLifecycleTests.
@Suite("The engine's client: an engine that breaks the protocol, or speaks another version")
@MainActor
struct EngineProtocolErrorTests {
    /// A stand-in engine: reads `start` from descriptor 3, answers `ready` with `version`, then
    /// sends `then` (frame bodies, hex) and waits to be killed.
    static func standIn(version: UInt32, error: String = "", then bodies: [[UInt8]] = []) throws -> (path: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stand-in-engine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var ready = EngineWire.Writer(kind: 100)
        ready.uint32(version)
        ready.string(error)
        ready.string("none (a stand-in)")
        let frames = ([Array(ready.frame.dropFirst(4))] + bodies).map { "'" + $0.map { String(format: "%02x", $0) }.joined() + "'" }
        let script = """
            #!/usr/bin/python3
            import os, struct, time
            def exactly(count):
                data = b''
                while len(data) < count:
                    more = os.read(3, count - len(data))
                    if not more: raise SystemExit(0)
                    data += more
                return data
            exactly(struct.unpack('<I', exactly(4))[0])
            for body in [\(frames.joined(separator: ", "))]:
                raw = bytes.fromhex(body)
                os.write(3, struct.pack('<I', len(raw)) + raw)
            time.sleep(30)
            """
        let path = folder.appendingPathComponent("engine").path
        // Written through a close-on-exec descriptor: one that a process spawned meanwhile by
        // another test inherited would keep the file busy (ETXTBSY) for as long as it runs.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        try #require(descriptor >= 0, "\(path): \(String(cString: strerror(errno)))")
        let written = script.utf8CString.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count - 1) }
        close(descriptor)
        try #require(written == script.utf8.count)
        return (path, folder)
    }

    /// Starts a client on `engine` and returns what it announces, once `done` says it has enough
    /// (or after 10 s, which only ends a failing test: the stand-in answers in milliseconds).
    static func events(of engine: String, until done: @escaping ([EngineEvent]) -> Bool) async throws -> [EngineEvent] {
        let client = EngineClient(executable: engine, options: [], environment: ["PATH=/usr/bin:/bin"], hiddenSockets: [])
        client.observe("pause")
        let changes = ChangeWaiter()
        var seen: [EngineEvent] = []
        client.events.add { event in
            seen.append(event)
            changes.wake()
        }
        try client.start()
        if await !changes.until({ done(seen) }) { Issue.record("the stand-in engine said only \(seen)") }
        client.release()
        return seen
    }

    static func isLoss(_ event: EngineEvent) -> Bool { if case .lost = event { true } else { false } }

    @Test("a position that is not a number ends the engine as a protocol error, said once")
    func notANumber() async throws {
        let (engine, folder) = try Self.standIn(version: EngineProtocol.version, then: [Array(EngineMessage.position(timePos: .nan, heard: nil).encoded().dropFirst(4))])
        defer { try? FileManager.default.removeItem(at: folder) }
        let seen = try await Self.events(of: engine) { $0.contains(where: Self.isLoss) }
        let losses = seen.filter(Self.isLoss)
        #expect(losses.count == 1, "\(seen)")
        if case .lost(let reason, let position, _) = losses.first {
            #expect(reason.contains("broke the protocol") && reason.contains("nan"), "\(reason)")
            #expect(position == nil, "the position refused is not taken")
        }
    }

    @Test("a change of a property the daemon does not observe, and a file of a key it never gave, end the engine")
    func outOfState() async throws {
        for body in [
            EngineMessage.event(.propertyChange("stream-open-filename", .string("/etc/passwd"))), EngineMessage.event(.startFile(entryID: 7)),
            EngineMessage.event(.fileLoaded(duration: 1, metadata: .none)), EngineMessage.event(.propertyChange("pause", .string("yes"))),
        ] {
            let (engine, folder) = try Self.standIn(version: EngineProtocol.version, then: [Array(body.encoded().dropFirst(4))])
            defer { try? FileManager.default.removeItem(at: folder) }
            let seen = try await Self.events(of: engine) { $0.contains(where: Self.isLoss) }
            #expect(seen.contains { if case .lost(let reason, _, _) = $0 { reason.contains("broke the protocol") } else { false } }, "\(body): \(seen)")
            #expect(!seen.contains { if case .mpv = $0 { true } else { false } }, "nothing of a broken message reaches the player: \(seen)")
        }
    }

    @Test("an engine of another protocol version is a start that failed with its version, not a loss")
    func otherVersion() async throws {
        let (engine, folder) = try Self.standIn(version: EngineProtocol.version + 1, error: "this engine speaks protocol version \(EngineProtocol.version + 1)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let seen = try await Self.events(of: engine) { !$0.isEmpty }
        #expect(seen.count == 1)
        if case .startFailed(_, let version) = seen.first {
            #expect(version == EngineProtocol.version + 1)
        } else {
            Issue.record("\(seen)")
        }
    }
}
