// SPDX-License-Identifier: Apache-2.0
/// A property a harness checks that did not hold: what was expected, and what was found.
package struct PropertyViolation: Error, CustomStringConvertible, Equatable {
    /// The property, and how it failed.
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Throws `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(PropertyViolation) {
    guard condition else { throw PropertyViolation(message()) }
}

/// The bound every message a parser gives about outside input keeps to: the input is quoted
/// (`OutsideText`), never repeated whole, so a 1 MiB line makes a message of a few hundred bytes.
let maximumMessageBytes = 4 << 10

/// Throws unless `message`, which `what` gave, is within `maximumMessageBytes`.
func requireBounded(_ message: String, _ what: String) throws(PropertyViolation) {
    try require(
        message.utf8.count <= maximumMessageBytes,
        "\(what) gave a message of \(message.utf8.count) bytes, more than \(maximumMessageBytes): \(message.utf8.prefix(200).map { Character(Unicode.Scalar($0)) })…")
}
