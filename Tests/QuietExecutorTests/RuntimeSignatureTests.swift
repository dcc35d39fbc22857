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
    /// The path of the shared library that defines `symbol` in this process.
    private static func library(defining symbol: String) -> String? {
        guard let address = dlsym(dlopen(nil, RTLD_NOW), symbol) else { return nil }
        var info = Dl_info()
        guard dladdr(address, &info) != 0, let name = info.dli_fname else { return nil }
        return String(cString: name)
    }

    /// The toolchain's ExecutorImpl.h, found from libswift_Concurrency.so (`usr/lib/swift/linux`
    /// → `usr/include/swift`), with each run of white space made one space.
    private static func executorHeader() throws -> String {
        let runtime = try #require(library(defining: "swift_job_run"), "swift_job_run is not in this process")
        var parts = runtime.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        let path = (parts + ["include", "swift", "ExecutorImpl.h"]).joined(separator: "/")
        let file = try #require(fopen(path, "r"), "\(path), beside the runtime \(runtime), cannot be opened")
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 {
            bytes += buffer.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
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
            "ExecutorImpl.h no longer declares \(declaration): check Sources/CQuietExecutor/cquietexecutor.c against the new runtime")
    }
}
