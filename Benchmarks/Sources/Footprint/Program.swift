// SPDX-License-Identifier: Apache-2.0
import Foundation

/// One program the footprint benchmark runs: how to start it, and the name it owns on the bus
/// once it is ready.
struct Program {
    var name: String
    var executable: String
    var arguments: [String]
    var busName: String

    /// Starts it with `environment` only, its output thrown away.
    func start(environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
