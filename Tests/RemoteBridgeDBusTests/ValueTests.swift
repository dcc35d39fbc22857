// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeTesting
import Testing

@Suite("Values")
@MainActor
struct ValueTests {
    nonisolated static let everyType: [DBusValue] = [
        .byte(255), .bool(true), .bool(false), .int16(-32768), .uint16(65535), .int32(-1), .uint32(4_000_000_000),
        .int64(.min), .uint64(.max), .double(-0.5), .string(""), .string("ünïcødé 🎧"), .objectPath("/"),
        .objectPath("/a/b_1/C"), .signature("a{sv}"), .array(elementSignature: "s", []), .strings(["a", "b"]),
        .array(elementSignature: "ai", [.array(elementSignature: "i", [.int32(1)]), .array(elementSignature: "i", [])]),
        .dictionary(keySignature: "s", valueSignature: "v", []),
        .stringVariantDictionary(["k": .int64(1), "nested": .stringVariantDictionary(["x": .strings(["y"])])]),
        .dictionary(keySignature: "u", valueSignature: "s", [.init(key: .uint32(7), value: .string("seven"))]),
        .structure([.string("s"), .int32(1), .structure([.bool(true)])]),
        .variant(.variant(.int16(3))),
    ]

    @Test("every type survives a trip through the bus unchanged", arguments: everyType)
    func roundTrip(value: DBusValue) async throws {
        let f = try await DBusFixture()
        #expect(try await f.call("Echo", [.variant(value)]) == [.variant(value)])
    }

    @Test("signatures are computed for every shape")
    func signatures() {
        #expect(DBusValue.stringVariantDictionary([:]).signature == "a{sv}")
        #expect(DBusValue.structure([.string(""), .objectPaths([])]).signature == "(sao)")
        #expect(DBusValue.variant(.int64(1)).signature == "v")
    }

    nonisolated static let invalid: [(DBusValue, String)] = [
        (.string("nul\0inside"), "NUL"),
        (.objectPath("relative/path"), "object path"),
        (.objectPath("/trailing/"), "object path"),
        (.objectPath("/double//slash"), "object path"),
        (.objectPath("/bad-char"), "object path"),
        (.objectPath(""), "object path"),
        (.signature("a{"), "signature"),
        (.array(elementSignature: "s", [.int32(1)]), "holds"),
        (.array(elementSignature: "not a type", []), "element type"),
        (.dictionary(keySignature: "v", valueSignature: "s", []), "dictionary type"),
        (.structure([]), "struct"),
        (.variant(.objectPath("no")), "object path"),
    ]

    @Test("invalid values are refused with an error naming the problem, never an abort", arguments: invalid)
    func invalidValues(value: DBusValue, problem: String) async throws {
        #expect(throws: DBusError.self) { try value.validate() }
        let f = try await DBusFixture()
        let message = await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            _ = try await f.call("Echo", [.variant(value)])
        }
        #expect(message?.contains(problem) == true)
        await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            try f.object.emit(DBusFixture.happened, [value])
        }
        // Both connections are still alive.
        #expect(try await f.call("Add", [.int64(2), .int64(3)]) == [.int64(5)])
    }

    @Test("bytes that are not UTF-8 become replacement characters before they can reach libdbus")
    func invalidUTF8() async throws {
        let f = try await DBusFixture()
        let text = String(decoding: [0x66, 0xFF, 0xC3, 0x28, 0x6F], as: UTF8.self)
        #expect(text == "f\u{FFFD}\u{FFFD}(o")
        #expect(try await f.call("Echo", [.variant(.string(text))]) == [.variant(.string(text))])
    }

    @Test("invalid header fields are refused before libdbus sees them")
    func invalidHeaders() async throws {
        let f = try await DBusFixture()
        await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            _ = try await f.client.call(f.server.uniqueName, "not/a/path", DBusFixture.sent("Add"))
        }
        await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            _ = try await f.client.call(f.server.uniqueName, "/", DBusFixture.sent("Add", interface: "no dots"))
        }
        await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            _ = try await f.client.call("bad..name", "/", DBusFixture.sent("Add"))
        }
        await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            _ = try await f.client.call(f.server.uniqueName, "/", DBusFixture.sent("Bad-Member"))
        }
    }

    @Test("ExportedObject refuses invalid declarations")
    func invalidDeclarations() {
        #expect(throws: DBusError.self) { try ExportedObject(path: "nope", interfaces: []) }
        #expect(throws: DBusError.self) { try ExportedObject(path: "/", interfaces: [DBusInterface("nodots")]) }
        #expect(throws: DBusError.self) {
            try ExportedObject(path: "/", interfaces: [DBusInterface("a.b", signals: [DBusSignalDeclaration("a.b", "S", [DBusArgument("x", "ss")])])])
        }
    }
}

@Suite("Names, signals and introspection")
@MainActor
struct NameAndSignalTests {
    @Test("requesting a taken name with doNotQueue says it exists; replacing it sends NameLost to the owner")
    func nameConflictAndReplace() async throws {
        let f = try await DBusFixture()
        let name = "io.github.remotebridge.TestName"
        #expect(try await f.server.requestName(name, flags: [.doNotQueue, .allowReplacement]) == .primaryOwner)
        #expect(try await f.server.requestName(name, flags: [.doNotQueue, .allowReplacement]) == .alreadyOwner)
        #expect(try await f.client.requestName(name, flags: [.doNotQueue]) == .exists)
        var lost: [String] = []
        f.server.listeners.add { if case .nameLost(let name) = $0 { lost.append(name) } }
        #expect(try await f.client.requestName(name, flags: [.doNotQueue, .replaceExisting]) == .primaryOwner)
        // NameLost comes from the bus, not from the client: waited for itself, not by round trips.
        #expect(await until(wokenBy: f.server.listeners) { !lost.isEmpty })
        #expect(lost == [name])
        #expect(await f.client.nameOwner(name) == f.client.uniqueName)
        try await f.client.releaseName(name)
        #expect(await f.client.nameOwner(name) == nil)
    }

    @Test("an invalid name is refused before it reaches the bus")
    func invalidName() async throws {
        let f = try await DBusFixture()
        await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            _ = try await f.server.requestName("not a name")
        }
        await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            _ = try await f.server.requestName(":1.5")
        }
    }

    @Test("signals reach subscribers whose rule matches, and only them")
    func signals() async throws {
        let f = try await DBusFixture()
        let matching = try await SignalRecorder.start(on: f.client, MatchRule(signal: DBusFixture.happened))
        let other = try await SignalRecorder.start(on: f.client, MatchRule(interface: DBusFixture.interfaceName, member: "Other"))
        try f.object.emit(DBusFixture.happened, [.string("it's here")])
        #expect(await matching.waitFor(count: 1))
        try await f.client.barrier(with: f.server.uniqueName)
        #expect(matching.messages.first?.body == [.string("it's here")])
        #expect(matching.messages.first?.sender == f.server.uniqueName)
        #expect(other.messages.isEmpty)
    }

    @Test("match rules escape apostrophes and match arg0 namespaces")
    func matchRules() {
        let rule = MatchRule(interface: "a.b", member: "M", arg0Namespace: "org.mpris.MediaPlayer2")
        #expect(rule.text == "type='signal',interface='a.b',member='M',arg0namespace='org.mpris.MediaPlayer2'")
        #expect(MatchRule(arg0: "it's").text == "type='signal',arg0='it'\\''s'")
        var message = DBusMessage.signal(DBusSignalDeclaration("a.b", "M"), path: "/", body: [.string("org.mpris.MediaPlayer2.vlc")])
        #expect(rule.matches(message))
        message.body = [.string("org.mpris.MediaPlayer2vlc")]
        #expect(!rule.matches(message))
    }

    @Test("Introspect describes the declaration, and parent nodes list their children")
    func introspection() async throws {
        let f = try await DBusFixture()
        let xml = try await f.client.call(f.server.uniqueName, DBusFixture.path, StandardInterfaces.introspect)
            .first?.stringValue ?? ""
        #expect(xml.contains("<interface name=\"io.github.remotebridge.Test1\">"))
        #expect(xml.contains("<method name=\"Add\">"))
        #expect(xml.contains("<arg name=\"sum\" type=\"x\" direction=\"out\"/>"))
        #expect(xml.contains("<property name=\"Volume\" type=\"d\" access=\"readwrite\"/>"))
        #expect(xml.contains("<annotation name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\" value=\"false\"/>"))
        #expect(xml.contains("<signal name=\"Happened\">"))
        let root = try await f.client.call(f.server.uniqueName, "/io/github", StandardInterfaces.introspect)
            .first?.stringValue ?? ""
        #expect(root.contains("<node name=\"remotebridge\"/>"))
    }

    @Test("a connection to a bus that goes away reports the disconnection, and later calls fail cleanly")
    func disconnect() async throws {
        let f = try await DBusFixture()
        var disconnected = false
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            f.client.listeners.add { event in
                guard event == .disconnected else { return }
                disconnected = true
                continuation.resume()
            }
            f.bus.stop()
        }
        #expect(disconnected)
        await f.expectError("org.freedesktop.DBus.Error.Disconnected") { () async throws(DBusError) in
            _ = try await f.call("Add", [.int64(1), .int64(1)])
        }
    }

    @Test("connecting to a bus that is not there gives a plain error")
    func noBus() async {
        do {
            _ = try await DBusConnection.connect(to: "unix:path=/nonexistent/bus")
            Issue.record("connected to nothing")
        } catch {
            #expect(error.name == "org.freedesktop.DBus.Error.Disconnected")
            #expect(error.message.contains("/nonexistent/bus"))
        }
    }
}
