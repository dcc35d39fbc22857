/* SPDX-License-Identifier: Apache-2.0 */
/* rb_confine: the layers in their order, and the descriptor layer. */
#define _GNU_SOURCE
#include "cconfinement.h"
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

void rb_note(struct rb_message *message, const char *format, ...) {
    if (message->text == NULL || message->size == 0) return;
    size_t used = strlen(message->text);
    if (used + 1 >= message->size) return;
    if (used > 0) {
        snprintf(message->text + used, message->size - used, "; ");
        used = strlen(message->text);
    }
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message->text + used, message->size - used, format, arguments);
    va_end(arguments);
}

/* Closes [first, last]: close_range when the kernel has it (5.9), else one by one. */
static void close_span(unsigned first, unsigned last) {
    if (first > last) return;
#ifdef SYS_close_range
    if (syscall(SYS_close_range, first, last, 0) == 0) return;
#endif
    struct rlimit limit;
    unsigned end = last;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur - 1 < end)
        end = (unsigned)(limit.rlim_cur - 1);
    if (end > 1u << 20) end = 1u << 20;
    for (unsigned fd = first; fd <= end; fd++) close((int)fd);
}

/* Only 0, 1, 2 and keep_fd stay open: whatever the daemon (or a library before main) leaked, its bus
   connection above all, is gone. stdin and stdout go to /dev/null: the engine talks over keep_fd
   only. stderr stays: crash reports reach the daemon's journal. */
static int confine_descriptors(int keep_fd, struct rb_message *message) {
    if (keep_fd >= 3) {
        close_span(3, (unsigned)keep_fd - 1);
        close_span((unsigned)keep_fd + 1, ~0u);
    } else {
        close_span(3, ~0u);
    }
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null < 0) {
        rb_note(message, "descriptors: open /dev/null: %s", strerror(errno));
        return -1;
    }
    int status = 0;
    for (int fd = 0; fd <= 1; fd++) {
        if (dup2(null, fd) < 0) {
            rb_note(message, "descriptors: dup2 /dev/null onto %d: %s", fd, strerror(errno));
            status = -1;
        }
    }
    if (null > 2 && null != keep_fd) close(null);
    return status < 0 ? -1 : 1;
}

int rb_confine(const struct rb_confinement_request *request, unsigned *applied, int *landlock_abi,
               char *text, size_t text_size) {
    struct rb_message message = {text, text_size};
    if (text != NULL && text_size > 0) text[0] = '\0';
    *applied = 0;
    *landlock_abi = 0;
    if (request == NULL || request->keep_fd == 0 || request->keep_fd == 1 || request->keep_fd < -1) {
        rb_note(&message, "keep_fd must be -1, 2 or a descriptor above 2 (0 and 1 are reopened on /dev/null)");
        return -1;
    }
    int result = confine_descriptors(request->keep_fd, &message);
    if (result < 0) return -1;
    *applied |= RB_CONFINED_DESCRIPTORS;

    /* Before Landlock, which forbids mount(2) to the process, and before seccomp, which forbids unshare. */
    result = rb_confine_namespace(request->hidden_sockets, &message);
    if (result < 0) return -1;
    if (result > 0) *applied |= RB_CONFINED_NAMESPACE;

    /* No setuid program can raise the process's rights again; required by Landlock and by seccomp
       for a process without CAP_SYS_ADMIN. */
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
        rb_note(&message, "no-new-privs: %s", strerror(errno));
        return -1;
    }
    *applied |= RB_CONFINED_NO_NEW_PRIVS;

    int scoped = 0;
    result = rb_confine_landlock(request->writable, landlock_abi, &scoped, &message);
    if (result < 0) return -1;
    if (result > 0) *applied |= RB_CONFINED_LANDLOCK;
    if (scoped) *applied |= RB_CONFINED_LANDLOCK_SCOPES;

    /* Last: the layers above need system calls the filter refuses (unshare, mount, landlock_*). */
    result = rb_confine_seccomp(&message);
    if (result < 0) return -1;
    if (result > 0) *applied |= RB_CONFINED_SECCOMP;
    return 0;
}
