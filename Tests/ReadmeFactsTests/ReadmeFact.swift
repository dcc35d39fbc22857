import Testing

/// One statement of README.md that states numbers, and the constants the numbers come from.
///
/// `phrase` is README's wording with `{}` where each constant's value stands; its spaces match
/// any run of whitespace, so a statement may be wrapped anywhere. A value is written as README
/// writes it (`ReadmeWords`), so the phrase holds only when README states what the code has.
struct ReadmeFact: Sendable, CustomTestStringConvertible {
    /// One constant a phrase states: its name, for the message, and its value in README's words.
    struct Constant: Sendable {
        /// `QueueLimits.maximumEntries`, or the file and key for one that is not Swift.
        let name: String
        /// The value as README writes it; it throws when a file that holds it cannot be read.
        let value: @Sendable () throws -> String

        init(_ name: String, _ value: @autoclosure @escaping @Sendable () throws -> String) {
            self.name = name
            self.value = value
        }
    }

    /// README's words, with `{}` for each constant in `constants`, in order.
    let phrase: String
    /// The constants the phrase states.
    let constants: [Constant]

    init(_ phrase: String, _ constants: Constant...) {
        self.phrase = phrase
        self.constants = constants
    }

    var testDescription: String {
        constants.map(\.name).joined(separator: ", ")
    }
}
