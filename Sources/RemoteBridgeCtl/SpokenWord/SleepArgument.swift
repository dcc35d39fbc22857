// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgeText

/// `remotectl sleep`'s argument, checked before anything is sent: a mistyped length is named
/// with the forms that work, rather than sent for the player to refuse (or, worse, read as
/// something else). The lengths are read by `DurationText`, as the player reads them.
enum SleepArgument {
    /// The words `SetSleepTimer` takes as they are.
    static let words = ["off", "end-of-track", "end-of-chapter"]

    /// The accepted forms, as messages and help list them.
    static let forms = "a length of playing time (20m, 1h30m, 90s, 45: seconds), more time (+15m), " + words.joined(separator: ", ")

    /// `text` as `SetSleepTimer` takes it, or the reason it is not one.
    static func check(_ text: String) -> Result<String, SleepArgumentError> {
        if words.contains(text) { return .success(text) }
        let length = text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard let duration = DurationText.parse(length) else {
            return .failure(SleepArgumentError(message: "sleep: \(OutsideText.quoted(text)) is not a sleep timer; use \(forms)"))
        }
        guard duration > .zero else {
            return .failure(SleepArgumentError(message: "sleep: \(OutsideText.quoted(text)) is no time at all; to stop the timer, use off"))
        }
        return .success(text)
    }
}

/// Why a `sleep` argument was refused, in words.
struct SleepArgumentError: Error, Equatable {
    let message: String
}
