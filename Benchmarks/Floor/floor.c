/* SPDX-License-Identifier: Apache-2.0 */
/* The physical floor for the daemons' footprint, measured beside them by the Footprint
 * benchmark in the same run.
 *
 *   floor BUS_ADDRESS FILE     remote-playerd's job: libmpv with one file loaded, paused, no
 *                              video, no Lua scripts, and libdbus owning an MPRIS name.
 *   floor BUS_ADDRESS FILE --play
 *                              the same, playing the file (the floor for remote-playerd and the
 *                              engine it starts to play, summed).
 *   floor BUS_ADDRESS --fifo=PATH
 *                              headsetd's job: libdbus with two match rules, reading a FIFO.
 *
 * One poll() loop on the main thread; no interface is served. It is the cost of the parts.
 * Built twice: `floor` with libmpv, and `floor-headset` with -DHEADSET_ONLY, which links
 * libdbus alone (linking libmpv costs memory even unused).
 */
#include <dbus/dbus.h>
#include <fcntl.h>
#ifndef HEADSET_ONLY
#include <mpv/client.h>
#endif
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define MAX_WATCHES 8
static DBusWatch *watches[MAX_WATCHES];
static int watch_count;

static dbus_bool_t add_watch(DBusWatch *watch, void *data) {
    (void)data;
    if (watch_count == MAX_WATCHES) return FALSE;
    watches[watch_count++] = watch;
    return TRUE;
}

static void remove_watch(DBusWatch *watch, void *data) {
    (void)data;
    for (int i = 0; i < watch_count; i++)
        if (watches[i] == watch) watches[i] = watches[--watch_count];
}

int main(int argc, char **argv) {
    int play = argc == 4 && strcmp(argv[3], "--play") == 0;
    if (argc != 3 && !play) {
        fprintf(stderr, "usage: floor BUS_ADDRESS FILE [--play] | floor BUS_ADDRESS --fifo=PATH\n");
        return 2;
    }
    void *mpv = NULL;
    int input = -1; /* the mpv wakeup pipe, or the FIFO */
    if (strncmp(argv[2], "--fifo=", 7) == 0) {
        input = open(argv[2] + 7, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (input < 0) return 1;
    } else {
#ifdef HEADSET_ONLY
        return 2;
#else
        mpv = mpv_create();
        const char *options[][2] = {
            {"config", "no"}, {"load-scripts", "no"}, {"load-stats-overlay", "no"}, {"load-osd-console", "no"},
            {"load-auto-profiles", "no"}, {"vo", "null"}, {"video", "no"}, {"ao", "null"},
            {"idle", "yes"}, {"pause", play ? "no" : "yes"}, {"terminal", "no"}, {"input-default-bindings", "no"},
        };
        for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) mpv_set_option_string(mpv, options[i][0], options[i][1]);
        if (!mpv || mpv_initialize(mpv) < 0) return 1;
        const char *load[] = {"loadfile", argv[2], NULL};
        mpv_command(mpv, load);
        mpv_observe_property(mpv, 0, "pause", MPV_FORMAT_FLAG);
        input = mpv_get_wakeup_pipe(mpv);
#endif
    }

    DBusError error;
    dbus_error_init(&error);
    DBusConnection *bus = dbus_connection_open_private(argv[1], &error);
    if (!bus || !dbus_bus_register(bus, &error)) {
        fprintf(stderr, "floor: %s\n", error.message);
        return 1;
    }
    dbus_connection_set_watch_functions(bus, add_watch, remove_watch, NULL, NULL, NULL);
    dbus_bus_request_name(bus, mpv ? "org.mpris.MediaPlayer2.floor" : "io.github.remotebridge.Floor", DBUS_NAME_FLAG_DO_NOT_QUEUE, &error);
    dbus_bus_add_match(bus, "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'", NULL);
    dbus_bus_add_match(bus, "type='signal',interface='org.freedesktop.DBus',member='NameOwnerChanged'", NULL);

    for (;;) {
        struct pollfd fds[MAX_WATCHES + 1];
        int n = 0;
        for (int i = 0; i < watch_count; i++) {
            if (!dbus_watch_get_enabled(watches[i])) continue;
            unsigned flags = dbus_watch_get_flags(watches[i]);
            fds[n].fd = dbus_watch_get_unix_fd(watches[i]);
            fds[n].events = (flags & DBUS_WATCH_READABLE ? POLLIN : 0) | (flags & DBUS_WATCH_WRITABLE ? POLLOUT : 0);
            fds[n++].revents = 0;
        }
        fds[n].fd = input;
        fds[n].events = POLLIN;
        fds[n++].revents = 0;
        if (poll(fds, n, -1) < 0) continue;
        for (int i = 0; i < n - 1; i++)
            for (int j = 0; j < watch_count; j++)
                if (dbus_watch_get_unix_fd(watches[j]) == fds[i].fd && fds[i].revents)
                    dbus_watch_handle(watches[j], (fds[i].revents & POLLIN ? DBUS_WATCH_READABLE : 0) |
                                                      (fds[i].revents & POLLOUT ? DBUS_WATCH_WRITABLE : 0) |
                                                      (fds[i].revents & POLLHUP ? DBUS_WATCH_HANGUP : 0));
        while (dbus_connection_dispatch(bus) == DBUS_DISPATCH_DATA_REMAINS) {}
        if (!dbus_connection_get_is_connected(bus)) return 0;
        if (fds[n - 1].revents) {
            char drain[4096]; /* input_event records from the FIFO, or mpv's wakeup bytes */
            while (read(input, drain, sizeof drain) > 0) {}
            if (!mpv) continue;
#ifndef HEADSET_ONLY
            for (mpv_event *event = mpv_wait_event(mpv, 0); event->event_id != MPV_EVENT_NONE; event = mpv_wait_event(mpv, 0))
                if (event->event_id == MPV_EVENT_SHUTDOWN) return 0;
#endif
        }
    }
}
