/* SPDX-License-Identifier: Apache-2.0 */
/* The Landlock layer: the whole filesystem read-only, the given writable paths fully writable, and
   (ABI 6) abstract unix sockets and signals scoped to the process. Best effort: the rights the
   kernel's ABI lacks are dropped, and a kernel without Landlock leaves the layer unapplied. */
#define _GNU_SOURCE
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Debian 12's linux/landlock.h stops at ABI 2: the later constants, from the kernel's UAPI. */
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14) /* ABI 3 */
#endif
#ifndef LANDLOCK_ACCESS_FS_IOCTL_DEV
#define LANDLOCK_ACCESS_FS_IOCTL_DEV (1ULL << 15) /* ABI 5 */
#endif
#ifndef LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET
#define LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0) /* ABI 6 */
#endif
#ifndef LANDLOCK_SCOPE_SIGNAL
#define LANDLOCK_SCOPE_SIGNAL (1ULL << 1) /* ABI 6 */
#endif
#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif

/* The ruleset attribute of ABI 6 (handled_access_net from ABI 4, scoped from ABI 6). Older kernels
   accept the larger struct as long as the fields they do not know are zero. */
struct rb_landlock_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

struct rb_landlock_path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

/* The rights that apply to a file (not a directory): a rule on a file with others is EINVAL. */
#define RB_FILE_RIGHTS (LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE | \
                        LANDLOCK_ACCESS_FS_TRUNCATE | LANDLOCK_ACCESS_FS_IOCTL_DEV)

/* Every filesystem right of the ABI: handled means refused unless a rule grants it. */
static uint64_t handled_rights(int abi) {
    uint64_t rights = (LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1; /* ABI 1: bits 0 (EXECUTE) to 12 (MAKE_SYM) */
    if (abi >= 2) rights |= LANDLOCK_ACCESS_FS_REFER;
    if (abi >= 3) rights |= LANDLOCK_ACCESS_FS_TRUNCATE;
    if (abi >= 5) rights |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
    return rights;
}

/* Reading files and listing folders, everywhere: mpv reads media, its libraries, the ALSA, PipeWire
   and PulseAudio configuration, fonts, /proc and /sys. EXECUTE is left out: it is checked by execve
   only; dlopen (ALSA's pulse plugin, PipeWire's SPA plugins) maps libraries with PROT_EXEC, which
   Landlock does not check (rb_probe_dlopen shows it in the tests). */
static const uint64_t read_rights = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;

static int add_rule(int ruleset, const char *path, uint64_t rights, int required, struct rb_message *message) {
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) {
        if (!required && (errno == ENOENT || errno == ENOTDIR)) return 0;
        rb_note(message, "landlock: %s: %s", path, strerror(errno));
        return -1;
    }
    struct stat status;
    if (fstat(fd, &status) == 0 && !S_ISDIR(status.st_mode)) rights &= RB_FILE_RIGHTS;
    struct rb_landlock_path_beneath_attr beneath = {.allowed_access = rights, .parent_fd = fd};
    long result = syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &beneath, 0);
    int saved = errno;
    close(fd);
    if (result != 0) {
        rb_note(message, "landlock: rule for %s: %s", path, strerror(saved));
        return -1;
    }
    return 0;
}

int rb_confine_landlock(const char *const *writable, int *abi_out, int *scoped_out, struct rb_message *message) {
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1) {
        rb_note(message, "landlock: %s", errno == ENOSYS ? "not in this kernel" : errno == EOPNOTSUPP ? "disabled at boot" : strerror(errno));
        return 0;
    }
    *abi_out = (int)abi;
    uint64_t handled = handled_rights((int)abi);
    struct rb_landlock_ruleset_attr attributes = {.handled_access_fs = handled};
    /* Net rights (ABI 4) stay unhandled: the engine streams over TCP from any port. */
    if (abi >= 6) attributes.scoped = LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | LANDLOCK_SCOPE_SIGNAL;
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attributes, sizeof attributes, 0);
    if (ruleset < 0) {
        rb_note(message, "landlock: create_ruleset (ABI %ld): %s", abi, strerror(errno));
        return -1;
    }
    int status = add_rule(ruleset, "/", read_rights, 1, message);
    /* Everything under a writable path: write, create, remove, rename within, truncate, and the ioctls
       of the devices opened there (ALSA's /dev/snd/pcm* and control* are opened O_RDWR and driven by
       ioctl). Refer is included so renames inside one writable tree work. */
    for (const char *const *path = writable; status == 0 && path != NULL && *path != NULL; path++)
        status = add_rule(ruleset, *path, handled, 0, message);
    if (status == 0 && syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) {
        rb_note(message, "landlock: restrict_self: %s", strerror(errno));
        status = -1;
    }
    close(ruleset);
    if (status != 0) return -1;
    if (abi >= 6) *scoped_out = 1;
    else rb_note(message, "landlock: ABI %ld has no scopes (abstract unix sockets reachable)", abi);
    return 1;
}
