import CRemoteBridgeHeap

/// Hands the heap's free pages back to the kernel once a burst of work is over: `quietTime`
/// after the last piece of work it was told of, with no timer at all while nothing happens.
///
/// The last step, not the first: large blocks already go back the moment they are freed
/// (`cheap_fix_mapped_block_threshold`), and the global executor keeps few threads, so few
/// arenas. What is left after a burst is small blocks freed in the middle of a heap: a Get of
/// 100 000 track ids builds 100 000 strings, and once they are freed glibc keeps their pages
/// (14 MiB after five such Gets) until `malloc_trim` gives them back.
@MainActor
final class QuietTimeTrim {
    /// How long the daemon must have had no work before the heap is trimmed.
    static let quietTime: Duration = .seconds(1)
    /// Trimmed anyway after this much work with no quiet between, so that a steady load does
    /// not keep what its peaks took.
    static let longestWait: Duration = .seconds(10)

    private var timer: MainQueueTimer?
    private var workSinceArmed = false
    private var waited: Duration = .zero
    /// Trims so far (for tests and logs).
    private(set) var trims = 0

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
        timer = MainQueueTimer(after: Self.quietTime) { [weak self] in self?.quietTimeEnded() }
    }

    private func quietTimeEnded() {
        timer = nil
        waited += Self.quietTime
        if workSinceArmed, waited < Self.longestWait {
            arm()
            return
        }
        trims += 1
        // Off the main actor: a trim walks every arena, and calls wait meanwhile.
        Task.detached(priority: .background) { _ = cheap_return_free_pages() }
        if workSinceArmed { noteWork() }
    }
}
