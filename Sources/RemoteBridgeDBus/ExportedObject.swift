// SPDX-License-Identifier: Apache-2.0
import Dispatch
import RemoteBridgeListeners
import RemoteBridgeText

/// An object exported on a connection: interfaces at one path.
///
/// Changes are announced by calling `invalidateProperties(of:)` whenever a property *may* have
/// changed. At the end of the current main-loop turn (no timer) each interface's emitting
/// properties are read once, compared with what was last announced, and whatever really changed
/// goes out as one PropertiesChanged per interface. Repeating an unchanged value sends nothing.
@MainActor
public final class ExportedObject {
    /// The object path.
    public let path: String
    /// The interfaces, in declaration order.
    public let interfaces: [DBusInterface]
    weak var connection: DBusConnection?
    private var announced: [String: [String: DBusValue]] = [:]
    private var dirtyInterfaces: [String] = []
    private var flushScheduled = false

    /// Declares an object. Throws `InvalidArgs` if the path, a name or a signature is invalid.
    public init(path: String, interfaces: [DBusInterface]) throws(DBusError) {
        guard DBusValidation.isValidObjectPath(path) else { throw .invalidArgs("not a valid object path: \(path)") }
        for interface in interfaces {
            guard DBusValidation.isValidInterfaceName(interface.name) else {
                throw .invalidArgs("not a valid interface name: \(interface.name)")
            }
            let declaration = interface.declaration
            let names = declaration.methods.map(\.name) + declaration.properties.map(\.name) + declaration.signals.map(\.name)
            for name in names where !DBusValidation.isValidMemberName(name) {
                throw .invalidArgs("not a valid member name: \(interface.name).\(name)")
            }
            let signatures =
                declaration.methods.flatMap { ($0.inputs + $0.outputs).map(\.signature) }
                + declaration.properties.map(\.signature) + declaration.signals.flatMap { $0.arguments.map(\.signature) }
            for signature in signatures where !DBusValidation.isSingleCompleteType(signature) {
                throw .invalidArgs("not a single complete type: \(signature) in \(interface.name)")
            }
            let problems = interface.problems
            guard problems.isEmpty else {
                throw .invalidArgs("internal error: \(path) serves \(interface.name) otherwise than declared: \(problems.joined(separator: "; "))")
            }
        }
        self.path = path
        self.interfaces = interfaces
    }

    /// The interface named `name`.
    public func interface(_ name: String) -> DBusInterface? { interfaces.first { $0.name == name } }

    /// Records the current values as announced; called when the object is exported.
    func snapshotProperties() {
        for interface in interfaces {
            announced[interface.name] = currentEmittingValues(of: interface)
        }
    }

    /// Says that properties of `interfaceName` may have changed; see the type's note.
    public func invalidateProperties(of interfaceName: String) {
        if !dirtyInterfaces.contains(interfaceName) { dirtyInterfaces.append(interfaceName) }
        guard !flushScheduled else { return }
        flushScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.flushPropertyChanges() }
        }
    }

    /// Sends the pending PropertiesChanged signals now, instead of at the end of the turn.
    public func flushPropertyChanges() {
        flushScheduled = false
        let dirty = dirtyInterfaces
        dirtyInterfaces = []
        for name in dirty {
            guard let interface = interface(name) else { continue }
            let current = currentEmittingValues(of: interface)
            let previous = announced[name] ?? [:]
            announced[name] = current
            var changed: [(String, DBusValue)] = []
            var invalidated: [String] = []
            for property in interface.properties {
                guard let value = current[property.name], value != previous[property.name] else { continue }
                if property.changeSignal == .invalidates {
                    invalidated.append(property.name)
                } else {
                    // A property compared by its token is read only now that it has changed.
                    changed.append((property.name, property.changeToken == nil ? value : property.get()))
                }
            }
            guard !changed.isEmpty || !invalidated.isEmpty else { continue }
            send(StandardInterfaces.propertiesChanged, [.string(name), .stringVariantDictionary(changed), .strings(invalidated)])
        }
    }

    /// What an exported object announces to its `listeners`.
    public enum Announcement: Sendable {
        /// A signal could not be sent (an undeclared signal, wrong types, an object no longer
        /// exported); the daemons log it. A connection already closed, as at shutdown, is not reported.
        case emitFailed(DBusError)
    }

    /// Told of each signal that could not be sent.
    public let listeners = Listeners<Announcement>()

    /// Emits a signal this object declares (or PropertiesChanged, which every object has). An
    /// undeclared signal, or arguments of another type than declared, is a programming error:
    /// it throws and nothing is sent.
    public func emit(_ signal: DBusSignalDeclaration, _ arguments: [DBusValue] = []) throws(DBusError) {
        guard signal == StandardInterfaces.propertiesChanged || interface(signal.interface)?.declaration.signal(signal.name) == signal else {
            throw .failed("internal error: \(path) does not declare the signal \(signal.interface).\(signal.name)")
        }
        let actual = arguments.map(\.signature).joined()
        guard actual == signal.signature else {
            throw .invalidArgs("internal error: \(signal.interface).\(signal.name) carries '\(signal.signature)', not '\(actual)'")
        }
        guard let connection else { throw .failed("\(path) is not exported on a connection") }
        try connection.emit(.signal(signal, path: path, body: arguments))
    }

    /// Emits a declared signal, and announces any failure (`Event.emitFailed`) instead of throwing.
    public func send(_ signal: DBusSignalDeclaration, _ arguments: [DBusValue] = []) {
        do throws(DBusError) {
            try emit(signal, arguments)
        } catch {
            guard error.name != DBusError.disconnected("").name else { return }
            listeners.announce(.emitFailed(error))
        }
    }

    /// What is compared to tell a change: each emitting property's value, or its change token.
    private func currentEmittingValues(of interface: DBusInterface) -> [String: DBusValue] {
        var values: [String: DBusValue] = [:]
        for property in interface.properties where property.changeSignal == .emitsValue || property.changeSignal == .invalidates {
            values[property.name] = property.changeToken.map { .int64(Int64($0())) } ?? property.get()
        }
        return values
    }

    // MARK: Handling calls

    /// How a call is answered: at once (properties, introspection, a refusal), or by a method
    /// handler, which may suspend.
    enum Route {
        case answered(Result<[DBusValue], DBusError>)
        case handler(DBusMethod)
    }

    /// Routes a call addressed to this object, checking its signature on the way.
    func route(_ call: DBusMethodCall) -> Route {
        let message = call.message
        let member = message.member ?? ""
        do throws(DBusError) {
            switch message.interface {
            case "org.freedesktop.DBus.Properties":
                return .answered(.success(try handleProperties(member, call)))
            case "org.freedesktop.DBus.Introspectable":
                guard member == "Introspect" else { throw .unknownMethod("no method \(member) on org.freedesktop.DBus.Introspectable") }
                try Self.check(call, against: "", method: "Introspect")
                return .answered(.success([.string(Introspection.document(interfaces: interfaces, children: connection?.childNodes(of: path) ?? []))]))
            case let name?:
                guard let interface = interface(name) else {
                    throw .unknownInterface("object \(path) has no interface \(name)")
                }
                guard let method = interface.method(member) else {
                    throw .unknownMethod("interface \(name) has no method \(member)")
                }
                try Self.check(call, against: method.inputSignature, method: method.name)
                return .handler(method)
            case nil:
                // No interface named: take the first interface that has the method, as the spec allows.
                guard let method = interfaces.lazy.compactMap({ $0.method(member) }).first else {
                    throw .unknownMethod("object \(path) has no method \(member)")
                }
                try Self.check(call, against: method.inputSignature, method: method.name)
                return .handler(method)
            }
        } catch {
            return .answered(.failure(error))
        }
    }

    /// The answer to `message`, a call addressed to this object, as the connection gives it:
    /// routed, checked against the method's signature, and run. The fuzz harness calls it with
    /// messages read from arbitrary bytes, with no bus in between.
    package func answer(_ message: DBusMessage) async -> Result<[DBusValue], DBusError> {
        let call = DBusMethodCall(message: message)
        switch route(call) {
        case .answered(let result): return result
        case .handler(let method): return await Self.invoke(method, call)
        }
    }

    /// Runs `method`'s handler (the call already routed to it) and checks what it returns.
    static func invoke(_ method: DBusMethod, _ call: DBusMethodCall) async -> Result<[DBusValue], DBusError> {
        var call = call
        call.declaration = method.declaration
        do throws(DBusError) {
            let reply = try await method.handler(call)
            let signature = reply.map(\.signature).joined()
            guard signature == method.outputSignature else {
                throw .failed("internal error: \(method.name) produced '\(signature)', declared '\(method.outputSignature)'")
            }
            return .success(reply)
        } catch {
            return .failure(error)
        }
    }

    static func check(_ call: DBusMethodCall, against signature: String, method: String) throws(DBusError) {
        let actual = call.message.signature
        guard actual == signature else {
            throw .invalidArgs("\(method) takes arguments of type '\(signature)', but was called with '\(actual)'")
        }
    }

    private func handleProperties(_ member: String, _ call: DBusMethodCall) throws(DBusError) -> [DBusValue] {
        guard let method = [StandardInterfaces.get, StandardInterfaces.getAll, StandardInterfaces.set].first(where: { $0.name == member }) else {
            throw .unknownMethod("no method \(member) on \(StandardInterfaces.properties)")
        }
        try Self.check(call, against: method.inputSignature, method: member)
        var call = call
        call.declaration = method
        let interfaceName = try call.string("interface_name")
        switch method {
        case StandardInterfaces.get:
            return [.variant(try lookUp(interfaceName, try call.string("property_name")).get())]
        case StandardInterfaces.getAll:
            guard let interface = interface(interfaceName) else {
                throw .unknownInterface("object \(path) has no interface \(OutsideText.bareOrQuoted(interfaceName))")
            }
            return [.stringVariantDictionary(interface.properties.map { ($0.name, $0.get()) })]
        default:
            let property = try lookUp(interfaceName, try call.string("property_name"))
            guard let set = property.set, property.declaration.access == .readWrite else {
                throw .propertyReadOnly("\(interfaceName).\(property.name) is read-only")
            }
            let value = try call.argument("value").unwrapped
            guard value.signature == property.signature else {
                throw .invalidArgs(
                    "\(interfaceName).\(property.name) has type '\(property.signature)', but was given '\(value.signature)'")
            }
            try set(value)
            invalidateProperties(of: interfaceName)
            return []
        }
    }

    private func lookUp(_ interfaceName: String, _ propertyName: String) throws(DBusError) -> DBusProperty {
        guard let interface = interface(interfaceName) else {
            throw .unknownInterface("object \(path) has no interface \(OutsideText.bareOrQuoted(interfaceName))")
        }
        guard let property = interface.property(propertyName) else {
            throw .unknownProperty("interface \(interfaceName) has no property \(OutsideText.bareOrQuoted(propertyName))")
        }
        return property
    }
}
