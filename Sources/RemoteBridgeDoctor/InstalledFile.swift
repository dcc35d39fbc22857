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

    /// The value of `key` (`Icon`) in `group` (`Desktop Entry`) of the file, as the Desktop Entry
    /// Specification reads it: `[group]` lines start groups, `#` lines are comments, spaces around
    /// `=` do not count, a localized key (`Name[fr]`) is another key. Nil when the file cannot be
    /// read or has no such key in that group.
    public func value(of key: String, inGroup group: String) -> String? {
        guard let path, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var inGroup = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("[") {
                inGroup = trimmed.hasPrefix("[" + group + "]")
                continue
            }
            guard inGroup, let equals = trimmed.firstIndex(of: "=") else { continue }
            guard Self.trimmed(trimmed[..<equals]) == key else { continue }
            return Self.trimmed(trimmed[trimmed.index(after: equals)...])
        }
        return nil
    }

    /// `text` without the spaces and tabs around it.
    private static func trimmed(_ text: Substring) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(text.drop(while: blank).reversed().drop(while: blank).reversed())
    }

    /// Whether the file is masked: a link to `/dev/null`, which a file of the same name in a
    /// later folder does not get past (how udev and systemd let a rule or unit be turned off).
    public var isMasked: Bool {
        guard let path, let resolved = realpath(path, nil) else { return false }
        defer { free(resolved) }
        return String(cString: resolved) == "/dev/null"
    }

    /// The program an `Exec=` line names (its first word), and whether it can be run; nil when
    /// there is no `Exec=` line.
    public var execProblem: String? {
        guard let exec = value(of: "Exec"), let program = exec.split(separator: " ").first.map(String.init) else { return nil }
        return access(program, X_OK) == 0 ? nil : "its Exec= names \(program), which is not an executable file"
    }
}
