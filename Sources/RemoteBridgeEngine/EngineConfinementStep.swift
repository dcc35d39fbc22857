// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeEngineConfinement
import RemoteBridgeProcess

/// The engine's walls, put up once, before mpv starts (so that every thread mpv makes is inside
/// them): only its channel and the standard streams open, no new privileges, the buses hidden,
/// the file system read-only but for the sound devices, and only the system calls mpv and the
/// audio outputs need (docs/engine-confinement.md says what each layer does and why).
enum EngineConfinementStep {
    /// Applies the confinement, keeping `channel` open and hiding `hidden` (the buses, as the
    /// daemon listed them: `EngineHiddenSockets` in RemoteBridgePlayerDaemon); returns what took, for the daemon's log.
    static func apply(keeping channel: Int32, hiding hidden: [String]) throws(EngineConfinementError) -> String {
        let environment = ProcessEnvironment.variables(ProcessEnvironment.current)
        let confinement = EngineConfinement(
            keepDescriptor: channel, writable: EngineConfinement.defaultWritable(environment: environment), hiddenSockets: hidden)
        return try confinement.apply().description
    }
}
