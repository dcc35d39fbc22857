// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgeCore
import Testing

@Suite("RemoteControl1")
@MainActor
struct RemoteControlInterfaceTests {
    @Test("SendEvent delivers any subtype, by name or number, and returns the outcome and responder")
    func sendEvent() async throws {
        let f = try await MPRISFixture()
        let played = try await f.client.sendEvent(.play)
        #expect(played.outcome == "handled" && played.responder == "PlayerController")
        #expect(f.player.playbackStatus == .playing)
        let byNumber = try await f.client.call(RemoteControl1Interface.sendEvent, [.string("101"), .stringVariantDictionary([])])
        #expect(byNumber == [.string("handled"), .string("PlayerController")])
        #expect(f.player.playbackStatus == .paused)
        let scan = try await f.client.sendEvent(.beginSeekingForward)
        #expect(scan.outcome == "handled" && scan.responder == "PlayerController")
        #expect(f.player.scanning == .forward)
        #expect(try await f.client.sendEvent(.endSeekingForward).outcome == "handled")
        #expect(f.player.scanning == nil)
        let skip = try await f.client.sendEvent(.skipForward, interval: .seconds(12))
        #expect(skip.outcome == "handled")
        #expect(f.player.position == .seconds(12))
        _ = try await f.client.sendEvent(.changePlaybackPosition, position: .milliseconds(1500))
        #expect(f.player.position == .milliseconds(1500))
        f.application.endReceivingRemoteControlEvents()
        #expect(try await f.client.sendEvent(.play).outcome == "not-receiving")
    }

    @Test("SendEvent refuses unknown subtypes and bad options with InvalidArgs")
    func sendEventErrors() async throws {
        let f = try await MPRISFixture()
        let bad: [[DBusValue]] = [
            [.string("fast-forward"), .stringVariantDictionary([])],
            [.string("999"), .stringVariantDictionary([])],
            [.string("skip-forward"), .stringVariantDictionary(["interval": .double(3)])],
            [.string("skip-forward"), .stringVariantDictionary(["interval": .int64(-1)])],
            [.string("play"), .stringVariantDictionary(["speed": .int64(1)])],
            [.string("change-playback-position"), .stringVariantDictionary([])],
            [.string("play")],
            [.int32(100), .stringVariantDictionary([])],
        ]
        for arguments in bad {
            await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
                _ = try await f.client.call(RemoteControl1Interface.sendEvent, arguments)
            }
        }
        let message = await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            _ = try await f.client.call(RemoteControl1Interface.sendEvent, [.string("fast-forward"), .stringVariantDictionary([])])
        }
        #expect(message?.contains("toggle-play-pause") == true)
        #expect(f.player.playbackStatus == .stopped)
    }

    @Test("Receiving, NowPlaying, FirstResponder and ResponderChain, with PropertiesChanged")
    func properties() async throws {
        let f = try await MPRISFixture()
        let all = try await f.client.properties(of: RemoteControl1Interface.declaration)
        #expect(all["Receiving"] == .bool(true))
        #expect(all["NowPlaying"] == .bool(false))
        #expect(all["FirstResponder"] == .string("PlayerController"))
        #expect(all["ResponderChain"] == .strings(["PlayerController", "RemoteApplication"]))
        let recorder = try await f.record("PropertiesChanged")
        f.application.isNowPlaying = true
        f.controller.resignFirstResponder()
        #expect(await recorder.until { recorder.messages.contains { $0.body[0] == .string(RemoteControl1Interface.name) } })
        let signal = recorder.messages.first { $0.body[0] == .string(RemoteControl1Interface.name) }
        #expect(signal?.body[1].stringDictionaryValue == [
            "NowPlaying": .bool(true), "FirstResponder": .string(""), "ResponderChain": .strings(["RemoteApplication"]),
        ])
    }

    @Test("EventDelivered reports every event the application sees, whatever its source")
    func eventDelivered() async throws {
        let f = try await MPRISFixture()
        let recorder = try await f.record("EventDelivered", interface: RemoteControl1Interface.name)
        try await f.client.next()
        f.application.sendEvent(RemoteControlEvent(subtype: .togglePlayPause, source: .headset("doubleClick")))
        _ = try await f.client.sendEvent(.stop)
        #expect(await recorder.waitFor(count: 3))
        let rows = recorder.messages.map { $0.body.prefix(4).compactMap(\.stringValue) }
        #expect(rows == [
            ["next-track", "mpris", "handled", "PlayerController"],
            ["toggle-play-pause", "headset:doubleClick", "not-now-playing", ""],
            ["stop", "test", "handled", "PlayerController"],
        ])
        let stamps = recorder.messages.compactMap { message -> UInt64? in
            if case .uint64(let value) = message.body[4] { value } else { nil }
        }
        #expect(stamps.count == 3 && stamps == stamps.sorted() && stamps[0] > 0)
    }
}

@Suite("MPRIS bus names")
@MainActor
struct BusNameTests {
    @Test("the first player gets the plain name; a second gets name.instance<pid>")
    func instanceFallback() async throws {
        let first = try await MPRISFixture(name: "dup")
        let second = try await MPRISFixture(name: "dup", bus: first.bus)
        #expect(first.busName == "org.mpris.MediaPlayer2.dup")
        #expect(second.busName == "org.mpris.MediaPlayer2.dup.instance\(getpid())")
        #expect(try await MPRISClient.players(on: first.clientConnection) == [first.busName, second.busName])
    }

    @Test("replace takes the name over, and the old owner hears NameLost")
    func replace() async throws {
        let old = try await MPRISFixture(name: "swap")
        var lost: [String] = []
        old.serverConnection.listeners.add { if case .nameLost(let name) = $0 { lost.append(name) } }
        let connection = try await DBusConnection.connect(to: old.bus.address)
        let name = try await MPRISNames.claim("swap", on: connection, replace: true)
        #expect(name == "org.mpris.MediaPlayer2.swap")
        #expect(await until(wokenBy: old.serverConnection.listeners) { !lost.isEmpty })
        #expect(lost == ["org.mpris.MediaPlayer2.swap"])
        #expect(await connection.nameOwner(name) == connection.uniqueName)
    }

    @Test("a bad player name is refused with advice", arguments: ["", "has space", "1digit", "a..b", "trailing.", "ünï"])
    func badNames(name: String) async throws {
        #expect(throws: DBusError.self) { try MPRISNames.validate(name) }
    }
}
