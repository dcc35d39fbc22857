// SPDX-License-Identifier: Apache-2.0
/// A rule that selects signals, for `DBusConnection.subscribe(to:_:)`.
public struct MatchRule: Sendable, Equatable {
    /// The sender: a unique name (`:1.42`) or a well-known name (the bus matches it by owner).
    public var sender: String?
    /// The object path.
    public var path: String?
    /// The interface.
    public var interface: String?
    /// The signal name.
    public var member: String?
    /// The first argument, which must be a string equal to this.
    public var arg0: String?
    /// The first argument, which must be a string that this namespace contains (`a.b` matches `a.b.c`).
    public var arg0Namespace: String?

    /// Makes a rule; nil fields match anything.
    public init(
        sender: String? = nil, path: String? = nil, interface: String? = nil, member: String? = nil,
        arg0: String? = nil, arg0Namespace: String? = nil
    ) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.arg0 = arg0
        self.arg0Namespace = arg0Namespace
    }

    /// Matches a declared signal, from `sender` (best a unique name) at `path` if given.
    public init(
        signal: DBusSignalDeclaration, sender: String? = nil, path: String? = nil, arg0: String? = nil, arg0Namespace: String? = nil
    ) {
        self.init(sender: sender, path: path, interface: signal.interface, member: signal.name, arg0: arg0, arg0Namespace: arg0Namespace)
    }

    /// The rule in the bus's syntax, for AddMatch.
    public var text: String {
        var parts = ["type='signal'"]
        func add(_ key: String, _ value: String?) {
            guard let value else { return }
            parts.append("\(key)='\(value.replacingApostrophes())'")
        }
        add("sender", sender)
        add("path", path)
        add("interface", interface)
        add("member", member)
        add("arg0", arg0)
        add("arg0namespace", arg0Namespace)
        return parts.joined(separator: ",")
    }

    /// Whether a signal matches, as far as can be told locally. A well-known `sender` is left
    /// to the bus, which knows the owner.
    public func matches(_ message: DBusMessage) -> Bool {
        guard message.kind == .signal else { return false }
        if let sender, sender.hasPrefix(":"), message.sender != sender { return false }
        if let path, message.path != path { return false }
        if let interface, message.interface != interface { return false }
        if let member, message.member != member { return false }
        let first = message.body.first?.stringValue
        if let arg0, first != arg0 { return false }
        if let arg0Namespace {
            guard let first, first == arg0Namespace || first.hasPrefix(arg0Namespace + ".") else { return false }
        }
        return true
    }
}

extension String {
    /// Escapes apostrophes the way match rules require: `'` becomes `'\''`.
    fileprivate func replacingApostrophes() -> String {
        split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
    }
}
