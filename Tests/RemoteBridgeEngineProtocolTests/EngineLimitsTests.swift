// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RemoteBridgeEngineProtocol

/// What the daemon takes from an engine: every number finite and every time in range, every
/// string and list bounded; and the engine's own cutting keeps to it.
@Suite("The limits an engine's messages keep")
struct EngineLimitsTests {
    @Test("a position, a length or a value that is not finite, or a time past the limit, is refused")
    func numbers() {
        #expect(EngineMessage.position(timePos: .nan, heard: nil).violation != nil)
        #expect(EngineMessage.position(timePos: 1, heard: .infinity).violation != nil)
        #expect(EngineMessage.position(timePos: 2e9, heard: nil).violation != nil)
        #expect(EngineMessage.position(timePos: 12.5, heard: -0.3).violation == nil)
        #expect(EngineMessage.event(.fileLoaded(duration: -1, metadata: .none)).violation != nil)
        #expect(EngineMessage.event(.fileLoaded(duration: .nan, metadata: .none)).violation != nil)
        #expect(EngineMessage.event(.propertyChange("volume", .double(.nan))).violation != nil)
        #expect(EngineMessage.reply(serial: 1, status: 0, error: "", value: .array([.double(.infinity)])).violation != nil)
        #expect(EngineMessage.event(.startFile(entryID: -1)).violation != nil)
    }

    @Test("a string or a list past its limit, or nesting too deep, is refused; bounded() cuts each to what is taken")
    func sizes() {
        let long = String(repeating: "é", count: EngineLimits.maximumText)  // twice the limit in bytes
        #expect(EngineMessage.event(.logMessage(prefix: "ao", level: "warn", text: long)).violation != nil)
        let cut = EngineLimits.bounded(long)
        #expect(cut.utf8.count <= EngineLimits.maximumText && cut.utf8.count >= EngineLimits.maximumText - 1)
        #expect(cut.allSatisfy { $0 == "é" }, "cut at a character's start")
        let wide = MPVNode.array(Array(repeating: .int64(1), count: EngineLimits.maximumItems + 1))
        #expect(wide.violation() != nil)
        var deep = MPVNode.none
        for _ in 0..<EngineLimits.maximumDepth + 2 { deep = .array([deep]) }
        #expect(deep.violation() != nil)
        let hostile = MPVNode.map([("title", .string(long)), ("list", wide), ("deep", deep), ("bad", .double(.nan))])
        #expect(hostile.violation() != nil)
        #expect(hostile.bounded().violation() == nil)
        #expect(hostile.bounded()["bad"] == MPVNode.none)
    }

    @Test("a start frame's version is read whatever follows it; another version is refused by the decoder")
    func versions() throws {
        let ours = EngineRequest.start(version: EngineProtocol.version, hiddenSockets: [], options: [], observed: [], hooks: [])
        let body = Array(ours.encoded().dropFirst(4))
        #expect(EngineProtocol.version(ofStart: body) == EngineProtocol.version)
        var other = EngineWire.Writer(kind: 1)
        other.uint32(EngineProtocol.version + 1)
        other.byte(0xFF)  // whatever a later version sends after it
        let otherBody = Array(other.frame.dropFirst(4))
        #expect(EngineProtocol.version(ofStart: otherBody) == EngineProtocol.version + 1)
        #expect(throws: EngineWire.Malformed.self) { try EngineRequest(body: otherBody) }
        #expect(EngineProtocol.version(ofStart: Array(EngineRequest.quit.encoded().dropFirst(4))) == nil)
    }
}
