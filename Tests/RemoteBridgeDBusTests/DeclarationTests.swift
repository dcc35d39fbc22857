// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeTesting
import Testing

/// One declaration serves both sides: what an object serves, emits and what a client sends are
/// all checked against it, and a disagreement is caught where it is made.
@Suite("Interface declarations")
@MainActor
struct DeclarationTests {
    static let name = "io.github.remotebridge.Declared1"
    static let ping = DBusMethodDeclaration(name, "Ping", inputs: [DBusArgument("count", "u")], outputs: [DBusArgument("echo", "u")])
    static let level = DBusPropertyDeclaration(name, "Level", "d", access: .readWrite)
    static let label = DBusPropertyDeclaration(name, "Label", "s")
    static let rang = DBusSignalDeclaration(name, "Rang", [DBusArgument("times", "u")])
    static let declaration = DBusInterfaceDeclaration(name, methods: [ping], properties: [level, label], signals: [rang])

    static func served(
        methods: [DBusMethod] = [DBusMethod(ping) { call throws(DBusError) in [.uint32(UInt32(try call.int64("count")))] }],
        properties: [DBusProperty] = [
            DBusProperty(level, get: { .double(0.5) }, set: { _ in }), DBusProperty(label, get: { .string("x") }),
        ]
    ) -> DBusInterface {
        DBusInterface(declaration, methods: methods, properties: properties)
    }

    /// The message `ExportedObject` refuses `interface` with, or nil if it takes it.
    static func refusal(_ interface: DBusInterface) -> String? {
        do throws(DBusError) {
            _ = try ExportedObject(path: "/declared", interfaces: [interface])
            return nil
        } catch {
            return error.message
        }
    }

    @Test("an interface served as declared is taken")
    func soundInterface() {
        #expect(Self.served().problems == [])
        #expect(Self.refusal(Self.served()) == nil)
    }

    @Test("a declared method without a handler, or a handler for something undeclared, is refused by name")
    func methodMismatch() {
        #expect(Self.refusal(Self.served(methods: []))?.contains("Declared1.Ping has no handler") == true)
        let stray = DBusMethod(DBusMethodDeclaration(Self.name, "Pong")) { _ in [] }
        #expect(Self.refusal(Self.served(methods: Self.served().methods + [stray]))?.contains("Pong is served but not declared") == true)
        // Same name, other arguments: still not what was declared.
        let reshaped = DBusMethod(DBusMethodDeclaration(Self.name, "Ping", inputs: [DBusArgument("count", "s")])) { _ in [] }
        #expect(Self.refusal(Self.served(methods: [reshaped])) != nil)
    }

    @Test("a setter on a read-only property, or none on a read-write one, is refused")
    func propertyAccessMismatch() {
        let noSetter = Self.served(properties: [DBusProperty(Self.level, get: { .double(0) }), DBusProperty(Self.label, get: { .string("") })])
        #expect(Self.refusal(noSetter)?.contains("Level is readwrite but has no setter") == true)
        let extraSetter = Self.served(properties: [
            DBusProperty(Self.level, get: { .double(0) }, set: { _ in }), DBusProperty(Self.label, get: { .string("") }, set: { _ in }),
        ])
        #expect(Self.refusal(extraSetter)?.contains("Label is read but has a setter") == true)
        #expect(Self.refusal(Self.served(properties: [DBusProperty(Self.level, get: { .double(0) }, set: { _ in })]))?.contains("Label has 0 accessors") == true)
    }

    @Test("a declaration that lists another interface's member, or one name twice, has problems")
    func unsoundDeclaration() {
        let foreign = DBusInterfaceDeclaration(Self.name, methods: [DBusMethodDeclaration("other.Iface", "X")])
        #expect(foreign.problems == ["\(Self.name) lists a member of other.Iface"])
        let twice = DBusInterfaceDeclaration(Self.name, methods: [Self.ping], signals: [DBusSignalDeclaration(Self.name, "Ping")])
        #expect(twice.problems == ["\(Self.name).Ping is declared 2 times"])
    }

    @Test("emitting an undeclared signal, or a declared one with the wrong types, throws and sends nothing")
    func emitChecks() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let server = try await DBusConnection.connect(to: bus.address)
        let client = try await DBusConnection.connect(to: bus.address)
        let object = try ExportedObject(path: "/declared", interfaces: [Self.served()])
        server.export(object)
        let heard = try await SignalRecorder.start(on: client, MatchRule(sender: server.uniqueName, path: "/declared"))

        let undeclared = DBusSignalDeclaration(Self.name, "Knocked", [DBusArgument("times", "u")])
        #expect(throws: DBusError.self) { try object.emit(undeclared, [.uint32(1)]) }
        let elsewhere = DBusSignalDeclaration("other.Iface", "Rang", [DBusArgument("times", "u")])
        #expect(throws: DBusError.self) { try object.emit(elsewhere, [.uint32(1)]) }
        do throws(DBusError) {
            try object.emit(Self.rang, [.string("three")])
            Issue.record("a wrongly typed signal was sent")
        } catch {
            #expect(error.message.contains("carries 'u', not 's'"))
        }
        var failures: [DBusError] = []
        object.listeners.add { if case .emitFailed(let error) = $0 { failures.append(error) } }
        object.send(undeclared, [.uint32(1)])
        #expect(failures.count == 1)

        try object.emit(Self.rang, [.uint32(3)])
        #expect(await heard.waitFor(count: 1))
        try await client.barrier(with: server.uniqueName)
        #expect(heard.messages.map(\.member) == ["Rang"])
        #expect(heard.messages.first?.body == [.uint32(3)])

        // A closed connection (shutdown) is no failure to report; an undeclared signal still is.
        server.close()
        object.send(Self.rang, [.uint32(4)])
        #expect(failures.count == 1)
        object.send(undeclared, [.uint32(1)])
        #expect(failures.count == 2)
    }

    @Test("a client call with the wrong argument types, or a Set of a read-only property, is refused before it is sent")
    func clientChecks() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let server = try await DBusConnection.connect(to: bus.address)
        let client = try await DBusConnection.connect(to: bus.address)
        var pings = 0
        let counted = DBusMethod(Self.ping) { call throws(DBusError) in
            pings += 1
            return [.uint32(UInt32(try call.int64("count")))]
        }
        server.export(try ExportedObject(path: "/declared", interfaces: [Self.served(methods: [counted])]))
        do throws(DBusError) {
            _ = try await client.call(server.uniqueName, "/declared", Self.ping, [.string("7")])
            Issue.record("a wrongly typed call was sent")
        } catch {
            #expect(error.message.contains("takes 'u', not 's'"))
        }
        await #expect(throws: DBusError.self) { try await client.setProperty(server.uniqueName, "/declared", Self.label, .string("y")) }
        await #expect(throws: DBusError.self) { try await client.setProperty(server.uniqueName, "/declared", Self.level, .string("loud")) }
        #expect(pings == 0)
        #expect(try await client.call(server.uniqueName, "/declared", Self.ping, [.uint32(7)]) == [.uint32(7)])
        #expect(pings == 1)
        #expect(try await client.getProperty(server.uniqueName, "/declared", Self.label) == .string("x"))
    }

    @Test("a handler reads arguments by their declared names")
    func argumentsByName() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let server = try await DBusConnection.connect(to: bus.address)
        let client = try await DBusConnection.connect(to: bus.address)
        let add = DBusMethodDeclaration(
            Self.name, "Add", inputs: [DBusArgument("a", "x"), DBusArgument("b", "x")], outputs: [DBusArgument("sum", "x")])
        let misnamed = DBusMethodDeclaration(Self.name, "Misnamed", inputs: [DBusArgument("a", "x")])
        let declaration = DBusInterfaceDeclaration(Self.name, methods: [add, misnamed])
        let interface = DBusInterface(
            declaration,
            methods: [
                DBusMethod(add) { call throws(DBusError) in [.int64(try call.int64("a") - call.int64("b"))] },
                DBusMethod(misnamed) { call throws(DBusError) in [.int64(try call.int64("nope"))] },
            ])
        server.export(try ExportedObject(path: "/declared", interfaces: [interface]))
        #expect(try await client.call(server.uniqueName, "/declared", add, [.int64(10), .int64(3)]) == [.int64(7)])
        do throws(DBusError) {
            _ = try await client.call(server.uniqueName, "/declared", misnamed, [.int64(1)])
            Issue.record("a handler reading an undeclared argument succeeded")
        } catch {
            #expect(error.message.contains("has no argument nope"))
        }
    }
}
