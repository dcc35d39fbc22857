/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE
#include "cquietexecutor.h"
#include "mainwatches.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

/* libdispatch, declared here rather than included: its headers are not on a C target's path. */
typedef struct dispatch_queue_s *dispatch_queue_t;
typedef uint64_t dispatch_time_t;
#define DISPATCH_TIME_NOW ((dispatch_time_t)0)
extern dispatch_queue_t dispatch_queue_create(const char *label, const void *attributes);
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

/* Blocks what dispatch_main blocks on the main thread (init.c, _dispatch_sigmask): every signal
   but the synchronous ones, so that signals reach the dispatch sources that wait for them. The
   pool's workers block the same, as dispatch's own workers do. */
static void block_asynchronous_signals(void) {
    sigset_t mask;
    sigfillset(&mask);
    int synchronous[] = {SIGILL, SIGTRAP, SIGFPE, SIGBUS, SIGSEGV, SIGSYS, SIGPIPE, SIGPROF};
    for (size_t index = 0; index < sizeof synchronous / sizeof synchronous[0]; index++) {
        sigdelset(&mask, synchronous[index]);
    }
    pthread_sigmask(SIG_BLOCK, &mask, NULL);
}

/* ---- The pool global jobs run on ----

   A job is queued by its priority, and run by one of the pool's workers: threads started as
   work arrives, while fewer than `width` run, and then kept, each waiting on a condition
   variable with no timeout. Jobs waiting are linked through their first scheduler word, which
   belongs to the executor while the job is queued (ExecutorImpl.h). */

/* The runtime's priorities (dispatch's qos classes), highest first; a job of any other value
   (0, unspecified) is queued as default. */
static const uint32_t priorities[] = {0x21, 0x19, 0x15, 0x11, 0x09};
enum { priority_levels = sizeof priorities / sizeof priorities[0], default_level = 2 };

struct pool {
    pthread_mutex_t lock;
    pthread_cond_t work;
    SwiftJob *first[priority_levels];
    SwiftJob *last[priority_levels];
    long queued;           /* jobs waiting */
    int workers;           /* workers started and not ended */
    int idle;              /* workers waiting for a job */
    int width;             /* workers kept */
    unsigned long ended;   /* jobs run to their end, so far */
    unsigned long ended_at_check; /* `ended` when the stall check was armed */
    int check_armed;
};
static struct pool pool = {
    .lock = PTHREAD_MUTEX_INITIALIZER,
    .work = PTHREAD_COND_INITIALIZER,
};
static pthread_once_t pool_once = PTHREAD_ONCE_INIT;
/* A serial queue for timers: a delayed job, once due, is queued from here, so dispatch runs at
   most one thread of its own for them. */
static dispatch_queue_t timer_queue;

static SwiftJob **link_of(SwiftJob *job) {
    return (SwiftJob **)&((struct job_header *)(void *)job)->scheduler_private[0];
}

static int level_of(SwiftJob *job) {
    intptr_t priority = job_priority(job);
    for (int level = 0; level < (int)priority_levels; level++) {
        if ((intptr_t)priorities[level] == priority) return level;
    }
    return default_level;
}

static void set_up_pool(void) {
    cpu_set_t usable;
    int cpus = sched_getaffinity(0, sizeof usable, &usable) == 0 ? CPU_COUNT(&usable) : (int)sysconf(_SC_NPROCESSORS_ONLN);
    pool.width = cpus < CQUIETEXECUTOR_MINIMUM_WIDTH ? CQUIETEXECUTOR_MINIMUM_WIDTH : cpus;
    if (pool.width > CQUIETEXECUTOR_MOST_WORKERS) pool.width = CQUIETEXECUTOR_MOST_WORKERS;
    timer_queue = dispatch_queue_create("remotebridge.quiet-executor.timers", NULL);
}

/* The next job by priority, or NULL; with the lock held. */
static SwiftJob *take_job(void) {
    for (int level = 0; level < (int)priority_levels; level++) {
        SwiftJob *job = pool.first[level];
        if (job == NULL) continue;
        pool.first[level] = *link_of(job);
        if (pool.first[level] == NULL) pool.last[level] = NULL;
        pool.queued--;
        return job;
    }
    return NULL;
}

static void *worker(void *unused) {
    (void)unused;
    block_asynchronous_signals();
    pthread_setname_np(pthread_self(), "swift jobs");
    pthread_mutex_lock(&pool.lock);
    for (;;) {
        SwiftJob *job;
        while ((job = take_job()) == NULL) {
            /* A worker started past the width because the others were stuck leaves when idle. */
            if (pool.workers > pool.width) {
                pool.workers--;
                pthread_mutex_unlock(&pool.lock);
                return NULL;
            }
            pool.idle++;
            pthread_cond_wait(&pool.work, &pool.lock);
            pool.idle--;
        }
        pthread_mutex_unlock(&pool.lock);
        swift_job_run(job, 0, 0);
        pthread_mutex_lock(&pool.lock);
        pool.ended++;
    }
}

/* Starts one more worker; with the lock held. Returns whether it started. */
static int start_worker(void) {
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    int started = pthread_create(&thread, &attributes, worker, NULL) == 0;
    if (started) pool.workers++;
    pthread_attr_destroy(&attributes);
    return started;
}

static void arm_stall_check(void);

/* Jobs are waiting and every worker is busy: if none of them has finished a job since the check
   was armed, they are stuck (a job blocked, as on a lock another job must release), and one more
   worker starts, up to CQUIETEXECUTOR_MOST_WORKERS. Dispatch's own pool has a monitor that does
   the same once a second, always; this check runs only while the pool is saturated. */
static void check_for_stall(void *unused) {
    (void)unused;
    pthread_mutex_lock(&pool.lock);
    pool.check_armed = 0;
    if (pool.queued > pool.idle) {
        if (pool.ended == pool.ended_at_check && pool.idle == 0 && pool.workers < CQUIETEXECUTOR_MOST_WORKERS) start_worker();
        arm_stall_check();
    }
    pthread_mutex_unlock(&pool.lock);
}

/* With the lock held. */
static void arm_stall_check(void) {
    if (pool.check_armed) return;
    pool.check_armed = 1;
    pool.ended_at_check = pool.ended;
    dispatch_after_f(dispatch_time(DISPATCH_TIME_NOW, CQUIETEXECUTOR_STALL_CHECK_NANOSECONDS), timer_queue, NULL, check_for_stall);
}

static void queue_job(SwiftJob *job) {
    pthread_once(&pool_once, set_up_pool);
    int level = level_of(job);
    *link_of(job) = NULL;
    pthread_mutex_lock(&pool.lock);
    if (pool.last[level] != NULL) *link_of(pool.last[level]) = job;
    else pool.first[level] = job;
    pool.last[level] = job;
    pool.queued++;
    if (pool.idle > 0) pthread_cond_signal(&pool.work);
    /* A worker that could not start (no memory for its stack) is tried again by the check. */
    if (pool.queued > pool.idle && !(pool.workers < pool.width && start_worker())) arm_stall_check();
    pthread_mutex_unlock(&pool.lock);
}

static void queue_due_job(void *job) {
    queue_job((SwiftJob *)job);
}

static SWIFT_CC void enqueue(SwiftJob *job, enqueue_original original) {
    (void)original;
    atomic_fetch_add_explicit(&jobs_taken, 1, memory_order_relaxed);
    queue_job(job);
}

static void enqueue_after(unsigned long long nanoseconds, SwiftJob *job) {
    pthread_once(&pool_once, set_up_pool);
    atomic_fetch_add_explicit(&jobs_taken, 1, memory_order_relaxed);
    if (nanoseconds == 0) {
        queue_job(job);
        return;
    }
    int64_t delta = nanoseconds > (unsigned long long)INT64_MAX ? INT64_MAX : (int64_t)nanoseconds;
    dispatch_after_f(dispatch_time(DISPATCH_TIME_NOW, delta), timer_queue, job, queue_due_job);
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

static void drain_main_queue(void) {
    _dispatch_main_queue_callback_4CF(NULL);
}

/* Takes the place of dispatch_main() at the end of an async main: the main thread waits on the
   main queue's eventfd, and the file descriptors watched on the main thread (mainwatches.c),
   and drains the queue whenever libdispatch signals work. It never returns; the
   program ends with exit() when its main task finishes, as before. */
static SWIFT_CC void serve_main_queue(drain_main_original original, drain_main_override compat_override) {
    (void)compat_override;
    int handle = _dispatch_get_main_queue_handle_4CF();
    if (handle < 0) {
        original();
        return;
    }
    block_asynchronous_signals();
    main_watches_serve(handle, drain_main_queue);
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

int cquietexecutor_workers(void) {
    pthread_mutex_lock(&pool.lock);
    int workers = pool.workers;
    pthread_mutex_unlock(&pool.lock);
    return workers;
}

int cquietexecutor_width(void) {
    pthread_once(&pool_once, set_up_pool);
    return pool.width;
}

long cquietexecutor_jobs_taken(void) {
    return atomic_load_explicit(&jobs_taken, memory_order_relaxed);
}
