import RemoteBridgeDBus
import Foundation
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// The running object's introspection must match `dbus/interfaces/*.xml`, interface by interface.
/// Run with `REMOTEBRIDGE_WRITE_INTERFACES=1` to rewrite the files from the running object.
@Suite("Interface XML")
@MainActor
struct InterfaceXMLTests {
    nonisolated static let interfaces = [MPRISNames.root, MPRISNames.player, MPRISNames.trackList, MPRISNames.remoteControl]

    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("dbus/interfaces")
    }

    /// The `<interface name="…">…</interface>` block of `name` in `xml`, with layout whitespace removed.
    static func block(_ name: String, in xml: String) -> String? {
        guard let start = xml.range(of: "<interface name=\"\(name)\">") else { return nil }
        guard let end = xml.range(of: "</interface>", range: start.upperBound..<xml.endIndex) else { return nil }
        return normalize(String(xml[start.lowerBound..<end.upperBound]))
    }

    static func normalize(_ xml: String) -> String {
        xml.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    @Test("each exported interface matches its XML file", arguments: interfaces)
    func matches(interface: String) async throws {
        let f = try await MPRISFixture()
        let xml = try await f.client.call("Introspect", interface: "org.freedesktop.DBus.Introspectable").first?.stringValue ?? ""
        let running = try #require(Self.block(interface, in: xml))
        let file = Self.directory.appendingPathComponent("\(interface).xml")
        if ProcessInfo.processInfo.environment["REMOTEBRIDGE_WRITE_INTERFACES"] == "1" {
            let start = try #require(xml.range(of: "  <interface name=\"\(interface)\">"))
            let end = try #require(xml.range(of: "</interface>\n", range: start.upperBound..<xml.endIndex))
            try (Introspection.header + String(xml[start.lowerBound..<end.upperBound]) + "</node>\n")
                .write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(Self.block(interface, in: expected) == running)
    }

    @Test("the object answers exactly the four interfaces, plus the standard ones")
    func interfaceSet() async throws {
        let f = try await MPRISFixture()
        let xml = try await f.client.call("Introspect", interface: "org.freedesktop.DBus.Introspectable").first?.stringValue ?? ""
        let names = xml.components(separatedBy: "<interface name=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        #expect(names == [
            "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Peer", "org.freedesktop.DBus.Properties",
        ] + Self.interfaces)
    }
}

enum Introspection {
    static let header = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>

        """
}
