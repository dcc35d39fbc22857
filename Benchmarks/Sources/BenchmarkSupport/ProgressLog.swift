// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Says on stderr what a benchmark is measuring, with the time since it began: a long run
/// shows where it is.
@MainActor
public final class ProgressLog {
    private let began = ContinuousClock.now

    /// A log whose times count from now.
    public init() {}

    /// One line: "[12 s] text".
    public func say(_ text: String) {
        let elapsed = ContinuousClock.now - began
        FileHandle.standardError.write(Data("[\(elapsed.components.seconds) s] \(text)\n".utf8))
    }
}
