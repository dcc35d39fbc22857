// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

extension DoctorContext {
    /// Connects to the session bus (everything meets there) and the system bus (BlueZ).
    /// The system bus only when a check in `areas` needs it.
    mutating func connect(areas: Set<DoctorArea>) async -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        let sessionName = environment.sessionBusAddress ?? "the session bus (DBUS_SESSION_BUS_ADDRESS)"
        do throws(DBusError) {
            let session = try await DBusConnection.connect(to: environment.sessionBusAddress)
            session.callTimeout = environment.callTimeout
            self.session = session
            findings.append(.ok(.sessionBus, "connected to \(session.address)"))
        } catch {
            findings.append(
                .failed(
                    .sessionBus, "cannot connect to \(sessionName): \(error.message); nothing else can be checked without it",
                    fix: "run this inside your desktop session, or export DBUS_SESSION_BUS_ADDRESS=unix:path=$XDG_RUNTIME_DIR/bus"))
        }
        guard !areas.isDisjoint(with: [.systemBus, .bluetooth, .players]) else { return findings }
        do throws(DBusError) {
            let system = try await DBusConnection.connect(to: environment.systemBusAddress)
            system.callTimeout = environment.callTimeout
            self.system = system
            findings.append(.ok(.systemBus, "connected to \(environment.systemBusAddress)"))
        } catch {
            findings.append(
                .failed(
                    .systemBus, "cannot connect to \(environment.systemBusAddress): \(error.message); BlueZ and system-wide players are out of reach",
                    fix: "start the system bus: sudo systemctl start dbus"))
        }
        return findings
    }

    /// headsetd's own connection to the system bus, as it reports it: gone and not back is a
    /// failure. The fix depends on whether the bus is up again (the doctor reached it) and
    /// whether headsetd still connects again by itself.
    func headsetSystemBusFindings() -> [DoctorFinding] {
        guard let report, [.reconnecting, .waiting, .lost].contains(report.systemBus) else { return [] }
        if report.systemBus == .waiting {
            return [
                .failed(
                    .systemBus,
                    "headsetd started before the system bus was there, and waits for it: Bluetooth headsets see no now-playing, and a disconnect does not pause (headsetd says: \(report.bluetooth))",
                    fix: system == nil
                        ? "start the system bus: sudo systemctl start dbus; headsetd connects by itself once its socket is there"
                        : "none needed if headsetd connects within a minute (the doctor reaches a system bus at \(environment.systemBusAddress)); "
                            + "if headsetd waits for another address (its words above say which), give both the same DBUS_SYSTEM_BUS_ADDRESS; "
                            + "else systemctl --user restart headsetd")
            ]
        }
        let fix =
            switch (system != nil, report.systemBus) {
            case (false, .reconnecting): "start the system bus: sudo systemctl start dbus; headsetd connects again by itself once it is back"
            case (false, _): "start the system bus (sudo systemctl start dbus), then systemctl --user restart headsetd"
            case (true, .reconnecting): "none needed if headsetd reconnects within a minute (it tries again by itself); else systemctl --user restart headsetd"
            case (true, _): "systemctl --user restart headsetd"
            }
        let what =
            report.systemBus == .lost
            ? "headsetd has no connection to the system bus and cannot watch for one, so only a restart connects it"
            : "headsetd lost its connection to the system bus and has not reconnected"
        return [
            .failed(
                .systemBus,
                "\(what): Bluetooth headsets see no now-playing, and a disconnect does not pause (headsetd says: \(report.bluetooth))",
                fix: fix)
        ]
    }
}
