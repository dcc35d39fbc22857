// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineConfinement
import RemoteBridgeEngineProtocol

/// Runs an `EngineProbe` inside the engine: each tries what the confinement should refuse and
/// returns the errno it met, 0 if it worked.
enum EngineProbeRun {
    static func run(_ probe: EngineProbe) -> Int32 {
        switch probe {
        case .connectUnix(let path): ConfinementProbe.connect(unixPath: path)
        case .createFile(let path): ConfinementProbe.create(path: path)
        case .execute: ConfinementProbe.exec()
        }
    }
}
