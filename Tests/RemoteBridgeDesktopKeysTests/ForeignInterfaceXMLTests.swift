// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDesktopKeys
import Foundation
import RemoteBridgeDBus
import RemoteBridgeTesting
import Testing

/// Each settings daemon's media-keys interface, as declared, is part of what its owner publishes
/// (`dbus/foreign/<interface>.xml`). GNOME's file stands for Cinnamon's daemon too.
@Suite("Foreign interface XML: media keys")
@MainActor
struct ForeignInterfaceXMLTests {
    @Test("every declared media-keys member is in the owner's file as declared, for each daemon")
    func mediaKeys() throws {
        #expect(Set(DesktopMediaKeys.daemons.map(\.interface)).count == 2)
        for daemon in DesktopMediaKeys.daemons {
            #expect(daemon.declaration.problems == [], "\(daemon.busName)")
            #expect(try ForeignInterfaceXML.disagreements(of: daemon.declaration) == [], "\(daemon.busName)")
        }
    }

    @Test("every file in dbus/foreign is one a test checks: the bus's and the media keys'")
    func noStrayFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: ForeignInterfaceXML.directory.path).filter { $0.hasSuffix(".xml") }
        let checked = [BusDaemonInterface.name] + DesktopMediaKeys.daemons.map(\.interface)
        #expect(Set(files) == Set(checked.map { "\($0).xml" }))
    }
}
