// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeFuzzing

/// Which harness a run drives: named by the first argument, or by `REMOTEBRIDGE_FUZZ_HARNESS`
/// (which libFuzzer's `-fork` and `-jobs` children inherit, since they get only its flags).
enum HarnessChoice {
    /// The environment variable that names the harness.
    static let variable = "REMOTEBRIDGE_FUZZ_HARNESS"

    /// The harness the environment names, or nil.
    static func fromEnvironment() -> FuzzHarness? {
        getenv(variable).flatMap { FuzzHarness.named(String(cString: $0)) }
    }

    /// The list of harnesses, for `--help` and a bad name.
    static var list: String {
        FuzzHarness.all.map { "  \($0.name.padding(18))\($0.summary)" }.joined(separator: "\n")
    }
}

extension String {
    /// The text padded with spaces to `width` characters.
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(1, width - count)) }
}

/// Writes `text` and a line end to standard error.
func printError(_ text: String) {
    let line = text + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
