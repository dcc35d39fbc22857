// SPDX-License-Identifier: Apache-2.0
/// A problem in a configuration file: which file, which line, which key, and what to do.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's path.
    public var file: String
    /// The line (1-based), or 0 if the problem is not on a line.
    public var line: Int
    /// The key, written as `[section] key`, or empty.
    public var key: String
    /// What is wrong.
    public var message: String

    /// Makes an error.
    public init(file: String, line: Int, key: String, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    /// "file:line: key: message".
    public var description: String {
        let location = line > 0 ? "\(file):\(line)" : file
        return key.isEmpty ? "\(location): \(message)" : "\(location): \(key): \(message)"
    }
}
