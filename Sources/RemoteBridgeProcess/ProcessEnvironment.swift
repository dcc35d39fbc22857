// SPDX-License-Identifier: Apache-2.0
import Glibc

/// A process's environment as `NAME=value` entries: this process's own, read once per call, and
/// the same entries by name.
package enum ProcessEnvironment {
    /// This process's environment, as `NAME=value`.
    package static var current: [String] {
        var variables: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            variables.append(String(cString: entry))
            pointer += 1
        }
        return variables
    }

    /// `NAME=value` entries by name (the last of a name wins); an entry without `=` is skipped.
    package static func variables(_ environment: [String]) -> [String: String] {
        environment.reduce(into: [:]) { variables, variable in
            guard let equals = variable.firstIndex(of: "=") else { return }
            variables[String(variable[..<equals])] = String(variable[variable.index(after: equals)...])
        }
    }
}
