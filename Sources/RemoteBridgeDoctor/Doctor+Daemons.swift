// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

extension DoctorContext {
    /// remote-playerd and headsetd: whether each runs, from which binary and how it was started;
    /// their units and activation files; the units' state when systemd is on the bus.
    func daemonFindings() async -> [DoctorFinding] {
        guard let session else { return [] }
        let activatable = (try? await session.listActivatableNames()) ?? []
        var findings: [DoctorFinding] = []
        for daemon in [DaemonDescription.remotePlayerd, .headsetd] {
            let unit = InstalledFile(daemon.unit, in: environment.systemdUnitDirectories)
            let activation = InstalledFile(daemon.activationFile, in: environment.dbusServiceDirectories)
            findings.append(await running(daemon, on: session, unit: unit, activatable: activation.path != nil))
            findings.append(unitFinding(daemon, unit, state: unit.path == nil ? nil : await SystemdUnitState.read(daemon.unit, on: session)))
            findings.append(activationFinding(daemon, activation, activatable: activatable.contains(daemon.busName)))
        }
        return findings
    }

    /// Whether `daemon` owns its name, and how it runs.
    private func running(_ daemon: DaemonDescription, on session: DBusConnection, unit: InstalledFile, activatable: Bool) async -> DoctorFinding {
        guard let pid = await session.processID(of: daemon.busName) else {
            guard daemon.mustRun else {
                return .note(.daemons, "\(daemon.program) is not running" + (activatable ? "; the bus starts it when something calls \(daemon.busName)" : ""))
            }
            let start = unit.path != nil
                ? "systemctl --user enable --now \(daemon.unit)"
                : "install -Dm644 \(daemon.repositoryUnit) ~/.config/systemd/user/\(daemon.unit) && systemctl --user daemon-reload && systemctl --user enable --now \(daemon.unit) (or run \(daemon.program) in your session)"
            return .failed(.daemons, "\(daemon.program) is not running, so no headset press is read", fix: start)
        }
        let process = RunningProcess(pid: pid)
        if process.isStopped {
            return .failed(
                .daemons, "\(daemon.program) is stopped (\(process.description)): it answers nothing",
                fix: "kill -CONT \(pid), or restart it: " + (process.unit.map { "systemctl --user restart \($0)" } ?? "kill \(pid) and start it again"))
        }
        if process.runsReplacedProgram {
            // A package upgrade installed a new program. remote-playerd takes it up by itself at
            // its next engine start, if it keeps state; until then, or if it cannot, a restart does.
            return .failed(
                .daemons, "\(daemon.program) runs a program that has been replaced on disk since it started (\(process.description)): an upgrade it has not taken up yet",
                fix: process.unit.map { "systemctl --user restart \($0)" } ?? "kill \(pid) and start it again")
        }
        if daemon.program == DaemonDescription.headsetd.program, case .failure(let error) = headset, error.isTimeout {
            return .failed(
                .daemons, "\(daemon.program) owns its name but did not answer within \(environment.timeoutText) (\(process.description))",
                fix: process.unit.map { "systemctl --user restart \($0)" } ?? "kill \(pid) and start it again")
        }
        return .ok(.daemons, "\(daemon.program) runs: \(process.description)")
    }

    /// Whether the unit is installed, and its state when systemd says.
    private func unitFinding(_ daemon: DaemonDescription, _ unit: InstalledFile, state: SystemdUnitState?) -> DoctorFinding {
        guard let path = unit.path else {
            return .failed(
                .daemons, "\(daemon.unit) is not installed in any of \(environment.systemdUnitDirectories.joined(separator: ", "))",
                fix: "install -Dm644 \(daemon.repositoryUnit) ~/.config/systemd/user/\(daemon.unit) && systemctl --user daemon-reload (or make install)")
        }
        guard let state else {
            return .ok(.daemons, "\(daemon.unit) is installed at \(path) (systemd is not on the session bus, so its state is not known)")
        }
        if state.activeState == "failed" {
            return .failed(
                .daemons, "\(daemon.unit) (\(path)) has failed: \(state.description)",
                fix: "journalctl --user -u \(daemon.unit) says why; then systemctl --user reset-failed \(daemon.unit) && systemctl --user restart \(daemon.unit)")
        }
        if daemon.mustRun, state.fileState != "enabled", state.fileState != "static" {
            return .failed(
                .daemons, "\(daemon.unit) (\(path)) is \(state.description): it does not start with the session",
                fix: "systemctl --user enable --now \(daemon.unit)")
        }
        return .ok(.daemons, "\(daemon.unit) is installed at \(path): \(state.description)")
    }

    /// Whether the activation file is installed, names a program that is there, and is known to the bus.
    private func activationFinding(_ daemon: DaemonDescription, _ file: InstalledFile, activatable: Bool) -> DoctorFinding {
        guard let path = file.path else {
            return .failed(
                .daemons, "\(daemon.activationFile) is not installed in any of \(environment.dbusServiceDirectories.joined(separator: ", ")), so the bus cannot start \(daemon.program)",
                fix: "install -Dm644 \(daemon.repositoryActivationFile) ~/.local/share/dbus-1/services/\(daemon.activationFile) (or make install)")
        }
        if let problem = file.execProblem {
            return .failed(
                .daemons, "\(path): \(problem), so the bus cannot start \(daemon.program) without systemd",
                fix: "edit Exec= in \(path) to name the installed \(daemon.program) (make install puts it in /usr/local/bin)")
        }
        guard activatable else {
            return .failed(
                .daemons, "\(path) is installed, but the session bus has not read it: it cannot start \(daemon.program)",
                fix: "dbus-send --session --type=method_call --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.ReloadConfig (or log in again)")
        }
        return .ok(.daemons, "\(daemon.activationFile) is installed at \(path); the bus can start \(daemon.program)")
    }
}
