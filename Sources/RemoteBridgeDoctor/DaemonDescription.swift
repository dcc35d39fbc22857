// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeMPRIS

/// One of RemoteBridge's two daemons, as the doctor checks it: its bus name and the files that
/// start it (a systemd user unit, a D-Bus activation file), with where the repository keeps them.
struct DaemonDescription: Sendable {
    /// The program (`headsetd`).
    var program: String
    /// The name it owns on the session bus.
    var busName: String
    /// Its systemd user unit.
    var unit: String
    /// Its D-Bus activation file.
    var activationFile: String
    /// Whether presses need it running now (headsetd), or the bus may start it when called
    /// (remote-playerd).
    var mustRun: Bool

    /// The unit file in the repository.
    var repositoryUnit: String { "dist/systemd/\(unit)" }
    /// The activation file in the repository.
    var repositoryActivationFile: String { "dbus/services/\(activationFile)" }

    /// headsetd.
    static let headsetd = DaemonDescription(
        program: "headsetd", busName: Headset1Interface.busName, unit: "headsetd.service",
        activationFile: Headset1Interface.busName + ".service", mustRun: true)
    /// remote-playerd.
    static let remotePlayerd = DaemonDescription(
        program: "remote-playerd", busName: MPRISNames.remotePlayerd, unit: "remote-playerd.service",
        activationFile: MPRISNames.remotePlayerd + ".service", mustRun: false)
}
