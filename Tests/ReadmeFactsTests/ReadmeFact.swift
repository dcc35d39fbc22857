// SPDX-License-Identifier: Apache-2.0
import Testing

/// One statement of README.md or a page in `docs/` that states numbers, the file it is in, and
/// the constants the numbers come from.
///
/// `phrase` is the file's wording with `{}` where each constant's value stands; its spaces match
/// any run of whitespace, so a statement may be wrapped anywhere. A value is written as the docs
/// write it (`ReadmeWords`), so the phrase holds only when the file states what the code has.
struct ReadmeFact: Sendable, CustomTestStringConvertible {
    /// One constant a phrase states: its name, for the message, and its value in the docs' words.
    struct Constant: Sendable {
        /// `QueueLimits.maximumEntries`, or the file and key for one that is not Swift.
        let name: String
        /// The value as the docs write it; it throws when a file that holds it cannot be read.
        let value: @Sendable () throws -> String

        init(_ name: String, _ value: @autoclosure @escaping @Sendable () throws -> String) {
            self.name = name
            self.value = value
        }
    }

    /// The file that makes the statement, from the package's folder: `README.md`, `docs/headsetd.md`.
    let file: String
    /// The file's words, with `{}` for each constant in `constants`, in order.
    let phrase: String
    /// The constants the phrase states.
    let constants: [Constant]

    init(_ file: String, _ phrase: String, _ constants: Constant...) {
        self.file = file
        self.phrase = phrase
        self.constants = constants
    }

    var testDescription: String {
        "\(file): " + constants.map(\.name).joined(separator: ", ")
    }
}
