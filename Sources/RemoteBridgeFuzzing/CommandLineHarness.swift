// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCtl

extension FuzzHarness {
    /// remotectl's command line, as a user's script or an old playerctl binding gives it: the
    /// bytes cut at each NUL into arguments. Anything refused is refused with a usage error
    /// within `maximumMessageBytes`; a number of seconds read is finite.
    static let commandLine = FuzzHarness(
        name: "command-line", summary: "remotectl's options and command: usage errors bounded, durations finite"
    ) { bytes throws(PropertyViolation) in
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let invocation: Invocation
        do throws(Invocation.UsageError) {
            invocation = try Invocation(arguments: arguments)
        } catch {
            try requireBounded(error.description, "the option parser")
            return
        }
        try require(invocation.timeout >= .zero, "a timeout of \(invocation.timeout)")
        if let hold = invocation.hold { try require(hold.isFinite, "a hold of \(hold) seconds") }
    }
}
