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
}
