// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc

/// A file the chain needs (a unit, an activation file, the udev rule), looked for in the folders
/// the program that reads it searches, first found first.
public struct InstalledFile: Sendable, Equatable {
    /// The file's name (`headsetd.service`).
    public var name: String
    /// Where it was found; nil when it is in none of the folders.
    public var path: String?

    /// Looks for `name` in `folders`, in order.
    public init(_ name: String, in folders: [String]) {
        self.name = name
        path = folders.map { $0 + "/" + name }.first { access($0, F_OK) == 0 }
    }

    /// The value of `key` (`Exec`) in the file, an ini-style `key=value` line; nil when absent.
    public func value(of key: String) -> String? {
        guard let path, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key + "=") {
            return String(line.dropFirst(key.count + 1))
        }
        return nil
    }

    /// The program an `Exec=` line names (its first word), and whether it can be run; nil when
    /// there is no `Exec=` line.
    public var execProblem: String? {
        guard let exec = value(of: "Exec"), let program = exec.split(separator: " ").first.map(String.init) else { return nil }
        return access(program, X_OK) == 0 ? nil : "its Exec= names \(program), which is not an executable file"
    }
}
