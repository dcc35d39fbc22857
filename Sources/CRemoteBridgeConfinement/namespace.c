/* SPDX-License-Identifier: Apache-2.0 */
/* The namespace layer: the bus sockets hidden behind bind mounts in a private mount namespace.
   Landlock cannot refuse connect() to a path-bound unix socket (connecting is not a filesystem
   access it checks), so without this an engine that guessed $XDG_RUNTIME_DIR/bus could talk to the
   session bus as the user: start services, read secrets, take over the player's name. */
#define _GNU_SOURCE
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <linux/capability.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static int write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    size_t length = strlen(text);
    ssize_t written = write(fd, text, length);
    int saved = errno;
    close(fd);
    errno = saved;
    return written == (ssize_t)length ? 0 : -1;
}

/* Whether the process has `capability` in its effective set. */
static int has_capability(int capability) {
    struct __user_cap_header_struct header = {.version = _LINUX_CAPABILITY_VERSION_3, .pid = 0};
    struct __user_cap_data_struct data[2] = {{0}};
    if (syscall(SYS_capget, &header, data) != 0) return 0;
    return (data[capability / 32].effective >> (capability % 32)) & 1;
}

/* Enters a new user and mount namespace where the process keeps its own uid and gid (mapped onto
   themselves), so files look the same from inside. 1 on success; 0 if the kernel refuses user
   namespaces (unshare fails: nothing changed); -1 if the maps could not be written (half-way). */
static int enter_namespaces(uid_t uid, gid_t gid, struct rb_message *message, const char *stage) {
    /* Mapping uid 0 of the parent namespace needs CAP_SETFCAP there (Linux 5.12): root with an
       empty capability set (a systemd unit's CapabilityBoundingSet=) could unshare, then not map,
       and would be left half-way. Found before anything changes, and skipped like a refusal. */
    if (uid == 0 && !has_capability(CAP_SETFCAP)) {
        rb_note(message, "namespace (%s): uid 0 without CAP_SETFCAP cannot map itself into a user namespace", stage);
        return 0;
    }
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) {
        rb_note(message, "namespace: unshare (%s): %s", stage, strerror(errno));
        return 0;
    }
    char map[64];
    /* setgroups must be denied before an unprivileged process may write gid_map. */
    if (write_file("/proc/self/setgroups", "deny") != 0 && errno != ENOENT) {
        rb_note(message, "namespace: /proc/self/setgroups (%s): %s", stage, strerror(errno));
        return -1;
    }
    snprintf(map, sizeof map, "%u %u 1\n", (unsigned)uid, (unsigned)uid);
    if (write_file("/proc/self/uid_map", map) != 0) {
        rb_note(message, "namespace: uid_map (%s): %s", stage, strerror(errno));
        return -1;
    }
    snprintf(map, sizeof map, "%u %u 1\n", (unsigned)gid, (unsigned)gid);
    if (write_file("/proc/self/gid_map", map) != 0) {
        rb_note(message, "namespace: gid_map (%s): %s", stage, strerror(errno));
        return -1;
    }
    return 1;
}

/* Covers one path: /dev/null bound over a socket (or any other file), so connect() finds a character
   device and fails with ECONNREFUSED while its siblings in the same folder (pulse/native,
   pipewire-0) stay reachable; an empty read-only tmpfs over a directory. */
static int hide(const char *path, struct rb_message *message) {
    struct stat status;
    if (stat(path, &status) != 0) {
        if (errno != ENOENT && errno != ENOTDIR) rb_note(message, "namespace: %s not hidden: stat: %s", path, strerror(errno));
        return 0;
    }
    int result;
    if (S_ISDIR(status.st_mode))
        result = mount("tmpfs", path, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=4k,mode=000");
    else
        result = mount("/dev/null", path, NULL, MS_BIND, NULL);
    if (result != 0) {
        rb_note(message, "namespace: hiding %s: %s", path, strerror(errno));
        return -1;
    }
    return 1;
}

int rb_confine_namespace(const char *const *hidden_sockets, struct rb_message *message) {
    uid_t uid = getuid();
    gid_t gid = getgid();
    int result = enter_namespaces(uid, gid, message, "outer");
    if (result <= 0) return result;
    /* Our mounts must not propagate back to the user's namespace (nor theirs to us). */
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) {
        rb_note(message, "namespace: making / private: %s", strerror(errno));
        return -1;
    }
    for (const char *const *path = hidden_sockets; path != NULL && *path != NULL; path++) {
        if (hide(*path, message) < 0) return -1;
    }
    /* A second user + mount namespace: the mounts above, copied from a namespace owned by a more
       privileged user namespace, become locked (MNT_LOCKED), so even with CAP_SYS_ADMIN in the
       inner namespace they cannot be unmounted to uncover a socket. The seccomp filter (mount,
       umount2) and Landlock (which forbids mount changes) refuse that too: this is the layer that
       holds on a kernel without them. */
    result = enter_namespaces(uid, gid, message, "inner");
    if (result == 0) return -1; /* the outer one worked: a refusal now is unexpected */
    return result;
}
