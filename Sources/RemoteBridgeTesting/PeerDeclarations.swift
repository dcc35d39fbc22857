// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

extension DBusMethodDeclaration {
    /// `interface.member` declared as taking exactly `arguments`: the call a peer with its own
    /// idea of the interface (careless, hostile or out of date) makes. The caller's check passes
    /// by construction, so a wrong call reaches the object and the test sees the object refuse it.
    public static func asSent(_ interface: String, _ member: String, _ arguments: [DBusValue] = []) -> DBusMethodDeclaration {
        DBusMethodDeclaration(interface, member, inputs: arguments.enumerated().map { DBusArgument("arg\($0.offset)", $0.element.signature) })
    }
}

extension DBusPropertyDeclaration {
    /// Property `interface.name` declared read-write with the type of `value`: likewise a peer's
    /// idea of it, so that a Get or Set the object refuses reaches the object.
    public static func asSent(_ interface: String, _ name: String, _ value: DBusValue = .string("")) -> DBusPropertyDeclaration {
        DBusPropertyDeclaration(interface, name, value.signature, access: .readWrite)
    }
}
