// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// `dbus/interfaces/*.xml` are the declarations written out, and what the running objects
/// introspect as. Run with `REMOTEBRIDGE_WRITE_INTERFACES=1` to rewrite the files from the
/// declarations after changing one. headsetd's objects are checked in RemoteBridgeHeadsetDaemonTests,
/// remote-playerd's Playback1 in RemoteBridgePlayerDaemonTests (SpokenWordTests).
@Suite("Interface XML")
@MainActor
struct InterfaceXMLTests {
    nonisolated static let declarations = [
        MediaPlayer2Interface.declaration, PlayerInterface.declaration, TrackListInterface.declaration,
        RemoteControl1Interface.declaration, Headset1Interface.declaration, Playback1Interface.declaration,
    ]
    nonisolated static let names = declarations.map(\.name)

    @Test("each declaration is sound, and its file in dbus/interfaces says exactly what it declares", arguments: names)
    func fileMatchesDeclaration(name: String) throws {
        let declaration = try #require(Self.declarations.first { $0.name == name })
        #expect(declaration.problems == [])
        let expected = InterfaceXML.document(for: declaration)
        if ProcessInfo.processInfo.environment["REMOTEBRIDGE_WRITE_INTERFACES"] == "1" {
            try expected.write(to: InterfaceXML.file(name), atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: InterfaceXML.file(name), encoding: .utf8) == expected)
    }

    @Test("every interface file has a declaration")
    func noStrayFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: InterfaceXML.directory.path).filter { $0.hasSuffix(".xml") }
        #expect(Set(files) == Set(Self.names.map { "\($0).xml" }))
    }

    @Test("remote-playerd's object introspects as the four files say, plus the standard interfaces")
    func mprisObject() async throws {
        let f = try await MPRISFixture()
        let xml = try await f.client.call(StandardInterfaces.introspect).first?.stringValue ?? ""
        let served = [MediaPlayer2Interface.name, PlayerInterface.name, TrackListInterface.name, RemoteControl1Interface.name]
        #expect(InterfaceXML.interfaceNames(in: xml) == [StandardInterfaces.introspectable, StandardInterfaces.peer, StandardInterfaces.properties] + served)
        for name in served {
            #expect(InterfaceXML.block(name, in: xml) == (try InterfaceXML.fileBlock(name)), "\(name)")
        }
    }
}
