// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDesktopKeys

extension DoctorContext {
    /// The desktop's media-key grab: which settings daemon offers it, and whether headset presses
    /// reach it as well as headsetd (then one press acts twice).
    func desktopKeyFindings() async -> [DoctorFinding] {
        guard let session else { return [] }
        var offering: (DesktopMediaKeys.Daemon, Int64?)?
        for daemon in DesktopMediaKeys.daemons where await session.nameOwner(daemon.busName) != nil {
            offering = (daemon, await session.processID(of: daemon.busName))
            break
        }
        guard let (daemon, pid) = offering else {
            return [
                .note(
                    .desktopKeys,
                    "no GNOME, MATE or Cinnamon settings daemon on the session bus: nobody holds a media-key grab, and keyboard media keys reach players only through the desktop's own bindings")
            ]
        }
        let desktop = daemon.busName.hasPrefix("org.mate") ? "MATE's" : daemon.busName == "org.gnome.SettingsDaemon" ? "Cinnamon's (or an old GNOME's)" : "GNOME's"
        let process = pid.map { RunningProcess(pid: $0).description } ?? "pid unknown"
        var findings: [DoctorFinding] = [
            .ok(
                .desktopKeys,
                "\(desktop) settings daemon offers the media-key grab (\(daemon.busName), \(process)); it gives keyboard media keys to the application that grabbed last (remote-playerd grabs as \"remotebridge\" when it starts playing) and does not say which one that is")
        ]
        if let report, !report.grabs {
            findings.append(
                .failed(
                    .desktopKeys, "headsetd does not grab headset devices (grab = false), so \(desktop) settings daemon acts on the same presses: one press can act twice",
                    fix: "set grab = true under [headset] in \(configPath), then systemctl --user restart headsetd"))
        }
        return findings
    }
}
