// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeHeap

/// Hands the heap's free pages back to the kernel once a burst of work is over: `quietTime`
/// after the last piece of work it was told of, or every `longestWait` under work with no quiet
/// in it; with no timer at all while nothing happens.
///
/// The last step, not the first: large blocks already go back the moment they are freed
/// (`cheap_fix_mapped_block_threshold`), and the global executor keeps few threads, so few
/// arenas. What is left after a burst is small blocks freed in the middle of a heap: a Get of
/// 100 000 track ids builds 100 000 strings, and once they are freed glibc keeps their pages
/// (14 MiB after five such Gets) until `malloc_trim` gives them back.
@MainActor
final class QuietTimeTrim {
    /// Starts a one-shot timer that calls its closure after the delay; releasing what it
    /// returns cancels it.
    typealias Schedule = @MainActor (Duration, @escaping @MainActor () -> Void) -> AnyObject

    /// How long there must have been no work before the heap is trimmed.
    let quietTime: Duration
    /// Trimmed anyway after this much work with no quiet in it, so that a steady load does
    /// not keep what its peaks took.
    let longestWait: Duration
    private let schedule: Schedule
    private let trim: @MainActor () -> Void

    private var timer: AnyObject?
    private var workSinceArmed = false
    private var waited: Duration = .zero
    /// Trims so far.
    private(set) var trims = 0

    /// A trim on main-queue timers that gives back the heap's free pages (off the main actor:
    /// a trim walks every arena); tests give their own `schedule` and `trim`.
    init(
        quietTime: Duration = .seconds(1), longestWait: Duration = .seconds(10),
        schedule: @escaping Schedule = { delay, fire in MainQueueTimer(after: delay, fire) },
        trim: @escaping @MainActor () -> Void = { Task.detached(priority: .background) { _ = cheap_return_free_pages() } }
    ) {
        self.quietTime = quietTime
        self.longestWait = longestWait
        self.schedule = schedule
        self.trim = trim
    }

    /// Work happened: the heap is trimmed after the next `quietTime` without any.
    func noteWork() {
        if timer == nil {
            waited = .zero
            arm()
        } else {
            workSinceArmed = true
        }
    }

    private func arm() {
        workSinceArmed = false
        timer = schedule(quietTime) { [weak self] in self?.quietTimeEnded() }
    }

    private func quietTimeEnded() {
        timer = nil
        waited += quietTime
        if workSinceArmed, waited < longestWait {
            arm()
            return
        }
        trims += 1
        trim()
        if workSinceArmed { noteWork() }
    }
}
