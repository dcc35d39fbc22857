// SPDX-License-Identifier: Apache-2.0
import Glibc
import Testing

/// `cquietexecutor.c` copies private parts of Swift's concurrency runtime: the hooks' names,
/// the signatures of the functions they stand in for, the layout of a job's header and where
/// its priority is, the runtime's clock numbers. The toolchain's `include/swift/ExecutorImpl.h`
/// declares all but the hook variables; these tests read it next to the runtime this process
/// runs with, and fail when any copied declaration changes, so that a new toolchain is checked
/// before it silently breaks the daemons' executor.
@Suite("The runtime declarations the quiet executor copies")
struct RuntimeSignatureTests {
    /// The whole text of the file at `path`, or nil when it cannot be opened.
    private static func contents(of path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 {
            bytes += buffer.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The path of the Swift concurrency runtime this process has mapped (tests link it
    /// dynamically), from /proc/self/maps.
    private static func concurrencyRuntime() -> String? {
        let maps = contents(of: "/proc/self/maps") ?? ""
        return maps.split(separator: "\n").lazy.compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).last.map(String.init)
        }.first { $0.hasSuffix("/libswift_Concurrency.so") }
    }

    /// The toolchain's ExecutorImpl.h, found from libswift_Concurrency.so (`usr/lib/swift/linux`
    /// → `usr/include/swift`), with each run of white space made one space.
    private static func executorHeader() throws -> String {
        let runtime = try #require(concurrencyRuntime(), "libswift_Concurrency.so is not mapped in this process")
        var parts = runtime.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        let path = (parts + ["include", "swift", "ExecutorImpl.h"]).joined(separator: "/")
        let text = try #require(contents(of: path), "\(path), beside the runtime \(runtime), cannot be opened")
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("the runtime exports each hook variable and swift_job_run")
    func hooksExported() {
        for symbol in [
            "swift_task_enqueueGlobal_hook", "swift_task_enqueueGlobalWithDelay_hook", "swift_task_enqueueGlobalWithDeadline_hook",
            "swift_task_asyncMainDrainQueue_hook", "swift_job_run",
        ] {
            #expect(dlsym(dlopen(nil, RTLD_NOW), symbol) != nil, "\(symbol) is gone from the runtime")
        }
    }

    @Test(
        "ExecutorImpl.h still declares what cquietexecutor.c copies",
        arguments: [
            // The "original" function each enqueue hook is handed.
            "SWIFT_CC(swift) void swift_task_enqueueGlobalImpl(SwiftJob * _Nonnull job);",
            "typedef unsigned long long SwiftJobDelay;",
            "SWIFT_CC(swift) void swift_task_enqueueGlobalWithDelayImpl(SwiftJobDelay delay, SwiftJob * _Nonnull job);",
            "SWIFT_CC(swift) void swift_task_enqueueGlobalWithDeadlineImpl(long long sec, long long nsec, long long tsec, long long tnsec, int clock, SwiftJob * _Nonnull job);",
            // swift_job_run's executor: two words, {0, 0} the generic executor.
            "typedef struct { SwiftHeapObject * _Nullable identity; uintptr_t implementation; } SwiftExecutorRef;",
            // A job's header and its priority (struct job_header and job_priority).
            "typedef uint32_t SwiftJobFlags;",
            "uintptr_t refCounts; void * _Nullable schedulerPrivate[2]; SwiftJobFlags flags; } __attribute__((aligned(2 * sizeof(void *)))) SwiftJob;",
            "return (SwiftJobPriority)((job->flags >> 8) & 0xff);",
            // The priorities, which dispatch takes as qos classes.
            "SwiftUserInteractiveJobPriority = 0x21,", "SwiftUserInitiatedJobPriority = 0x19,", "SwiftDefaultJobPriority = 0x15,",
            "SwiftUtilityJobPriority = 0x11,", "SwiftBackgroundJobPriority = 0x09,", "SwiftUnspecifiedJobPriority = 0x00,",
            // The clocks of enqueue_with_deadline.
            "SwiftContinuousClock = 1, SwiftSuspendingClock = 2",
        ])
    func declarationUnchanged(declaration: String) throws {
        let header = try Self.executorHeader()
        #expect(
            header.contains(declaration),
            "ExecutorImpl.h no longer declares \(declaration): check Sources/CRemoteBridgeQuietExecutor/cquietexecutor.c against the new runtime")
    }
}
