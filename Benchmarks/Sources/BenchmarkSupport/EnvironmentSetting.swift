// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A benchmark's settings read from the environment: a value that is not what the variable
/// takes is an error naming the variable and what it takes.
public enum EnvironmentSetting {
    /// The whole number in `name` (at least `minimum`), or `fallback` when it is unset or empty.
    public static func number(_ name: String, in environment: [String: String], default fallback: Int, minimum: Int) throws -> Int {
        guard let text = environment[name], !text.isEmpty else { return fallback }
        guard let value = Int(text), value >= minimum else {
            throw ProcessTimer.Failure(description: "\(name)=\(text): give a whole number of at least \(minimum)")
        }
        return value
    }

    /// Whether `name` is on: 1 (on) or 0 (off), `fallback` when it is unset or empty.
    public static func flag(_ name: String, in environment: [String: String], default fallback: Bool) throws -> Bool {
        guard let text = environment[name], !text.isEmpty else { return fallback }
        guard text == "0" || text == "1" else {
            throw ProcessTimer.Failure(description: "\(name)=\(text): give 1 (on) or 0 (off)")
        }
        return text == "1"
    }
}
