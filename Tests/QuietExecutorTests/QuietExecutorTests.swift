// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeQuietExecutor
import Dispatch
import Glibc
import Testing

/// The daemons' global executor (`cquietexecutor.h`): every kind of global job (a detached task,
/// a task-group child, a sleep by delay and by deadline on each clock) is taken by the hooks
/// and runs on the executor's own pool, which keeps one worker per CPU (at least two) and grows
/// past that only while its workers are stuck. Installing it here moves this test process's
/// global jobs too: every suite in the process runs on the pool, which is a test of it as well.
@Suite("The quiet global executor", .serialized, .timeLimit(.minutes(1)))
struct QuietExecutorTests {
    init() {
        cquietexecutor_install()
    }

    /// The name of the thread the caller runs on ("swift jobs" for the pool's workers).
    private static func currentThreadName() -> String {
        let descriptor = open("/proc/thread-self/comm", O_RDONLY)
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(descriptor, &buffer, buffer.count)
        return String(decoding: buffer.prefix(max(count, 0)).filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    /// The caller's thread, as pthreads names it.
    private static func currentThread() -> pthread_t { pthread_self() }

    @Test("every hook is installed, and installing again keeps them")
    func everyHookInstalled() {
        #expect(cquietexecutor_install() == 0)
    }

    @Test("a detached task and task-group children run on the pool's workers, through the hook")
    func jobsRunOnThePool() async {
        let before = cquietexecutor_jobs_taken()
        let detached = await Task.detached { Self.currentThreadName() }.value
        let children = await withTaskGroup(of: String.self) { group in
            for _ in 0..<4 { group.addTask { Self.currentThreadName() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(detached == "swift jobs", "ran on \(detached)")
        #expect(children == Array(repeating: "swift jobs", count: 4), "ran on \(children)")
        #expect(cquietexecutor_jobs_taken() >= before + 5)
    }

    @Test(
        "a job of any priority runs on the pool",
        arguments: [TaskPriority.background, .low, .medium, .high])
    func everyPriorityRunsOnThePool(priority: TaskPriority) async {
        let thread = await Task.detached(priority: priority) { Self.currentThreadName() }.value
        #expect(thread == "swift jobs")
    }

    @Test("a burst of jobs is run by the pool's workers, not a thread each")
    func burstIsBounded() async {
        // Dispatch's overcommit pool started a thread for each job queued while none was idle:
        // 2 000 jobs at once ran on dozens of threads.
        let threads = await withTaskGroup(of: pthread_t.self) { group in
            for _ in 0..<2_000 {
                group.addTask {
                    var sum = 0
                    for value in 0..<2_000 { sum &+= value }
                    return sum == -1 ? 0 : Self.currentThread()
                }
            }
            return await group.reduce(into: Set<pthread_t>()) { $0.insert($1) }
        }
        #expect(threads.count <= Int(CQUIETEXECUTOR_MOST_WORKERS), "\(threads.count) threads")
        #expect(cquietexecutor_workers() <= CQUIETEXECUTOR_MOST_WORKERS)
        #expect(cquietexecutor_width() >= CQUIETEXECUTOR_MINIMUM_WIDTH)
    }

    @Test("jobs stuck waiting for a job queued behind them are freed: the pool grows while stuck")
    func stuckWorkersGrowThePool() async {
        // Every worker the pool keeps, and one more, blocks until the last job runs; that job
        // waits in the queue behind them until the stall check starts a worker for it. The
        // semaphores' timeouts only keep a broken pool from hanging the suite.
        let width = Int(cquietexecutor_width())
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let blockers = width + 1
        let freed = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<blockers {
                group.addTask {
                    started.signal()
                    return release.wait(timeout: .now() + .seconds(20)) == .success
                }
            }
            group.addTask {
                for _ in 0..<blockers { _ = started.wait(timeout: .now() + .seconds(20)) }
                for _ in 0..<blockers { release.signal() }
                return true
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(freed == Array(repeating: true, count: blockers + 1))
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
            var threads: [String] = []
            try await Task.sleep(for: wait)
            threads.append(Self.currentThreadName())
            try await Task.sleep(until: continuous.now + wait, clock: continuous)
            threads.append(Self.currentThreadName())
            let suspending = SuspendingClock()
            try await Task.sleep(until: suspending.now + wait, clock: suspending)
            threads.append(Self.currentThreadName())
            return threads
        }.value
        #expect(continuous.now - start >= wait * 3)
        // Each resumption after a sleep is a job on the pool.
        #expect(resumedOn == Array(repeating: "swift jobs", count: 3))
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
