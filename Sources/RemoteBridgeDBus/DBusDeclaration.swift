// SPDX-License-Identifier: Apache-2.0
/// One argument of a method or signal: a name (for introspection) and a single complete type.
public struct DBusArgument: Sendable, Equatable {
    /// The argument's name.
    public var name: String
    /// Its type signature.
    public var signature: String

    /// Makes an argument.
    public init(_ name: String, _ signature: String) {
        self.name = name
        self.signature = signature
    }
}

/// A method's shape: interface, name and arguments.
///
/// The same value serves both sides: an object binds a handler to it (`DBusMethod`), and a
/// client calls through it (`DBusConnection.call(_:_:_:_:timeout:)`), which checks the
/// arguments against it before anything is sent.
public struct DBusMethodDeclaration: Sendable, Equatable {
    /// The interface that declares the method.
    public var interface: String
    /// The method's name.
    public var name: String
    /// Its input arguments.
    public var inputs: [DBusArgument]
    /// Its output arguments.
    public var outputs: [DBusArgument]

    /// Declares a method of `interface`.
    public init(_ interface: String, _ name: String, inputs: [DBusArgument] = [], outputs: [DBusArgument] = []) {
        self.interface = interface
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
    }

    /// The input signature.
    public var inputSignature: String { inputs.map(\.signature).joined() }
    /// The output signature.
    public var outputSignature: String { outputs.map(\.signature).joined() }

    /// The position of the input argument `name`.
    public func inputIndex(_ name: String) -> Int? { inputs.firstIndex { $0.name == name } }

    /// Throws if `arguments` do not have the input signature: calling with the wrong types is
    /// a programming error on the calling side, caught before the message leaves.
    public func checkInputs(_ arguments: [DBusValue]) throws(DBusError) {
        let actual = arguments.map(\.signature).joined()
        guard actual == inputSignature else {
            throw .invalidArgs("internal error: \(interface).\(name) takes '\(inputSignature)', not '\(actual)'")
        }
    }
}

/// A property's shape: interface, name, type, access and how changes are announced.
public struct DBusPropertyDeclaration: Sendable, Equatable {
    /// Who may read and write it.
    public enum Access: String, Sendable {
        /// Get only.
        case read
        /// Get and Set.
        case readWrite = "readwrite"
    }

    /// How changes are announced, as the `org.freedesktop.DBus.Property.EmitsChangedSignal` annotation says.
    public enum ChangeSignal: String, Sendable {
        /// PropertiesChanged carries the new value.
        case emitsValue = "true"
        /// PropertiesChanged names the property as invalidated, without the value.
        case invalidates
        /// The value never changes.
        case constant = "const"
        /// No signal; clients must Get it (MPRIS Position).
        case none = "false"
    }

    /// The interface that declares the property.
    public var interface: String
    /// The property's name.
    public var name: String
    /// Its type signature.
    public var signature: String
    /// Read-only or read-write.
    public var access: Access
    /// How changes are announced.
    public var changeSignal: ChangeSignal

    /// Declares a property of `interface`.
    public init(
        _ interface: String, _ name: String, _ signature: String, access: Access = .read, changeSignal: ChangeSignal = .emitsValue
    ) {
        self.interface = interface
        self.name = name
        self.signature = signature
        self.access = access
        self.changeSignal = changeSignal
    }
}

/// A signal's shape: interface, name and arguments. Objects emit through it
/// (`ExportedObject.emit(_:_:)`), and clients match on it (`MatchRule(signal:)`).
public struct DBusSignalDeclaration: Sendable, Equatable {
    /// The interface that declares the signal.
    public var interface: String
    /// The signal's name.
    public var name: String
    /// Its arguments.
    public var arguments: [DBusArgument]

    /// Declares a signal of `interface`.
    public init(_ interface: String, _ name: String, _ arguments: [DBusArgument] = []) {
        self.interface = interface
        self.name = name
        self.arguments = arguments
    }

    /// The signature of the signal's body.
    public var signature: String { arguments.map(\.signature).joined() }
}

/// An interface's shape: every method, property and signal, declared once. The object that
/// serves it, the client that calls it, introspection and the XML in `dbus/interfaces/` all
/// follow from this value.
public struct DBusInterfaceDeclaration: Sendable {
    /// The interface name, such as `org.mpris.MediaPlayer2.Player`.
    public var name: String
    /// Its methods.
    public var methods: [DBusMethodDeclaration]
    /// Its properties.
    public var properties: [DBusPropertyDeclaration]
    /// Its signals.
    public var signals: [DBusSignalDeclaration]

    /// Declares an interface. Every member must name `name` as its interface.
    public init(
        _ name: String, methods: [DBusMethodDeclaration] = [], properties: [DBusPropertyDeclaration] = [],
        signals: [DBusSignalDeclaration] = []
    ) {
        self.name = name
        self.methods = methods
        self.properties = properties
        self.signals = signals
    }

    /// The method named `name`.
    public func method(_ name: String) -> DBusMethodDeclaration? { methods.first { $0.name == name } }
    /// The property named `name`.
    public func property(_ name: String) -> DBusPropertyDeclaration? { properties.first { $0.name == name } }
    /// The signal named `name`.
    public func signal(_ name: String) -> DBusSignalDeclaration? { signals.first { $0.name == name } }

    /// What is wrong with the declaration itself: members that name another interface, names
    /// declared twice. Empty when it is sound.
    public var problems: [String] {
        var problems: [String] = []
        let interfaces = methods.map(\.interface) + properties.map(\.interface) + signals.map(\.interface)
        for other in Set(interfaces) where other != name {
            problems.append("\(name) lists a member of \(other)")
        }
        let names = methods.map(\.name) + properties.map(\.name) + signals.map(\.name)
        for (member, count) in Dictionary(names.map { ($0, 1) }, uniquingKeysWith: +) where count > 1 {
            problems.append("\(name).\(member) is declared \(count) times")
        }
        return problems.sorted()
    }
}
