/* SPDX-License-Identifier: Apache-2.0 */
#ifndef REMOTEBRIDGE_CHEAP_H
#define REMOTEBRIDGE_CHEAP_H
/* The daemons' and the engine's memory housekeeping: glibc's heap, and the pages of their own program. Nothing
   else lives here. <malloc.h> is not in Swift's Glibc module, hence this shim. */

/* The size from which glibc serves a block with a mapping of its own (mmap), given back to the
   kernel the moment it is freed; also the free space at the top of a heap past which glibc
   shrinks it. 128 KiB, glibc's own starting value, kept for good. */
#define CHEAP_MAPPED_BLOCK_BYTES (128 * 1024)

/* Keeps large blocks out of the heaps, for a process that lives for weeks. Call it first thing
   in main, before any thread starts.

   glibc starts by mapping each block of 128 KiB or more on its own, and by default it raises
   that threshold (up to 32 MiB) whenever such a block is freed, so that the next one of that
   size comes from a heap instead. A heap keeps what is freed in it. mpv allocates and zeroes a
   10 MiB probe buffer for every file it opens (demux_lavf.c, PROBE_BUF_SIZE), on the thread
   that opens it, which is a new thread each time: after the first, every such buffer came from
   the opening thread's arena, and each of the up to 8 arenas per core kept 10 to 20 MiB of
   touched pages after a burst of track changes (RSS 62 to 286 MiB, /proc/PID/smaps). Fixing the
   threshold (mallopt turns glibc's adjustment off) maps and unmaps those buffers instead; the
   heap-top trim threshold is fixed with it. Returns 1 when both were set. */
int cheap_fix_mapped_block_threshold(void);

/* For remotebridge-engine, whose mpv opens files in bursts (a held Next key, a client skipping
   through a queue): glibc's settings that keep mpv's per-file probe buffer in the heap.

   mpv allocates and zeroes a 10 MiB probe buffer for every file it opens (demux_lavf.c,
   PROBE_BUF_SIZE), on a new thread each time. With glibc's defaults, where that buffer comes
   from depends on which arena the thread lands on and on what the dynamic threshold has become:
   in a burst of track changes, every few opens got fresh pages again (the heap-top trim had given
   them back, or the buffer was mapped on its own), each page faulted in and cleared before mpv
   zeroed it once more: 70 000 to 100 000 page faults a second under 8 busy D-Bus clients, the
   engine's largest cost, and 130 to 470 per file in a test's burst of 60 (2 561 for a fresh
   buffer). Here the buffer always comes from the one arena, the main heap, below the fixed
   threshold for a mapping of its own, and the heap keeps up to CHEAP_ENGINE_KEPT_TOP_BYTES free at
   its top, room for the buffers of six opens at once (an open aborted by the next one still
   runs a while), so the next open reuses touched pages: 2 faults per file in that burst, and
   none a second under the 8 clients. With 32 MiB kept, a burst's overlapping opens still freed
   more than that at times, and the trim that followed cost 23 000 to 38 000 faults a second.

   One arena, not a few: malloc_trim gives back the main heap's free top, but not another arena's
   (glibc's mtrim), so with two the burst's free space stayed (RSS 84 to 94 MiB after it, against
   64 with one). Every thread of mpv then shares one lock; its small blocks come from per-thread
   caches (tcache) without it. What a burst leaves free is given back by cheap_return_free_pages
   once the engine has opened nothing for a while (EngineHeap in RemoteBridgeEngine).

   Call this first thing in main, before any thread starts. Returns 1 when every setting was
   taken. */
#define CHEAP_ENGINE_ARENAS 1
#define CHEAP_ENGINE_HEAP_BLOCK_BYTES (16 * 1024 * 1024)
#define CHEAP_ENGINE_KEPT_TOP_BYTES (64 * 1024 * 1024)
int cheap_keep_opening_buffers(void);

/* Returns the heap's free pages to the kernel; 1 if any memory was released.

   Loading a large queue (100 000 playlist lines, each read, checked and stored) leaves free
   memory behind in the heap: glibc gives back only the top of the heap by itself, and keeps
   free pages in the middle resident. malloc_trim(0) hands every whole free page back to the
   kernel (madvise), so the daemon's RSS after a load is what it holds, not what it once
   needed. */
int cheap_return_free_pages(void);

/* Lets go of the code and constants start-up touched: every page of the executable's read-only
   mappings that is still the file's own (not one the dynamic loader wrote, as the relocated RELRO
   pages are) is unmapped with MADV_DONTNEED. The page cache keeps them; a page used again comes
   back on its first touch, from the cache (a minor fault).

   The link order (scripts/hot-functions.order) puts what a daemon runs after start-up first and
   what only start-up runs (argument parsing, the configuration and state readers, the runtime's
   one-time set-up) after it, on pages of their own: once let go, those are not touched again.
   Call it once, when start-up is over. Returns the bytes unmapped, or -1 when the mappings
   could not be read. */
long cheap_release_startup_pages(void);

#endif
