/* SPDX-License-Identifier: Apache-2.0 */
#ifndef REMOTEBRIDGE_CQUIETEXECUTOR_H
#define REMOTEBRIDGE_CQUIETEXECUTOR_H
/* Swift concurrency's global executor, moved to a pool of threads of its own: bounded, so that a
   burst of work does not start a thread per job, and quiet, so that an idle daemon is never
   woken.

   On Linux the global executor runs jobs on dispatch's default (non-overcommit) root queue,
   and delayed jobs (Task.sleep) on a timer aimed at it. The first worker thread of that queue
   starts dispatch's thread-pool monitor (_dispatch_workq_monitor_pools): a one-second timer on
   the manager thread that is never cancelled. Dispatch's overcommit root queue has no monitor,
   but starts a thread for every job queued while none is idle (remote-playerd ran 8 to 9 of
   them under a burst of calls, each with a malloc arena of its own) and lets each go after
   5 s idle.

   The pool instead keeps `width` workers: one per CPU the process may run on (at least
   CQUIETEXECUTOR_MINIMUM_WIDTH), started as work comes and kept, each waiting on a condition
   variable with no timeout. Jobs run by priority, first come first served within one. Like
   Swift's own pool, it assumes a job does not block for long; when all workers are busy and
   jobs wait, a check every CQUIETEXECUTOR_STALL_CHECK_NANOSECONDS (only then) starts one more
   worker if no job has finished since the last, up to CQUIETEXECUTOR_MOST_WORKERS; those extra
   workers leave once idle. Delayed jobs wait on a dispatch timer of one serial queue, and are
   queued in the pool when due.

   The runtime's hooks for this (swift_task_enqueueGlobal*_hook) are exported by
   libswift_Concurrency for exactly this use; SwiftNIO installs itself the same way.

   The main queue, too: an async main ends in dispatch_main(), which calls pthread_exit() on the
   main thread. That forced unwind loads libgcc_s and walks the program's unwind tables, which
   then stay resident (about 1 MiB of .eh_frame and .eh_frame_hdr in remote-playerd), and it
   leaves the main queue to dispatch's worker threads. swift_task_asyncMainDrainQueue_hook runs
   the main queue on the main thread instead, the way CFRunLoop does: poll() on the queue's
   eventfd, then drain it. */

/* The pool's sizes and its stall check (see above). */
#define CQUIETEXECUTOR_MINIMUM_WIDTH 2
#define CQUIETEXECUTOR_MOST_WORKERS 16
#define CQUIETEXECUTOR_STALL_CHECK_NANOSECONDS (50 * 1000 * 1000)

/* The hooks, one bit each, for what cquietexecutor_install returns. */
enum {
    CQUIETEXECUTOR_MAIN_QUEUE = 1, /* swift_task_asyncMainDrainQueue_hook */
    CQUIETEXECUTOR_GLOBAL = 2,     /* swift_task_enqueueGlobal_hook */
    CQUIETEXECUTOR_DELAY = 4,      /* swift_task_enqueueGlobalWithDelay_hook */
    CQUIETEXECUTOR_DEADLINE = 8,   /* swift_task_enqueueGlobalWithDeadline_hook */
};

/* Installs the hooks, the main queue's included (it takes effect when an async main's body
   first suspends). Call it before anything is awaited: once one monitored worker has
   started, the monitor runs for good. Calling it twice is harmless. A job keeps its priority:
   the pool takes higher priorities first.

   A hook the runtime does not export, or that already holds another executor's function, is
   left alone: those jobs fall back to the runtime's own executor, and a warning line on stderr
   names the hook. Returns the hooks not installed (0 when all are). */
unsigned cquietexecutor_install(void);

/* The pool's workers now, and the number it keeps (for tests and a thread census). */
int cquietexecutor_workers(void);
int cquietexecutor_width(void);

/* Whether the hooks are installed and have taken a job (for a check in tests). */
long cquietexecutor_jobs_taken(void);

/* File descriptors polled by the main thread's own loop, beside the main queue: a descriptor
   ready is handled in the same turn of the main thread, with no hop through dispatch's manager
   thread (which a DispatchSource on the main queue takes: a wake-up of the manager, then of the
   main thread, for every event). For main-thread code only: every call, and every callback, is
   on the main thread, so the registry takes no lock.

   cquietexecutor_serves_main_thread() says whether the loop runs: it does once an async main has
   started with the executor installed (remote-playerd, headsetd). Elsewhere (a test process) it
   returns 0, cquietexecutor_watch() returns 0, and callers use a DispatchSource instead.

   cquietexecutor_watch() polls `fd` for `events` (POLLIN, POLLOUT) and calls `callback` with the
   descriptor, the poll revents and `context` on the main thread whenever it is ready, as poll()
   does: again and again while it stays ready. Returns the watch's id, or 0 when it cannot (the
   loop does not run, or CQUIETEXECUTOR_MOST_WATCHES are in use). cquietexecutor_unwatch() stops a
   watch at once, even from a callback; a callback not yet called in that turn is not. */
#define CQUIETEXECUTOR_MOST_WATCHES 64
typedef void (*cquietexecutor_watch_callback)(int fd, short revents, void *context);
int cquietexecutor_serves_main_thread(void);
int cquietexecutor_watch(int fd, short events, cquietexecutor_watch_callback callback, void *context);
void cquietexecutor_unwatch(int id);

#endif
