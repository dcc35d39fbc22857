#include "cquietexecutor.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/eventfd.h>
#include <time.h>

/* libdispatch, declared here rather than included: its headers are not on a C target's path. */
typedef struct dispatch_queue_s *dispatch_queue_t;
typedef uint64_t dispatch_time_t;
#define DISPATCH_TIME_NOW ((dispatch_time_t)0)
#define DISPATCH_QUEUE_OVERCOMMIT 0x2ul /* queue_private.h */
extern dispatch_queue_t dispatch_get_global_queue(intptr_t identifier, uintptr_t flags);
extern void dispatch_async_f(dispatch_queue_t queue, void *context, void (*work)(void *));
extern void dispatch_after_f(dispatch_time_t when, dispatch_queue_t queue, void *context, void (*work)(void *));
extern dispatch_time_t dispatch_time(dispatch_time_t when, int64_t delta);
/* The main queue as a run loop drives it (CoreFoundation's CFRunLoop on Linux): an eventfd that
   libdispatch signals whenever the main queue has work, and the call that drains it. Exported by
   libdispatch for exactly that use (queue.c, DISPATCH_COCOA_COMPAT). */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *ignored);

/* libswift_Concurrency. The "original" functions have the signatures of the toolchain's
   include/swift/ExecutorImpl.h (swift_task_enqueueGlobal*Impl); the hook variables are those of
   the runtime's ConcurrencyHooks.def, which is not installed. QuietExecutorTests reads
   ExecutorImpl.h and fails when what is copied here changes. The hooks are weak: a runtime
   without one leaves its address null, and install() falls back to the runtime's own executor
   for that kind of job. A serial executor reference is two words, and {0, 0} is the generic
   executor that global jobs run on. */
#define SWIFT_CC __attribute__((swiftcall))
typedef struct SwiftJob SwiftJob;
typedef SWIFT_CC void (*enqueue_original)(SwiftJob *job);
typedef SWIFT_CC void (*enqueue_with_delay_original)(unsigned long long delay, SwiftJob *job);
typedef SWIFT_CC void (*enqueue_with_deadline_original)(
    long long sec, long long nsec, long long tsec, long long tnsec, int clock, SwiftJob *job);
typedef SWIFT_CC void (*enqueue_hook)(SwiftJob *job, enqueue_original original);
typedef SWIFT_CC void (*enqueue_with_delay_hook)(unsigned long long delay, SwiftJob *job, enqueue_with_delay_original original);
typedef SWIFT_CC void (*enqueue_with_deadline_hook)(
    long long sec, long long nsec, long long tsec, long long tnsec, int clock, SwiftJob *job,
    enqueue_with_deadline_original original);
typedef SWIFT_CC void (*drain_main_original)(void);
typedef SWIFT_CC void (*drain_main_override)(drain_main_original original);
typedef SWIFT_CC void (*drain_main_hook)(drain_main_original original, drain_main_override compat_override);
extern enqueue_hook swift_task_enqueueGlobal_hook __attribute__((weak));
extern enqueue_with_delay_hook swift_task_enqueueGlobalWithDelay_hook __attribute__((weak));
extern enqueue_with_deadline_hook swift_task_enqueueGlobalWithDeadline_hook __attribute__((weak));
extern drain_main_hook swift_task_asyncMainDrainQueue_hook __attribute__((weak));
extern SWIFT_CC void swift_job_run(SwiftJob *job, void *executor_identity, uintptr_t executor_implementation);

/* A job's header (ExecutorImpl.h, SwiftJob): metadata, reference counts, two scheduler words,
   then the flags, whose second byte is the job's priority (swift_job_getPriority). */
struct job_header {
    const void *metadata;
    uintptr_t reference_counts;
    void *scheduler_private[2];
    uint32_t flags;
};

/* The job's priority, as the qos class dispatch takes: the runtime's priorities are dispatch's
   qos classes (0x21 user-interactive … 0x09 background), and 0, unspecified, is dispatch's
   default. */
static intptr_t job_priority(SwiftJob *job) {
    return (intptr_t)((((const struct job_header *)(const void *)job)->flags >> 8) & 0xff);
}

/* The runtime's clock identifiers, and the Linux clocks behind them (swift_get_time). */
enum { swift_clock_continuous = 1, swift_clock_suspending = 2, swift_clock_wall = 3 };

static atomic_long jobs_taken;

/* The overcommit pool of the job's priority, as the runtime's own dispatch executor picks the
   (monitored) pool of that priority. */
static dispatch_queue_t overcommit_pool(SwiftJob *job) {
    return dispatch_get_global_queue(job_priority(job), DISPATCH_QUEUE_OVERCOMMIT);
}

static void run_job(void *job) {
    swift_job_run((SwiftJob *)job, 0, 0);
}

static SWIFT_CC void enqueue(SwiftJob *job, enqueue_original original) {
    (void)original;
    atomic_fetch_add_explicit(&jobs_taken, 1, memory_order_relaxed);
    dispatch_async_f(overcommit_pool(job), job, run_job);
}

static void enqueue_after(unsigned long long nanoseconds, SwiftJob *job) {
    atomic_fetch_add_explicit(&jobs_taken, 1, memory_order_relaxed);
    int64_t delta = nanoseconds > (unsigned long long)INT64_MAX ? INT64_MAX : (int64_t)nanoseconds;
    dispatch_after_f(dispatch_time(DISPATCH_TIME_NOW, delta), overcommit_pool(job), job, run_job);
}

static SWIFT_CC void enqueue_with_delay(unsigned long long delay, SwiftJob *job, enqueue_with_delay_original original) {
    (void)original;
    enqueue_after(delay, job);
}

/* A deadline on one of the runtime's clocks becomes a delay from now on that same clock. The
   tolerance (tsec, tnsec) is not used: dispatch fires on time. */
static SWIFT_CC void enqueue_with_deadline(
    long long sec, long long nsec, long long tsec, long long tnsec, int clock, SwiftJob *job,
    enqueue_with_deadline_original original) {
    (void)tsec;
    (void)tnsec;
    clockid_t clock_id;
    switch (clock) {
    case swift_clock_continuous: clock_id = CLOCK_BOOTTIME; break;
    case swift_clock_suspending: clock_id = CLOCK_MONOTONIC; break;
    case swift_clock_wall: clock_id = CLOCK_REALTIME; break;
    default: original(sec, nsec, tsec, tnsec, clock, job); return;
    }
    struct timespec now;
    clock_gettime(clock_id, &now);
    long double remaining = ((long double)sec - now.tv_sec) * 1e9L + ((long double)nsec - now.tv_nsec);
    unsigned long long delay = remaining <= 0 ? 0
        : remaining >= 1.8e19L ? ~0ull
        : (unsigned long long)remaining;
    enqueue_after(delay, job);
}

/* Blocks what dispatch_main blocks on the main thread (init.c, _dispatch_sigmask): every signal
   but the synchronous ones, so that signals reach the dispatch sources that wait for them. */
static void block_asynchronous_signals(void) {
    sigset_t mask;
    sigfillset(&mask);
    int synchronous[] = {SIGILL, SIGTRAP, SIGFPE, SIGBUS, SIGSEGV, SIGSYS, SIGPIPE, SIGPROF};
    for (size_t index = 0; index < sizeof synchronous / sizeof synchronous[0]; index++) {
        sigdelset(&mask, synchronous[index]);
    }
    pthread_sigmask(SIG_BLOCK, &mask, NULL);
}

/* Takes the place of dispatch_main() at the end of an async main: the main thread waits on the
   main queue's eventfd and drains it whenever libdispatch signals work. It never returns; the
   program ends with exit() when its main task finishes, as before. */
static SWIFT_CC void serve_main_queue(drain_main_original original, drain_main_override compat_override) {
    (void)compat_override;
    int handle = _dispatch_get_main_queue_handle_4CF();
    if (handle < 0) {
        original();
        return;
    }
    block_asynchronous_signals();
    for (;;) {
        _dispatch_main_queue_callback_4CF(NULL);
        struct pollfd ready = {.fd = handle, .events = POLLIN};
        while (poll(&ready, 1, -1) < 0 && errno == EINTR) {
        }
        eventfd_t signalled;
        (void)eventfd_read(handle, &signalled);
    }
}

/* Sets one hook unless the runtime lacks it or another is already there, and says on stderr
   what falls back to the runtime's own executor when it cannot. Returns whether ours is set. */
#define INSTALL(hook, ours, fallback) install_one((void **)(hook), (void *)(ours), #hook, fallback)
static int install_one(void **hook, void *ours, const char *name, const char *fallback) {
    const char *problem = NULL;
    if (hook == NULL) {
        problem = "is not in this Swift runtime";
    } else if (*hook != NULL && *hook != ours) {
        problem = "already holds another executor's hook";
    } else {
        *hook = ours;
        return 1;
    }
    fprintf(stderr, "warning: quiet executor: %s %s; %s (the idle daemon may wake once a second)\n", name + 1, problem, fallback);
    return 0;
}

unsigned cquietexecutor_install(void) {
    unsigned missing = 0;
    if (!INSTALL(&swift_task_asyncMainDrainQueue_hook, serve_main_queue, "the main queue runs in dispatch_main()"))
        missing |= CQUIETEXECUTOR_MAIN_QUEUE;
    if (!INSTALL(&swift_task_enqueueGlobal_hook, enqueue, "global jobs run on the runtime's executor"))
        missing |= CQUIETEXECUTOR_GLOBAL;
    if (!INSTALL(&swift_task_enqueueGlobalWithDelay_hook, enqueue_with_delay, "delayed jobs run on the runtime's executor"))
        missing |= CQUIETEXECUTOR_DELAY;
    if (!INSTALL(&swift_task_enqueueGlobalWithDeadline_hook, enqueue_with_deadline, "jobs with a deadline run on the runtime's executor"))
        missing |= CQUIETEXECUTOR_DEADLINE;
    return missing;
}

long cquietexecutor_jobs_taken(void) {
    return atomic_load_explicit(&jobs_taken, memory_order_relaxed);
}
