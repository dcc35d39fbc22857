/* SPDX-License-Identifier: Apache-2.0 */
#ifndef REMOTEBRIDGE_CCONFINEMENT_H
#define REMOTEBRIDGE_CCONFINEMENT_H
#include <stddef.h>

/* The confinement of remotebridge-engine (mpv's process), applied once in its main before libmpv
   starts and before any thread exists, so every layer covers every thread mpv makes later.
   Each layer is applied when the kernel has it; rb_confine reports which ones were. */

/* What to confine with. */
struct rb_confinement_request {
    /* The one descriptor kept besides 0, 1 and 2 (the engine's socketpair end), or -1. Must not be 0 or 1:
       those are reopened on /dev/null. */
    int keep_fd;
    /* NULL-terminated (or NULL): the paths under which the process may write, create and remove
       (Landlock). Paths that do not exist are skipped. Everything else is read-only. */
    const char *const *writable;
    /* NULL-terminated (or NULL): unix socket paths made unreachable (a bind mount of /dev/null over
       each, in a private mount namespace). Paths that do not exist are skipped. */
    const char *const *hidden_sockets;
};

/* The layers rb_confine applied (bits of *applied). */
enum {
    RB_CONFINED_DESCRIPTORS = 1,     /* every other descriptor closed; stdin and stdout on /dev/null */
    RB_CONFINED_NO_NEW_PRIVS = 2,    /* PR_SET_NO_NEW_PRIVS */
    RB_CONFINED_NAMESPACE = 4,       /* user + mount namespace, hidden_sockets covered (and the mounts locked) */
    RB_CONFINED_LANDLOCK = 8,        /* filesystem read-only except `writable` */
    RB_CONFINED_LANDLOCK_SCOPES = 16,/* abstract unix sockets and signals scoped to the process (Landlock ABI >= 6) */
    RB_CONFINED_SECCOMP = 32,        /* the system call allowlist */
};

/* Applies every layer the kernel has, in order: descriptors, namespace, no-new-privs, Landlock,
   seccomp. Must be called while the process has one thread.
   Returns 0 on success: *applied holds the RB_CONFINED_ bits, *landlock_abi the kernel's Landlock
   ABI (0 without Landlock), and `message` says why each missing layer is missing ("" if none is).
   Returns -1 on a hard failure (a layer the kernel has failed half-way, or a bad request), with
   the reason in `message`; the process should then exit, as it may be partly confined. */
int rb_confine(const struct rb_confinement_request *request, unsigned *applied, int *landlock_abi,
               char *message, size_t message_size);

/* Probes, run INSIDE a confined process by tests and diagnostics. Each returns 0 when the
   operation succeeded, else its errno. None of them can replace or harm the process. */

/* connect() of a SOCK_STREAM unix socket to `path`, or to the abstract name after '@' ("@name"). */
int rb_probe_connect_unix(const char *path);
/* open(O_CREAT|O_WRONLY|O_EXCL) of `path`, then unlink. */
int rb_probe_create_file(const char *path);
/* execve, then execveat, of "/": a directory, which no kernel executes (EACCES), so the process is
   never replaced. The seccomp filter refuses both before the path is looked at (EPERM). Returns
   execve's errno unless it is EPERM, then execveat's: EPERM means both were refused by the filter. */
int rb_probe_exec(void);
/* clone() without CLONE_THREAD (what fork does): 0 if a child was made (it exits at once and is
   reaped), else the errno. */
int rb_probe_fork(void);
/* A thread made with pthread_create, joined: 0 if it ran. */
int rb_probe_thread(void);
/* umount2(path, MNT_DETACH): what a process would try to uncover a hidden socket. */
int rb_probe_umount(const char *path);
/* dlopen(path, RTLD_NOW) then dlclose: what mpv's, ALSA's and PipeWire's plugins need. 0 if it loaded;
   else errno if dlopen set one, else ELIBACC. */
int rb_probe_dlopen(const char *path);
#endif
