#ifndef REMOTEBRIDGE_CQUIETEXECUTOR_H
#define REMOTEBRIDGE_CQUIETEXECUTOR_H
/* Swift concurrency's global executor, moved to libdispatch's overcommit pool, so that an idle
   daemon is not woken once a second.

   On Linux the global executor runs jobs on dispatch's default (non-overcommit) root queue,
   and delayed jobs (Task.sleep) on a timer aimed at it. The first worker thread of that queue
   starts dispatch's thread-pool monitor (_dispatch_workq_monitor_pools): a one-second timer on
   the manager thread that is never cancelled. Workers of the overcommit root queue are not
   monitored. Nothing else changes: jobs still run concurrently on dispatch worker threads,
   and an idle worker still leaves after a few seconds.

   The runtime's hooks for this (swift_task_enqueueGlobal*_hook) are exported by
   libswift_Concurrency for exactly this use; SwiftNIO installs itself the same way.

   The main queue, too: an async main ends in dispatch_main(), which calls pthread_exit() on the
   main thread. That forced unwind loads libgcc_s and walks the program's unwind tables, which
   then stay resident (about 1 MiB of .eh_frame and .eh_frame_hdr in remote-playerd), and it
   leaves the main queue to dispatch's worker threads. swift_task_asyncMainDrainQueue_hook runs
   the main queue on the main thread instead, the way CFRunLoop does: poll() on the queue's
   eventfd, then drain it. */

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
   it runs on the overcommit pool of that qos class.

   A hook the runtime does not export, or that already holds another executor's function, is
   left alone: those jobs fall back to the runtime's own executor, and a warning line on stderr
   names the hook. Returns the hooks not installed (0 when all are). */
unsigned cquietexecutor_install(void);

/* Whether the hooks are installed and have taken a job (for a check in tests). */
long cquietexecutor_jobs_taken(void);

#endif
