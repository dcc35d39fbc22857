// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

@testable import RemoteBridgeHeadsetDaemon

/// headsetd's two objects introspect as their files in `dbus/interfaces/` say: Headset1 on the
/// session bus, and the Player it registers with BlueZ on the system bus.
@Suite("headsetd's interface XML")
@MainActor
struct HeadsetInterfaceXMLTests {
    @Test("the Headset object is Headset1, exactly as its file says, plus the standard interfaces")
    func headsetObject() async throws {
        let f = try await HeadsetFixture()
        let xml = try await f.client.call(Headset1Interface.busName, Headset1Interface.objectPath, StandardInterfaces.introspect)
            .first?.stringValue ?? ""
        #expect(InterfaceXML.interfaceNames(in: xml) == [
            StandardInterfaces.introspectable, StandardInterfaces.peer, StandardInterfaces.properties, Headset1Interface.name,
        ])
        #expect(InterfaceXML.block(Headset1Interface.name, in: xml) == (try InterfaceXML.fileBlock(Headset1Interface.name)))
    }

    @Test("the player registered with BlueZ is org.mpris.MediaPlayer2.Player, exactly as its file says")
    func bluetoothPlayerObject() async throws {
        let b = try await BluetoothFixture()
        #expect(await b.bluez.waitForRegistrations(1))
        let xml = try await b.observer.call(try #require(b.bridge.system).uniqueName, BluetoothPlayer.objectPath, StandardInterfaces.introspect)
            .first?.stringValue ?? ""
        #expect(InterfaceXML.interfaceNames(in: xml).last == PlayerInterface.name)
        #expect(InterfaceXML.block(PlayerInterface.name, in: xml) == (try InterfaceXML.fileBlock(PlayerInterface.name)))
    }
}
