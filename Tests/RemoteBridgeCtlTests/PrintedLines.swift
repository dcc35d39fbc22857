// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeTesting

/// What an in-process `RemoteCtl` prints (give `record` as its `output`), and a wait for it.
@MainActor
final class PrintedLines {
    /// Every line printed so far.
    private(set) var lines: [String] = []
    private let printed = ChangeWaiter()

    /// Takes one printed line.
    func record(_ line: String) {
        lines.append(line)
        printed.wake()
    }

    /// Wakes whoever waits, without a line (something else they wait for has happened).
    func wake() { printed.wake() }

    /// Waits, line by line, until `condition` holds; false if it did not in time.
    func until(_ condition: () -> Bool) async -> Bool {
        await printed.until(condition)
    }
}
