// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Where the engine program is: beside the program that runs the player (a build folder, or
/// /usr/bin in a `make install` to a prefix the engine shares), or in the prefix's
/// `libexec/remotebridge` (a package, where only programs users run go in bin).
package enum EngineLocation {
    /// The engine program's name.
    package static let programName = "remotebridge-engine"

    /// The folders looked in, in order, relative to the folder of the running program.
    static func candidates(besides folder: String) -> [String] {
        ["\(folder)/\(programName)", "\(folder)/../libexec/remotebridge/\(programName)"]
    }

    /// The engine program, or nil when none is found (the error names where it was looked for).
    package static func find() -> Result<String, PlayerError> {
        let folder = runningProgramFolder
        let paths = candidates(besides: folder)
        if let path = paths.first(where: { access($0, X_OK) == 0 }) { return .success(path) }
        return .failure(
            PlayerError(
                operation: "find the engine",
                reason: "no \(programName) in \(paths.joined(separator: " or ")); build it with `swift build --product \(programName)`, or install RemoteBridge again"))
    }

    /// The folder of this process's program (/proc/self/exe).
    static var runningProgramFolder: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "." }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
