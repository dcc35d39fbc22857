// SPDX-License-Identifier: Apache-2.0
/// An incoming method call, as a handler sees it.
public struct DBusMethodCall: Sendable {
    /// The whole message, header and body.
    public var message: DBusMessage
    /// The declaration the call was routed to; set before the handler runs.
    public var declaration: DBusMethodDeclaration?
    /// The body values, already checked against the method's input signature.
    public var arguments: [DBusValue] { message.body }
    /// The caller's unique bus name.
    public var sender: String? { message.sender }
    /// What runs once the reply has been written (`afterReply`); shared by every copy of the call.
    let afterReplyWork = AfterReplyWork()

    /// Makes a call from a received message.
    public init(message: DBusMessage, declaration: DBusMethodDeclaration? = nil) {
        self.message = message
        self.declaration = declaration
    }

    /// Runs `work` on the main actor once this call's reply has been written to the bus (for a
    /// call that expects no reply, once it has been handled and earlier messages written). For
    /// what must follow the answer, such as quitting: the caller gets its reply, not NoReply.
    @MainActor
    public func afterReply(_ work: @escaping @MainActor () -> Void) {
        afterReplyWork.work.append(work)
    }

    /// The input argument declared as `name`. The signature was checked on arrival, so only a
    /// name the declaration does not have can fail, and that is a programming error.
    public func argument(_ name: String) throws(DBusError) -> DBusValue {
        guard let index = declaration?.inputIndex(name), index < arguments.count else {
            throw .failed("internal error: \(message.member ?? "?") has no argument \(name)")
        }
        return arguments[index]
    }

    /// The string (`s`, `o` or `g`) argument declared as `name`.
    public func string(_ name: String) throws(DBusError) -> String {
        guard let value = try argument(name).stringValue else { throw .failed("internal error: \(name) is not a string") }
        return value
    }

    /// The integer argument declared as `name`.
    public func int64(_ name: String) throws(DBusError) -> Int64 {
        guard let value = try argument(name).int64Value else { throw .failed("internal error: \(name) is not an integer") }
        return value
    }

    /// The `d` argument declared as `name`.
    public func double(_ name: String) throws(DBusError) -> Double {
        guard let value = try argument(name).doubleValue else { throw .failed("internal error: \(name) is not a number") }
        return value
    }

    /// The `a{sv}` argument declared as `name`.
    public func dictionary(_ name: String) throws(DBusError) -> [String: DBusValue] {
        guard let value = try argument(name).stringDictionaryValue else { throw .failed("internal error: \(name) is not a{sv}") }
        return value
    }
}

/// A method handler bound to its declaration. The handler returns the reply body or throws `DBusError`.
public struct DBusMethod: Sendable {
    /// What the method looks like on the bus.
    public var declaration: DBusMethodDeclaration
    /// Runs the method on the main actor.
    public var handler: @MainActor @Sendable (DBusMethodCall) async throws(DBusError) -> [DBusValue]

    /// Serves a declared method.
    public init(
        _ declaration: DBusMethodDeclaration,
        handler: @escaping @MainActor @Sendable (DBusMethodCall) async throws(DBusError) -> [DBusValue]
    ) {
        self.declaration = declaration
        self.handler = handler
    }

    /// Declares and serves a method in one step, for interfaces declared where they are served
    /// (test doubles of other projects' services). `DBusInterface` fills in the interface name.
    public init(
        _ name: String, inputs: [DBusArgument] = [], outputs: [DBusArgument] = [],
        handler: @escaping @MainActor @Sendable (DBusMethodCall) async throws(DBusError) -> [DBusValue]
    ) {
        self.init(DBusMethodDeclaration("", name, inputs: inputs, outputs: outputs), handler: handler)
    }

    /// The method's name.
    public var name: String { declaration.name }
    /// The input signature.
    public var inputSignature: String { declaration.inputSignature }
    /// The output signature.
    public var outputSignature: String { declaration.outputSignature }
}

/// A property's accessors bound to its declaration.
public struct DBusProperty: Sendable {
    /// What the property looks like on the bus.
    public var declaration: DBusPropertyDeclaration
    /// Reads the current value.
    public var get: @MainActor @Sendable () -> DBusValue
    /// Writes a new value (already checked to have the declared type); nil for read-only properties.
    public var set: (@MainActor @Sendable (DBusValue) throws(DBusError) -> Void)?
    /// A number that changes whenever the value does, for a property too large to read and
    /// compare on every change (a track list of 100 000 paths): the exported object compares
    /// this instead of the value. Nil: the value itself is compared.
    public var changeToken: (@MainActor @Sendable () -> Int)?

    /// Serves a declared property; `set` only for a read-write one; `changeToken` for one whose
    /// changes are told by a counter (see `changeToken`).
    public init(
        _ declaration: DBusPropertyDeclaration, changeToken: (@MainActor @Sendable () -> Int)? = nil,
        get: @escaping @MainActor @Sendable () -> DBusValue,
        set: (@MainActor @Sendable (DBusValue) throws(DBusError) -> Void)? = nil
    ) {
        self.declaration = declaration
        self.changeToken = changeToken
        self.get = get
        self.set = set
    }

    /// Declares and serves a read-only property in one step (test doubles).
    public init(
        _ name: String, _ signature: String, changeSignal: DBusPropertyDeclaration.ChangeSignal = .emitsValue,
        get: @escaping @MainActor @Sendable () -> DBusValue
    ) {
        self.init(DBusPropertyDeclaration("", name, signature, changeSignal: changeSignal), get: get)
    }

    /// Declares and serves a read-write property in one step (test doubles).
    public init(
        _ name: String, _ signature: String, changeSignal: DBusPropertyDeclaration.ChangeSignal = .emitsValue,
        get: @escaping @MainActor @Sendable () -> DBusValue,
        set: @escaping @MainActor @Sendable (DBusValue) throws(DBusError) -> Void
    ) {
        self.init(DBusPropertyDeclaration("", name, signature, access: .readWrite, changeSignal: changeSignal), get: get, set: set)
    }

    /// The property's name.
    public var name: String { declaration.name }
    /// Its type signature.
    public var signature: String { declaration.signature }
    /// How changes are announced.
    public var changeSignal: DBusPropertyDeclaration.ChangeSignal { declaration.changeSignal }
}

/// An interface as an object serves it: its declaration, and a handler for every method and
/// accessors for every property. Introspection, Get/GetAll/Set, signature checks and change
/// signals all follow from the declaration; `problems` says where the two disagree.
public struct DBusInterface: Sendable {
    /// What the interface looks like on the bus.
    public var declaration: DBusInterfaceDeclaration
    /// The method handlers.
    public var methods: [DBusMethod]
    /// The property accessors.
    public var properties: [DBusProperty]

    /// Serves `declaration` with these handlers and accessors.
    public init(_ declaration: DBusInterfaceDeclaration, methods: [DBusMethod] = [], properties: [DBusProperty] = []) {
        self.declaration = declaration
        self.methods = methods
        self.properties = properties
    }

    /// Declares and serves an interface in one step, for interfaces declared where they are
    /// served (test doubles of other projects' services): the declaration is read off the members.
    public init(_ name: String, methods: [DBusMethod] = [], properties: [DBusProperty] = [], signals: [DBusSignalDeclaration] = []) {
        let methods = methods.map { method in
            var method = method
            method.declaration.interface = name
            return method
        }
        let properties = properties.map { property in
            var property = property
            property.declaration.interface = name
            return property
        }
        let declaration = DBusInterfaceDeclaration(
            name, methods: methods.map(\.declaration), properties: properties.map(\.declaration),
            signals: signals.map { DBusSignalDeclaration(name, $0.name, $0.arguments) })
        self.init(declaration, methods: methods, properties: properties)
    }

    /// The interface name.
    public var name: String { declaration.name }
    /// Its signals.
    public var signals: [DBusSignalDeclaration] { declaration.signals }

    /// The handler of the method named `name`.
    public func method(_ name: String) -> DBusMethod? { methods.first { $0.name == name } }
    /// The accessors of the property named `name`.
    public func property(_ name: String) -> DBusProperty? { properties.first { $0.name == name } }

    /// Where the handlers and the declaration disagree: a declared member with no handler, a
    /// handler for something undeclared or declared otherwise, a setter on a read-only
    /// property or none on a read-write one. Empty when they agree. `ExportedObject` refuses
    /// an interface with problems, so every object a test exports is checked.
    public var problems: [String] {
        var problems = declaration.problems
        for declared in declaration.methods {
            let handlers = methods.filter { $0.name == declared.name }
            if handlers.isEmpty { problems.append("\(name).\(declared.name) has no handler") }
            if handlers.count > 1 { problems.append("\(name).\(declared.name) has \(handlers.count) handlers") }
        }
        for method in methods where !declaration.methods.contains(method.declaration) {
            problems.append("\(name).\(method.name) is served but not declared as served")
        }
        for declared in declaration.properties {
            let accessors = properties.filter { $0.name == declared.name }
            if accessors.count != 1 { problems.append("\(name).\(declared.name) has \(accessors.count) accessors, not 1") }
        }
        for property in properties {
            if !declaration.properties.contains(property.declaration) {
                problems.append("\(name).\(property.name) is served but not declared as served")
            }
            if (property.set != nil) != (property.declaration.access == .readWrite) {
                problems.append("\(name).\(property.name) is \(property.declaration.access.rawValue) but \(property.set == nil ? "has no" : "has a") setter")
            }
        }
        return problems
    }
}

/// The work a handler asked to run after its call's reply (`DBusMethodCall.afterReply`).
@MainActor
final class AfterReplyWork {
    /// In the order asked.
    var work: [@MainActor () -> Void] = []

    nonisolated init() {}
}
