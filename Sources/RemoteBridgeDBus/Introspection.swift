// SPDX-License-Identifier: Apache-2.0

/// Writes introspection XML from interface declarations.
///
/// Public so that a test can compare a declaration with its file in `dbus/interfaces/`.
public enum Introspection {
    /// The DOCTYPE every introspection document starts with.
    public static let doctype = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        """

    /// The standard interfaces every exported object answers.
    static let standardInterfaces = """
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect">
              <arg name="xml_data" type="s" direction="out"/>
            </method>
          </interface>
          <interface name="org.freedesktop.DBus.Peer">
            <method name="Ping"/>
            <method name="GetMachineId">
              <arg name="machine_uuid" type="s" direction="out"/>
            </method>
          </interface>
          <interface name="org.freedesktop.DBus.Properties">
            <method name="Get">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="out"/>
            </method>
            <method name="GetAll">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="properties" type="a{sv}" direction="out"/>
            </method>
            <method name="Set">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="in"/>
            </method>
            <signal name="PropertiesChanged">
              <arg name="interface_name" type="s"/>
              <arg name="changed_properties" type="a{sv}"/>
              <arg name="invalidated_properties" type="as"/>
            </signal>
          </interface>

        """

    /// The XML of one interface, indented for a `<node>`.
    public static func xml(for interface: DBusInterfaceDeclaration) -> String {
        var lines = ["  <interface name=\"\(interface.name)\">"]
        for method in interface.methods {
            let arguments =
                method.inputs.map { "      <arg name=\"\($0.name)\" type=\"\(escape($0.signature))\" direction=\"in\"/>" }
                + method.outputs.map { "      <arg name=\"\($0.name)\" type=\"\(escape($0.signature))\" direction=\"out\"/>" }
            if arguments.isEmpty {
                lines.append("    <method name=\"\(method.name)\"/>")
            } else {
                lines.append("    <method name=\"\(method.name)\">")
                lines += arguments
                lines.append("    </method>")
            }
        }
        for signal in interface.signals {
            if signal.arguments.isEmpty {
                lines.append("    <signal name=\"\(signal.name)\"/>")
            } else {
                lines.append("    <signal name=\"\(signal.name)\">")
                lines += signal.arguments.map { "      <arg name=\"\($0.name)\" type=\"\(escape($0.signature))\"/>" }
                lines.append("    </signal>")
            }
        }
        for property in interface.properties {
            let opening = "    <property name=\"\(property.name)\" type=\"\(escape(property.signature))\" access=\"\(property.access.rawValue)\""
            if property.changeSignal == .emitsValue {
                lines.append(opening + "/>")
            } else {
                lines.append(opening + ">")
                lines.append(
                    "      <annotation name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\" value=\"\(property.changeSignal.rawValue)\"/>")
                lines.append("    </property>")
            }
        }
        lines.append("  </interface>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A whole document: the object's interfaces (standard ones first) and its child nodes.
    static func document(interfaces: [DBusInterface], children: [String]) -> String {
        var text = doctype + "\n<node>\n"
        if !interfaces.isEmpty { text += standardInterfaces }
        for interface in interfaces { text += xml(for: interface.declaration) }
        for child in children { text += "  <node name=\"\(child)\"/>\n" }
        return text + "</node>\n"
    }

    private static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
    }
}
