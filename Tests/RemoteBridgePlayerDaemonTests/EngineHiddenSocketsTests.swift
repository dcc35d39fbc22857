// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RemoteBridgePlayerDaemon

/// The sockets the daemon has its engine hide: the buses of its environment, as libdbus reads
/// their addresses, and the bus it is on.
@Suite("The engine's hidden sockets")
struct EngineHiddenSocketsTests {
    @Test("the session bus's unix paths (escapes decoded), its usual place, systemd's socket and the system bus")
    func fromTheEnvironment() {
        let hidden = EngineHiddenSockets.list(
            environment: [
                "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/b%2cus,guid=abc;unix:abstract=/tmp/x;tcp:host=a",
                "XDG_RUNTIME_DIR": "/run/user/1000",
            ],
            busAddress: nil)
        #expect(hidden == [
            "/run/user/1000/b,us", "/run/user/1000/bus", "/run/user/1000/systemd/private",
            "/run/dbus/system_bus_socket", "/var/run/dbus/system_bus_socket",
        ])
    }

    @Test("the bus the daemon is on, a system bus moved by DBUS_SYSTEM_BUS_ADDRESS, and no relative path or duplicate")
    func busAndSystemBus() {
        let hidden = EngineHiddenSockets.list(
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/srv/system-bus", "XDG_RUNTIME_DIR": "relative/dir"],
            busAddress: "unix:path=/tmp/private-bus;unix:path=/run/dbus/system_bus_socket")
        #expect(hidden == ["/srv/system-bus", "/run/dbus/system_bus_socket", "/var/run/dbus/system_bus_socket", "/tmp/private-bus"])
    }

    @Test("an address that does not parse hides nothing of it")
    func malformed() {
        let hidden = EngineHiddenSockets.list(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/a,path"], busAddress: "no colon")
        #expect(hidden == ["/run/dbus/system_bus_socket", "/var/run/dbus/system_bus_socket"])
    }
}
