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

/// An incoming method call, as a handler sees it.
public struct DBusMethodCall: Sendable {
    /// The whole message, header and body.
    public var message: DBusMessage
    /// The body values, already checked against the method's input signature.
    public var arguments: [DBusValue] { message.body }
    /// The caller's unique bus name.
    public var sender: String? { message.sender }
}

/// A method of an exported interface. The handler returns the reply body or throws `DBusError`.
public struct DBusMethod: Sendable {
    /// The method's name.
    public var name: String
    /// Its input arguments; calls with another signature get `InvalidArgs` without reaching the handler.
    public var inputs: [DBusArgument]
    /// Its output arguments; the handler's result must match.
    public var outputs: [DBusArgument]
    /// Runs the method on the main actor.
    public var handler: @MainActor @Sendable (DBusMethodCall) async throws(DBusError) -> [DBusValue]

    /// Declares a method.
    public init(
        _ name: String, inputs: [DBusArgument] = [], outputs: [DBusArgument] = [],
        handler: @escaping @MainActor @Sendable (DBusMethodCall) async throws(DBusError) -> [DBusValue]
    ) {
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        self.handler = handler
    }

    /// The input signature.
    public var inputSignature: String { inputs.map(\.signature).joined() }
    /// The output signature.
    public var outputSignature: String { outputs.map(\.signature).joined() }
}

/// A property of an exported interface.
public struct DBusProperty: Sendable {
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

    /// The property's name.
    public var name: String
    /// Its type signature.
    public var signature: String
    /// Read-only or read-write.
    public var access: Access
    /// How changes are announced.
    public var changeSignal: ChangeSignal
    /// Reads the current value.
    public var get: @MainActor @Sendable () -> DBusValue
    /// Writes a new value (already checked to have `signature`); nil for read-only properties.
    public var set: (@MainActor @Sendable (DBusValue) throws(DBusError) -> Void)?

    /// Declares a read-only property.
    public init(
        _ name: String, _ signature: String, changeSignal: ChangeSignal = .emitsValue,
        get: @escaping @MainActor @Sendable () -> DBusValue
    ) {
        self.name = name
        self.signature = signature
        self.access = .read
        self.changeSignal = changeSignal
        self.get = get
        self.set = nil
    }

    /// Declares a read-write property.
    public init(
        _ name: String, _ signature: String, changeSignal: ChangeSignal = .emitsValue,
        get: @escaping @MainActor @Sendable () -> DBusValue,
        set: @escaping @MainActor @Sendable (DBusValue) throws(DBusError) -> Void
    ) {
        self.name = name
        self.signature = signature
        self.access = .readWrite
        self.changeSignal = changeSignal
        self.get = get
        self.set = set
    }
}

/// A signal of an exported interface.
public struct DBusSignal: Sendable, Equatable {
    /// The signal's name.
    public var name: String
    /// Its arguments.
    public var arguments: [DBusArgument]

    /// Declares a signal.
    public init(_ name: String, _ arguments: [DBusArgument] = []) {
        self.name = name
        self.arguments = arguments
    }
}

/// An interface, declared once: introspection, property access, signature checks and change
/// signals all follow from this declaration.
public struct DBusInterface: Sendable {
    /// The interface name, such as `org.mpris.MediaPlayer2.Player`.
    public var name: String
    /// Its methods.
    public var methods: [DBusMethod]
    /// Its properties.
    public var properties: [DBusProperty]
    /// Its signals.
    public var signals: [DBusSignal]

    /// Declares an interface.
    public init(_ name: String, methods: [DBusMethod] = [], properties: [DBusProperty] = [], signals: [DBusSignal] = []) {
        self.name = name
        self.methods = methods
        self.properties = properties
        self.signals = signals
    }

    /// The method named `name`.
    public func method(_ name: String) -> DBusMethod? { methods.first { $0.name == name } }
    /// The property named `name`.
    public func property(_ name: String) -> DBusProperty? { properties.first { $0.name == name } }
}
