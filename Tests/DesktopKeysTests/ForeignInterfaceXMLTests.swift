import DesktopKeys
import RemoteBridgeTesting
import Testing

/// Each settings daemon's media-keys interface, as declared, is part of what its owner publishes
/// (`dbus/foreign/<interface>.xml`). GNOME's file stands for Cinnamon's daemon too.
@Suite("Foreign interface XML: media keys")
struct ForeignInterfaceXMLTests {
    @Test("every declared media-keys member is in the owner's file as declared", arguments: Set(DesktopMediaKeys.daemons.map(\.interface)).sorted())
    func mediaKeys(interface: String) throws {
        let daemon = try #require(DesktopMediaKeys.daemons.first { $0.interface == interface })
        #expect(daemon.declaration.problems == [])
        #expect(try ForeignInterfaceXML.disagreements(of: daemon.declaration) == [])
    }
}
