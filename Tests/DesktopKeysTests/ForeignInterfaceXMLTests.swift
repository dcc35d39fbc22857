import DesktopKeys
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
}
