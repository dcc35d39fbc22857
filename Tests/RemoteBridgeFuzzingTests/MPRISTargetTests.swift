// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeFuzzing
import RemoteBridgeMPRIS
import Testing

/// The mpris-call harness reaches a real server: its calls are answered, not dropped.
@Suite("MPRISTarget: the server the mpris-call harness calls")
struct MPRISTargetTests {
    func call(_ member: String, _ body: [DBusValue]) -> DBusMessage {
        DBusMessage(kind: .methodCall, path: MPRISNames.objectPath, interface: StandardInterfaces.properties, member: member, body: body)
    }

    @Test("a Get of PlaybackStatus is answered with the player's status, a bad one with an error")
    func answers() async throws {
        let get = call("Get", [.string(PlayerInterface.name), .string(PlayerInterface.playbackStatus.name)])
        let status = try await onOwnThread { Result { () throws(MPRISTarget.Failure) in try MPRISTarget.shared.answer(get) } }.get()
        #expect(try status.get().first?.unwrapped.stringValue.map { ["Playing", "Paused", "Stopped"].contains($0) } == true)
        let bad = call("Get", [.int32(1)])
        let wrong = try await onOwnThread { Result { () throws(MPRISTarget.Failure) in try MPRISTarget.shared.answer(bad) } }.get()
        #expect(throws: DBusError.self) { try wrong.get() }
    }
}
