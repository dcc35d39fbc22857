/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE
#include "cquietexecutor.h"
#include "mainwatches.h"

#include <errno.h>
#include <poll.h>
#include <stdatomic.h>
#include <sys/eventfd.h>

/* The file descriptors the main thread polls beside the main queue's eventfd. Touched only on
   the main thread: by the loop, and by watch/unwatch, which callers make on the main actor. */
struct main_watch {
    int id; /* 0: a free slot */
    int fd;
    short events;
    cquietexecutor_watch_callback callback;
    void *context;
};
static struct main_watch watches[CQUIETEXECUTOR_MOST_WATCHES];
static int last_id;

/* Whether a watch holds `id` now. */
static int in_use(int id) {
    for (int slot = 0; slot < CQUIETEXECUTOR_MOST_WATCHES; slot++) {
        if (watches[slot].id == id) return 1;
    }
    return 0;
}
static atomic_int serving;

int cquietexecutor_serves_main_thread(void) {
    return atomic_load_explicit(&serving, memory_order_acquire);
}

int cquietexecutor_watch(int fd, short events, cquietexecutor_watch_callback callback, void *context) {
    if (!cquietexecutor_serves_main_thread() || fd < 0 || callback == NULL) return 0;
    for (int slot = 0; slot < CQUIETEXECUTOR_MOST_WATCHES; slot++) {
        if (watches[slot].id != 0) continue;
        /* Ids are handed out in turn (one per send that fills the socket, as libdbus turns its
           write watch on), and after 2^31 they start again: never one still in use. */
        do {
            last_id = last_id == 0x7fffffff ? 1 : last_id + 1;
        } while (in_use(last_id));
        watches[slot] = (struct main_watch){
            .id = last_id, .fd = fd, .events = events, .callback = callback, .context = context};
        return last_id;
    }
    return 0;
}

void cquietexecutor_unwatch(int id) {
    if (id == 0) return;
    for (int slot = 0; slot < CQUIETEXECUTOR_MOST_WATCHES; slot++) {
        if (watches[slot].id == id) {
            watches[slot] = (struct main_watch){0};
            return;
        }
    }
}

void main_watches_serve(int queue_handle, void (*drain_queue)(void)) {
    atomic_store_explicit(&serving, 1, memory_order_release);
    struct pollfd polled[1 + CQUIETEXECUTOR_MOST_WATCHES];
    int ids[1 + CQUIETEXECUTOR_MOST_WATCHES];
    for (;;) {
        drain_queue();
        int count = 1;
        polled[0] = (struct pollfd){.fd = queue_handle, .events = POLLIN};
        for (int slot = 0; slot < CQUIETEXECUTOR_MOST_WATCHES; slot++) {
            if (watches[slot].id == 0) continue;
            polled[count] = (struct pollfd){.fd = watches[slot].fd, .events = watches[slot].events};
            ids[count] = watches[slot].id;
            count++;
        }
        while (poll(polled, (nfds_t)count, -1) < 0 && errno == EINTR) {
        }
        if (polled[0].revents != 0) {
            eventfd_t signalled;
            (void)eventfd_read(queue_handle, &signalled);
        }
        /* A callback may remove watches, its own or others': each is looked up again by its id. */
        for (int index = 1; index < count; index++) {
            if (polled[index].revents == 0) continue;
            for (int slot = 0; slot < CQUIETEXECUTOR_MOST_WATCHES; slot++) {
                if (watches[slot].id != ids[index]) continue;
                watches[slot].callback(watches[slot].fd, polled[index].revents, watches[slot].context);
                break;
            }
        }
    }
}
