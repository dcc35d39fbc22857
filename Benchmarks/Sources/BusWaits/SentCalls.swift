// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import RemoteBridgeTesting

/// Calls sent without waiting for their replies, each timed to its reply.
@MainActor
final class SentCalls {
    /// Woken at each reply.
    let answered = ChangeWaiter()
    private(set) var pending = 0
    private var outcomes: [String] = []

    /// Sends `call`, named `name`, at once; its outcome is kept when it comes.
    func send(_ name: String, _ call: @escaping @MainActor () async throws -> Void) {
        pending += 1
        let clock = ContinuousClock()
        let sent = clock.now
        Task {
            let outcome = await CallTally.run(call)
            let after = FigureUnit.milliseconds.format(FigureText.milliseconds(clock.now - sent) ?? 0)
            switch outcome {
            case .success: outcomes.append("\(name) answered after \(after)")
            case .failure(let error): outcomes.append("\(name) answered after \(after) with an error: \(error)")
            }
            pending -= 1
            answered.wake()
        }
    }

    /// The outcomes so far, and the calls still unanswered.
    var summary: String {
        (outcomes + (pending > 0 ? ["\(pending) not answered yet"] : [])).joined(separator: "; ")
    }
}
