// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeTesting
import Testing

@Suite("Exported objects: methods and errors")
@MainActor
struct ExportedObjectMethodTests {
    @Test("a method call round-trips its arguments and reply")
    func roundTrip() async throws {
        let f = try await DBusFixture()
        #expect(try await f.call("Add", [.int64(40), .int64(2)]) == [.int64(42)])
        #expect(try await f.call("Echo", [.variant(.string("héllo ✓"))]) == [.variant(.string("héllo ✓"))])
    }

    @Test("a call with the wrong signature gets InvalidArgs naming both signatures")
    func wrongSignature() async throws {
        let f = try await DBusFixture()
        let message = await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            _ = try await f.call("Add", [.string("forty"), .int64(2)])
        }
        #expect(message?.contains("'xx'") == true)
        #expect(message?.contains("'sx'") == true)
        await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            _ = try await f.call("Add", [])
        }
    }

    @Test("unknown method, interface and object get their own errors")
    func unknowns() async throws {
        let f = try await DBusFixture()
        await f.expectError("org.freedesktop.DBus.Error.UnknownMethod") { () async throws(DBusError) in
            _ = try await f.call("Nope")
        }
        await f.expectError("org.freedesktop.DBus.Error.UnknownInterface") { () async throws(DBusError) in
            _ = try await f.call("Add", [.int64(1), .int64(2)], interface: "io.github.remotebridge.Nope")
        }
        await f.expectError("org.freedesktop.DBus.Error.UnknownObject") { () async throws(DBusError) in
            _ = try await f.client.call(f.server.uniqueName, "/no/such/object", DBusFixture.sent("Add", [.int64(1), .int64(2)]), [.int64(1), .int64(2)])
        }
    }

    @Test("a call carrying unix file descriptors (type h) is not read, and answered InvalidArgs at once (found by the fuzz harness)")
    func fileDescriptorsNotRead() async throws {
        let f = try await DBusFixture()
        // python3-dbus, from python3-dbusmock: our own client cannot send type h.
        let script = """
            import dbus, sys
            bus = dbus.bus.BusConnection(sys.argv[1])
            try:
                bus.call_blocking(sys.argv[2], sys.argv[3], sys.argv[4], "Echo", "ah", ([],))
                print("answered")
            except dbus.exceptions.DBusException as error:
                print(error.get_dbus_name(), error.get_dbus_message())
            """
        let result = try await ExternalProcess.run("python3", ["-c", script, f.bus.address, f.server.uniqueName, DBusFixture.path, DBusFixture.interfaceName])
        #expect(
            result.standardOutput == "org.freedesktop.DBus.Error.InvalidArgs this service takes no unix file descriptors (arguments of type h)\n",
            "\(result.standardError)")
    }

    @Test("a handler's DBusError becomes an error reply with its name and message")
    func handlerError() async throws {
        let f = try await DBusFixture()
        let message = await f.expectError("io.github.remotebridge.Error.Test") { () async throws(DBusError) in
            _ = try await f.call("Fail", [.string("because")])
        }
        #expect(message == "because")
    }

    @Test("a reply with an invalid value becomes an error reply instead of an abort")
    func invalidReplyValue() async throws {
        let f = try await DBusFixture()
        let message = await f.expectError("org.freedesktop.DBus.Error.Failed") { () async throws(DBusError) in
            _ = try await f.call("BadReply")
        }
        #expect(message?.contains("not a path") == true)
        await f.expectError("org.freedesktop.DBus.Error.Failed") { () async throws(DBusError) in
            _ = try await f.call("WrongReply")
        }
        // The server is still alive and answering.
        #expect(try await f.call("Add", [.int64(1), .int64(1)]) == [.int64(2)])
    }

    /// libdbus answers Peer itself, before any handler of ours (it even ignores arguments).
    @Test("Peer.Ping is answered with an empty reply, and GetMachineId with the machine's id")
    func ping() async throws {
        let f = try await DBusFixture()
        #expect(try await f.client.call(f.server.uniqueName, DBusFixture.path, StandardInterfaces.ping) == [])
        let id = try await f.client.call(f.server.uniqueName, DBusFixture.path, StandardInterfaces.getMachineID).first?.stringValue
        #expect(id?.count == 32 && id?.allSatisfy(\.isHexDigit) == true, "\(id ?? "nil")")
    }
}

@Suite("Exported objects: properties")
@MainActor
struct ExportedObjectPropertyTests {
    @Test("Get, GetAll and Set")
    func getAllSet() async throws {
        let f = try await DBusFixture()
        let name = f.server.uniqueName
        #expect(try await f.client.getProperty(name, DBusFixture.path, f.property("Title")) == .string("first"))
        let all = try await f.client.getAllProperties(name, DBusFixture.path, f.declaration)
        #expect(all.keys.sorted() == ["Constant", "Hidden", "Library", "Title", "Tracks", "Volume"])
        #expect(all["Tracks"] == .objectPaths(["/t/1"]))
        try await f.client.setProperty(name, DBusFixture.path, f.property("Volume"), .double(-3))
        #expect(f.volume == 0)
    }

    @Test("property errors: unknown property and interface, read-only, wrong type, bad value")
    func propertyErrors() async throws {
        let f = try await DBusFixture()
        let name = f.server.uniqueName
        let i = DBusFixture.interfaceName
        let p = DBusFixture.path
        await f.expectError("org.freedesktop.DBus.Error.UnknownProperty") { () async throws(DBusError) in
            _ = try await f.client.getProperty(name, p, DBusFixture.sentProperty("Nope"))
        }
        await f.expectError("org.freedesktop.DBus.Error.UnknownInterface") { () async throws(DBusError) in
            _ = try await f.client.getAllProperties(name, p, DBusInterfaceDeclaration("io.github.remotebridge.Nope"))
        }
        await f.expectError("org.freedesktop.DBus.Error.PropertyReadOnly") { () async throws(DBusError) in
            try await f.client.setProperty(name, p, DBusFixture.sentProperty("Title", .string("x")), .string("x"))
        }
        let message = await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            try await f.client.setProperty(name, p, DBusFixture.sentProperty("Volume", .string("loud")), .string("loud"))
        }
        #expect(message?.contains("'d'") == true)
        await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            try await f.client.setProperty(name, p, f.property("Volume"), .double(.nan))
        }
        await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            _ = try await f.client.call(name, p, DBusFixture.sent("Get", [.string(i)], interface: StandardInterfaces.properties), [.string(i)])
        }
    }

    @Test("every call answered is announced on answeredCalls once, in order: a method's, a Get's and an error's")
    func answeredCallsAnnounced() async throws {
        let f = try await DBusFixture()
        var answered: [String] = []
        f.server.answeredCalls.add { message in answered.append(message.member ?? "?") }
        _ = try await f.call("Add", [.int64(1), .int64(2)])
        _ = try await f.client.call(f.server.uniqueName, DBusFixture.path, StandardInterfaces.get, [.string(DBusFixture.interfaceName), .string("Title")])
        await f.expectError("org.freedesktop.DBus.Error.UnknownMethod") { () async throws(DBusError) in
            _ = try await f.call("NoSuchMethod")
        }
        #expect(answered == ["Add", "Get", "NoSuchMethod"])
    }

    /// Gets are answered without a Task, but never ahead of a method call that came first.
    @Test("calls are answered in the order they came: a Get right after a method call sees its effect")
    func answersInOrder() async throws {
        let f = try await DBusFixture()
        let name = f.server.uniqueName
        for round in 0..<20 {
            let rename = Task { try await f.call("Rename", [.string("title \(round)")]) }
            let get = Task {
                try await f.client.call(name, DBusFixture.path, StandardInterfaces.get, [.string(DBusFixture.interfaceName), .string("Title")])
            }
            _ = try await rename.value
            #expect(try await get.value == [.variant(.string("title \(round)"))])
        }
    }

    @Test("changes made in one turn go out as one PropertiesChanged; unchanged values and Hidden never do")
    func coalescedPropertiesChanged() async throws {
        let f = try await DBusFixture()
        let recorder = try await SignalRecorder.start(
            on: f.client, MatchRule(signal: StandardInterfaces.propertiesChanged, path: DBusFixture.path))
        f.title = "second"
        f.object.invalidateProperties(of: DBusFixture.interfaceName)
        f.volume = 0.75
        f.hidden = 99
        f.tracks = ["/t/1", "/t/2"]
        f.object.invalidateProperties(of: DBusFixture.interfaceName)
        #expect(await recorder.waitFor(count: 1))
        try await f.client.barrier(with: f.server.uniqueName)
        try #require(recorder.messages.count == 1)
        let body = recorder.messages[0].body
        #expect(body[0] == .string(DBusFixture.interfaceName))
        let changed = body[1].stringDictionaryValue ?? [:]
        #expect(changed == ["Title": .string("second"), "Volume": .double(0.75)])
        #expect(body[2] == .strings(["Tracks"]))

        recorder.clear()
        f.object.invalidateProperties(of: DBusFixture.interfaceName)  // nothing really changed
        try await f.client.barrier(with: f.server.uniqueName)
        try await f.client.barrier(with: f.server.uniqueName)
        #expect(recorder.messages.isEmpty)
    }

    @Test("a Set that changes a value announces it")
    func setAnnounces() async throws {
        let f = try await DBusFixture()
        let recorder = try await SignalRecorder.start(on: f.client, MatchRule(signal: StandardInterfaces.propertiesChanged))
        try await f.client.setProperty(f.server.uniqueName, DBusFixture.path, f.property("Volume"), .double(1))
        #expect(await recorder.waitFor(count: 1))
        #expect(recorder.messages.first?.body[1].stringDictionaryValue == ["Volume": .double(1)])
    }

    @Test("a property with a change token is announced when the token changes, and its value is never read to find out")
    func changeToken() async throws {
        let f = try await DBusFixture()
        let recorder = try await SignalRecorder.start(
            on: f.client, MatchRule(signal: StandardInterfaces.propertiesChanged, path: DBusFixture.path))
        f.library = ["/l/1", "/l/2"]
        f.object.invalidateProperties(of: DBusFixture.interfaceName)  // the token says nothing changed
        try await f.client.barrier(with: f.server.uniqueName)
        try await f.client.barrier(with: f.server.uniqueName)
        #expect(recorder.messages.isEmpty)
        f.libraryGeneration += 1
        f.object.invalidateProperties(of: DBusFixture.interfaceName)
        #expect(await recorder.waitFor(count: 1))
        #expect(recorder.messages.first?.body[2] == .strings(["Library"]))
        #expect(f.libraryReads == 0)
        let value = try await f.client.getProperty(f.server.uniqueName, DBusFixture.path, f.property("Library"))
        #expect(value == .objectPaths(["/l/1", "/l/2"]))
        #expect(f.libraryReads == 1)
    }
}
