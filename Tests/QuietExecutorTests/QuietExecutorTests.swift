import CRemoteBridgeQuietExecutor
import Glibc
import Testing

/// The daemons' global executor (`cquietexecutor.h`): every kind of global job (a detached task,
/// a task-group child, a sleep by delay and by deadline on each clock) is taken by the hooks
/// and runs on dispatch's overcommit pool, whose workers start no monitor. Installing it here
/// moves this test process's global jobs too, which changes nothing for the other suites.
@Suite("The quiet global executor", .serialized, .timeLimit(.minutes(1)))
struct QuietExecutorTests {
    init() {
        cquietexecutor_install()
    }

    /// The name dispatch gives the thread a job runs on: its root queue's label, cut to 15 bytes
    /// ("-qos.overcommit" for the overcommit pool).
    private static func currentThreadName() -> String {
        let descriptor = open("/proc/thread-self/comm", O_RDONLY)
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(descriptor, &buffer, buffer.count)
        return String(decoding: buffer.prefix(max(count, 0)).filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    /// The label of the dispatch queue the caller runs on, such as
    /// "com.apple.root.background-qos.overcommit": libdispatch's `dispatch_queue_get_label(NULL)`,
    /// which its Swift overlay does not import.
    private static func currentQueueLabel() -> String {
        typealias GetLabel = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "dispatch_queue_get_label"),
            let label = unsafeBitCast(symbol, to: GetLabel.self)(nil)
        else { return "no dispatch_queue_get_label" }
        return String(cString: label)
    }

    @Test("every hook is installed, and installing again keeps them")
    func everyHookInstalled() {
        #expect(cquietexecutor_install() == 0)
    }

    @Test(
        "a job keeps its priority: it runs on the overcommit pool of its qos class",
        arguments: [
            (TaskPriority.background, "background"), (.low, "utility"), (.medium, "default"), (.high, "user-initiated"),
        ])
    func jobsKeepTheirPriority(priority: TaskPriority, qosClass: String) async {
        let label = await Task.detached(priority: priority) { Self.currentQueueLabel() }.value
        #expect(label == "com.apple.root.\(qosClass)-qos.overcommit")
    }

    @Test("a detached task and task-group children run on the overcommit pool, through the hook")
    func jobsRunOnTheOvercommitPool() async {
        let before = cquietexecutor_jobs_taken()
        let detached = await Task.detached { Self.currentThreadName() }.value
        let children = await withTaskGroup(of: String.self) { group in
            for _ in 0..<4 { group.addTask { Self.currentThreadName() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(detached.hasSuffix("overcommit"), "ran on \(detached)")
        #expect(children.count == 4 && children.allSatisfy { $0.hasSuffix("overcommit") }, "ran on \(children)")
        #expect(cquietexecutor_jobs_taken() >= before + 5)
    }

    @Test("a sleep by duration and by deadline on each clock resumes after its time, through the hook")
    func sleepsWaitTheirTime() async throws {
        // Real sleeps on purpose, 1 ms each: the runtime's own timer path is what the hooks
        // replace, so a virtual clock would not exercise it. Nothing here waits out a timeout.
        let before = cquietexecutor_jobs_taken()
        let wait = Duration.milliseconds(1)
        let continuous = ContinuousClock()
        let start = continuous.now
        let resumedOn = try await Task.detached {
            var labels: [String] = []
            try await Task.sleep(for: wait)
            labels.append(Self.currentQueueLabel())
            try await Task.sleep(until: continuous.now + wait, clock: continuous)
            labels.append(Self.currentQueueLabel())
            let suspending = SuspendingClock()
            try await Task.sleep(until: suspending.now + wait, clock: suspending)
            labels.append(Self.currentQueueLabel())
            return labels
        }.value
        #expect(continuous.now - start >= wait * 3)
        // Each resumption after a sleep is a job on the overcommit pool: the runtime's
        // default-qos pool would start dispatch's monitor.
        #expect(resumedOn == Array(repeating: "com.apple.root.default-qos.overcommit", count: 3))
        // The detached task is one job, and each sleep's resumption another.
        #expect(cquietexecutor_jobs_taken() >= before + 4)
    }

    @Test("a deadline already past resumes at once")
    func pastDeadline() async throws {
        let clock = ContinuousClock()
        let deadline = clock.now - .seconds(10)
        try await Task.detached { try await Task.sleep(until: deadline, clock: clock) }.value
        #expect(clock.now - deadline < .seconds(11))
    }
}
