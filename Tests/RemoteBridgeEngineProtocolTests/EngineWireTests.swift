// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RemoteBridgeEngineProtocol

/// The engine channel's frames: every kind comes back as it was sent, and bytes that are not a
/// frame (a broken or lying engine) are refused with an error, never a crash.
@Suite("The engine channel's protocol")
struct EngineWireTests {
    static let node = MPVNode.map([
        ("text", .string("ünïcode ${path} \u{0}")), ("flag", .flag(true)), ("count", .int64(-7)), ("ratio", .double(0.25)),
        ("list", .array([.none, .string(""), .array([])])),
    ])

    static let requests: [EngineRequest] = [
        .start(version: EngineProtocol.version, hiddenSockets: ["/run/user/1000/bus"], options: [EngineOption(name: "ao", value: "null")], observed: ["pause"], hooks: ["on_load"]),
        .command(serial: 1, arguments: ["loadfile", "/music/a b.flac", "append"]), .setString(serial: 2, name: "pause", value: "no"),
        .setDouble(serial: 3, name: "volume", value: 55.5), .setAsynchronously(name: "title", value: "$>Tone"), .get(serial: 4, name: "playlist"),
        .getDouble(serial: 5, name: "time-pos"), .observe(name: "time-pos"), .continueHook(id: 9), .probe(serial: 6, probe: .connectUnix(path: "@bus")),
        .probe(serial: 7, probe: .createFile(path: "/tmp/x")), .probe(serial: 8, probe: .execute), .quit,
        .load(serial: 9, key: 4, url: "/music/ü.flac", mode: .replace, start: 12.5), .load(serial: 10, key: 5, url: "x", mode: .append, start: nil),
        .remove(serial: 11, key: 4), .removeForeign(serial: 12),
    ]

    static let messages: [EngineMessage] = [
        .ready(version: EngineProtocol.version, error: "", confinement: "seccomp"), .reply(serial: 3, status: -4, error: "property not found", value: node),
        .position(timePos: 12.5, heard: -0.25), .position(timePos: 3, heard: nil), .event(.shutdown), .event(.propertyChange("metadata", node)), .event(.startFile(entryID: 3)),
        .event(.endFile(entryID: 3, reason: .error("no such file"))), .event(.endFile(entryID: 4, reason: .audioOutputFailed("ao"))),
        .event(.fileLoaded(duration: nil, metadata: .none)), .event(.fileLoaded(duration: 30, metadata: node)), .event(.seek), .event(.playbackRestart),
        .event(.hook(name: "on_load", id: 77, streamOpenFilename: "/music/a.flac")), .event(.audioReconfig), .event(.logMessage(prefix: "ao/pulse", level: "warn", text: "gone")),
    ]

    /// The body of a frame (the frame less its length).
    static func body(_ frame: [UInt8]) -> [UInt8] { Array(frame.dropFirst(4)) }

    @Test("every request comes back as it was sent")
    func requestsRoundTrip() throws {
        for request in Self.requests {
            #expect(try EngineRequest(body: Self.body(request.encoded())) == request)
        }
    }

    @Test("every message comes back as it was sent")
    func messagesRoundTrip() throws {
        for message in Self.messages {
            #expect(try EngineMessage(body: Self.body(message.encoded())) == message)
        }
    }

    @Test("every cut of every frame, and bytes flipped, are refused or read, never a crash; an unknown kind is refused")
    func malformed() {
        for request in Self.requests {
            let body = Self.body(request.encoded())
            for length in 0..<body.count {
                #expect(throws: EngineWire.Malformed.self) { try EngineRequest(body: Array(body.prefix(length))) }
            }
            for index in body.indices {
                var flipped = body
                flipped[index] ^= 0xFF
                _ = try? EngineRequest(body: flipped)
            }
        }
        for message in Self.messages {
            let body = Self.body(message.encoded())
            for length in 0..<body.count {
                #expect(throws: EngineWire.Malformed.self) { try EngineMessage(body: Array(body.prefix(length))) }
            }
            for index in body.indices {
                var flipped = body
                flipped[index] ^= 0xFF
                _ = try? EngineMessage(body: flipped)
            }
        }
        #expect(throws: EngineWire.Malformed.self) { try EngineMessage(body: [42]) }
        // A daemon-made event is never taken from an engine.
        var writer = EngineWire.Writer(kind: 102)
        writer.byte(11)
        writer.string("lying")
        #expect(throws: EngineWire.Malformed.self) { try EngineMessage(body: Self.body(writer.frame)) }
    }

    @Test("a frame longer than the limit is refused before it is read")
    func oversized() throws {
        guard let (ours, theirs) = EngineChannel.pair() else { throw EngineWire.Malformed("no socketpair") }
        let reading = EngineChannel(descriptor: ours)
        let writing = EngineChannel(descriptor: theirs)
        let length = UInt32(EngineWire.maximumFrame + 1)
        #expect(writing.send(withUnsafeBytes(of: length.littleEndian) { Array($0) }))
        #expect(throws: EngineWire.Malformed.self) { _ = try reading.receive() }
        writing.shutDown()
        #expect(try reading.receive() == nil)
    }
}
