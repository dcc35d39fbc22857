/* SPDX-License-Identifier: Apache-2.0 */
/* The seccomp layer: an allowlist of the system calls the engine (mpv, FFmpeg, libpulse,
   libpipewire, ALSA, glibc, the Swift runtime) makes. Anything else fails with ENOSYS, which every
   library treats as "this kernel lacks it" (glibc then falls back: clone3 to clone, and so on);
   the calls that must never work fail with EPERM whatever the list says.
   The list was built from strace runs of the mpv CLI with the engine's options (see
   docs/engine-confinement.md) and widened with what those libraries do on other paths. */
#define _GNU_SOURCE
#include "internal.h"

#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define RB_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define RB_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

/* One entry: a system call number; -1 ends a list. A call this architecture lacks (SYS_open on
   aarch64) is left out by the #ifdef around it. */
#define RB_CALL(name) SYS_##name,

#ifdef RB_AUDIT_ARCH
/* THE LIST. Ordered roughly by how often each is made: the filter tests them in this order. */
static const long allowed[] = {
    /* Locks and waits: every thread (glibc's mutexes and condition variables, Swift's and dispatch's
       locks, mpv's dispatch queues). */
    RB_CALL(futex)
#ifdef SYS_futex_waitv
    RB_CALL(futex_waitv)
#endif
    /* Reading and writing descriptors: media files, sockets, pipes, eventfds; the engine's socketpair. */
    RB_CALL(read) RB_CALL(write) RB_CALL(readv) RB_CALL(writev) RB_CALL(pread64) RB_CALL(pwrite64)
    RB_CALL(preadv) RB_CALL(pwritev) RB_CALL(preadv2) RB_CALL(pwritev2)
    /* Waiting for descriptors: mpv's wakeup pipes (poll), libpulse's and PipeWire's main loops (poll,
       epoll), ALSA (poll), dispatch (epoll), FFmpeg's network code (poll). */
#ifdef SYS_poll
    RB_CALL(poll)
#endif
    RB_CALL(ppoll)
#ifdef SYS_select
    RB_CALL(select)
#endif
    RB_CALL(pselect6)
#ifdef SYS_epoll_wait
    RB_CALL(epoll_wait)
#endif
    RB_CALL(epoll_pwait)
#ifdef SYS_epoll_pwait2
    RB_CALL(epoll_pwait2)
#endif
#ifdef SYS_epoll_create
    RB_CALL(epoll_create)
#endif
    RB_CALL(epoll_create1) RB_CALL(epoll_ctl)
    /* Clocks and sleeps: audio timing, FFmpeg, mpv's timers, Swift's clocks (vDSO usually answers,
       these are its fallbacks). */
    RB_CALL(clock_gettime) RB_CALL(clock_getres) RB_CALL(clock_nanosleep) RB_CALL(nanosleep) RB_CALL(gettimeofday)
#ifdef SYS_time
    RB_CALL(time)
#endif
    /* Sockets: libpulse (pulse/native), libpipewire (pipewire-0), FFmpeg's http/https streams (TCP,
       DNS over UDP, getaddrinfo's netlink), fds passed with SCM_RIGHTS (pulse and PipeWire memfds).
       No listen/accept: the engine serves nothing. */
    RB_CALL(socket) RB_CALL(socketpair) RB_CALL(connect) RB_CALL(bind) RB_CALL(shutdown)
    RB_CALL(sendto) RB_CALL(recvfrom) RB_CALL(sendmsg) RB_CALL(recvmsg) RB_CALL(sendmmsg) RB_CALL(recvmmsg)
    RB_CALL(getsockopt) RB_CALL(setsockopt) RB_CALL(getsockname) RB_CALL(getpeername)
    /* Wakeups and timers as descriptors: PipeWire's loop (eventfd, timerfd), dispatch (eventfd,
       timerfd), libpulse, mpv. */
#ifdef SYS_eventfd
    RB_CALL(eventfd)
#endif
    RB_CALL(eventfd2) RB_CALL(timerfd_create) RB_CALL(timerfd_settime) RB_CALL(timerfd_gettime)
#ifdef SYS_signalfd
    RB_CALL(signalfd)
#endif
    RB_CALL(signalfd4)
    /* Memory: glibc's malloc, the dynamic loader (dlopen of ALSA's and PipeWire's plugins: mmap of
       libraries with PROT_EXEC), FFmpeg's buffers, thread stacks; mlock for libpulse's and ALSA's
       shared buffers; get/set_mempolicy seen from libnuma-aware allocators in the traces; memfd for
       the pulse and PipeWire shared-memory pools (then ftruncate, mmap, sealed with fcntl). */
    RB_CALL(mmap) RB_CALL(munmap) RB_CALL(mremap) RB_CALL(mprotect) RB_CALL(madvise) RB_CALL(brk)
    RB_CALL(msync) RB_CALL(mincore) RB_CALL(mlock) RB_CALL(munlock) RB_CALL(mlock2) RB_CALL(mlockall) RB_CALL(munlockall)
    RB_CALL(get_mempolicy) RB_CALL(set_mempolicy) RB_CALL(mbind) RB_CALL(memfd_create)
#ifdef SYS_membarrier
    RB_CALL(membarrier)
#endif
    /* Files: opening media, libraries, configuration (ALSA's alsa.conf, PipeWire's client.conf, the
       pulse cookie), /proc and /sys (CPU count, thread names). What may be written is Landlock's
       business, not this list's: the writes the libraries make (pulse's POSIX shm fallback in
       /dev/shm, ALSA's /dev/snd) are allowed here and confined there. */
#ifdef SYS_open
    RB_CALL(open)
#endif
    RB_CALL(openat)
#ifdef SYS_openat2
    RB_CALL(openat2)
#endif
    RB_CALL(close)
#ifdef SYS_close_range
    RB_CALL(close_range)
#endif
    RB_CALL(lseek) RB_CALL(fstat) RB_CALL(newfstatat) RB_CALL(statx) RB_CALL(fstatfs) RB_CALL(statfs)
#ifdef SYS_stat
    RB_CALL(stat) RB_CALL(lstat)
#endif
#ifdef SYS_access
    RB_CALL(access)
#endif
    RB_CALL(faccessat)
#ifdef SYS_faccessat2
    RB_CALL(faccessat2)
#endif
#ifdef SYS_readlink
    RB_CALL(readlink)
#endif
    RB_CALL(readlinkat) RB_CALL(getdents64) RB_CALL(getcwd) RB_CALL(chdir) RB_CALL(fchdir)
    RB_CALL(fcntl) RB_CALL(dup) RB_CALL(dup3)
#ifdef SYS_dup2
    RB_CALL(dup2)
#endif
#ifdef SYS_pipe
    RB_CALL(pipe)
#endif
    RB_CALL(pipe2) RB_CALL(ioctl) RB_CALL(flock) RB_CALL(fsync) RB_CALL(fdatasync) RB_CALL(ftruncate)
    RB_CALL(fadvise64) RB_CALL(sendfile) RB_CALL(splice) RB_CALL(umask)
    RB_CALL(inotify_init1) RB_CALL(inotify_add_watch) RB_CALL(inotify_rm_watch)
    /* Creating and removing (libpulse's mkdir of $XDG_RUNTIME_DIR/pulse, which exists: EEXIST; the
       POSIX shm fallback's unlink; ALSA dmix's chmod): Landlock confines where. */
#ifdef SYS_mkdir
    RB_CALL(mkdir) RB_CALL(unlink) RB_CALL(rename) RB_CALL(chmod)
#endif
    RB_CALL(mkdirat) RB_CALL(unlinkat) RB_CALL(renameat2) RB_CALL(fchmod) RB_CALL(fchmodat)
    /* SysV shared memory and semaphores: ALSA's dmix and dsnoop plugins share the card with them. */
    RB_CALL(shmget) RB_CALL(shmat) RB_CALL(shmdt) RB_CALL(shmctl)
    RB_CALL(semget) RB_CALL(semop) RB_CALL(semtimedop) RB_CALL(semctl)
    /* Threads: pthread_create (clone is checked separately below: threads only), thread exit, robust
       futex lists, rseq, names (PR_SET_NAME), signals to one's own threads (pthread_kill, raise). */
    RB_CALL(set_robust_list) RB_CALL(get_robust_list) RB_CALL(set_tid_address) RB_CALL(rseq)
    RB_CALL(exit) RB_CALL(exit_group) RB_CALL(gettid) RB_CALL(getpid) RB_CALL(getppid)
    RB_CALL(tgkill) RB_CALL(tkill) RB_CALL(prctl) RB_CALL(sched_yield)
#ifdef SYS_arch_prctl
    RB_CALL(arch_prctl)
#endif
    /* kill: glibc's abort and liveness checks (kill(pid, 0)); Landlock's signal scope (ABI 6) keeps
       it from reaching processes outside the engine. wait4/waitid: harmless, no child can exist. */
    RB_CALL(kill) RB_CALL(wait4) RB_CALL(waitid)
    /* Scheduling: mpv's and PipeWire's audio threads ask for priority (rtkit is over D-Bus, hidden;
       they fall back to sched_setscheduler/setpriority within RLIMIT_RTPRIO/RLIMIT_NICE); FFmpeg and
       Swift count CPUs with sched_getaffinity. */
    RB_CALL(sched_getaffinity) RB_CALL(sched_setaffinity) RB_CALL(sched_getparam) RB_CALL(sched_setparam)
    RB_CALL(sched_getscheduler) RB_CALL(sched_setscheduler) RB_CALL(sched_get_priority_max)
    RB_CALL(sched_get_priority_min) RB_CALL(sched_getattr) RB_CALL(sched_setattr)
    RB_CALL(getpriority) RB_CALL(setpriority) RB_CALL(ioprio_get) RB_CALL(ioprio_set) RB_CALL(getcpu)
    /* Signals: handlers (mpv, the Swift runtime's crash handler), masks, alternate stacks. */
    RB_CALL(rt_sigaction) RB_CALL(rt_sigprocmask) RB_CALL(rt_sigreturn) RB_CALL(rt_sigtimedwait)
    RB_CALL(rt_sigsuspend) RB_CALL(rt_sigpending) RB_CALL(rt_sigqueueinfo) RB_CALL(rt_tgsigqueueinfo) RB_CALL(sigaltstack)
    RB_CALL(restart_syscall)
#ifdef SYS_alarm
    RB_CALL(alarm)
#endif
    RB_CALL(getitimer) RB_CALL(setitimer)
    /* Who and where: libpulse finds its runtime folder and cookie by uid, libcap and PipeWire read
       capabilities (capget, prctl PR_CAPBSET_READ), uname, limits (libpulse raises RLIMIT_RTTIME). */
    RB_CALL(getuid) RB_CALL(geteuid) RB_CALL(getgid) RB_CALL(getegid) RB_CALL(getgroups)
    RB_CALL(getresuid) RB_CALL(getresgid) RB_CALL(getpgid) RB_CALL(getsid) RB_CALL(capget)
#ifdef SYS_getpgrp
    RB_CALL(getpgrp)
#endif
    RB_CALL(uname) RB_CALL(sysinfo) RB_CALL(getrusage) RB_CALL(times) RB_CALL(prlimit64) RB_CALL(getrlimit) RB_CALL(setrlimit)
    /* Randomness: glibc's malloc and hashing, FFmpeg's TLS (gnutls), Swift's hashing seed. */
    RB_CALL(getrandom)
    -1,
};

/* The calls that must never work, refused with EPERM (an explicit refusal, unlike ENOSYS): running
   another program (it would escape Landlock's and seccomp's grip on the engine's own code only in
   name, and is the first step of any exploit), reading or writing other processes, changing
   mounts or namespaces (uncovering the hidden bus), loading kernel code, keyrings, and the
   kernel's broadest attack surfaces (bpf, userfaultfd, perf, io_uring, which also bypasses this
   filter). fork and vfork: the engine makes threads only. */
static const long refused[] = {
    RB_CALL(execve) RB_CALL(execveat) RB_CALL(ptrace) RB_CALL(process_vm_readv) RB_CALL(process_vm_writev)
    RB_CALL(mount) RB_CALL(umount2) RB_CALL(pivot_root) RB_CALL(chroot) RB_CALL(unshare) RB_CALL(setns)
#ifdef SYS_open_tree
    RB_CALL(open_tree) RB_CALL(move_mount) RB_CALL(fsopen) RB_CALL(fsconfig) RB_CALL(fsmount) RB_CALL(fspick)
#endif
#ifdef SYS_mount_setattr
    RB_CALL(mount_setattr)
#endif
    RB_CALL(bpf) RB_CALL(kexec_load)
#ifdef SYS_kexec_file_load
    RB_CALL(kexec_file_load)
#endif
    RB_CALL(init_module) RB_CALL(finit_module) RB_CALL(delete_module)
    RB_CALL(keyctl) RB_CALL(add_key) RB_CALL(request_key) RB_CALL(personality) RB_CALL(userfaultfd) RB_CALL(perf_event_open)
#ifdef SYS_fork
    RB_CALL(fork) RB_CALL(vfork)
#endif
#ifdef SYS_io_uring_setup
    RB_CALL(io_uring_setup) RB_CALL(io_uring_enter) RB_CALL(io_uring_register)
#endif
    RB_CALL(open_by_handle_at) RB_CALL(name_to_handle_at) RB_CALL(process_madvise) RB_CALL(pidfd_getfd)
    RB_CALL(kcmp) RB_CALL(seccomp) RB_CALL(setuid) RB_CALL(setgid) RB_CALL(setreuid) RB_CALL(setregid)
    RB_CALL(setresuid) RB_CALL(setresgid) RB_CALL(setgroups) RB_CALL(setfsuid) RB_CALL(setfsgid) RB_CALL(capset)
    RB_CALL(reboot) RB_CALL(swapon) RB_CALL(swapoff) RB_CALL(acct) RB_CALL(syslog) RB_CALL(quotactl)
    RB_CALL(sethostname) RB_CALL(setdomainname) RB_CALL(settimeofday) RB_CALL(clock_settime) RB_CALL(clock_adjtime)
    RB_CALL(adjtimex) RB_CALL(vhangup) RB_CALL(mknodat)
#ifdef SYS_iopl
    RB_CALL(iopl) RB_CALL(ioperm)
#endif
#ifdef SYS_uselib
    RB_CALL(uselib) RB_CALL(mknod)
#endif
    -1,
};

/* clone() is the one call whose arguments matter: a thread (CLONE_THREAD) is allowed, a process
   (fork, vfork, posix_spawn: no CLONE_THREAD) and any new namespace are refused with EPERM. clone3
   passes its flags in memory, which a filter cannot read: it gets ENOSYS, and glibc falls back to clone. */
#define RB_CLONE_NAMESPACES (CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET)

#define RB_MAX_FILTER 1024

static size_t count(const long *list) {
    size_t n = 0;
    while (list[n] != -1) n++;
    return n;
}

int rb_confine_seccomp(struct rb_message *message) {
    static struct sock_filter filter[RB_MAX_FILTER];
    size_t n = 0;
    size_t needed = 16 + 2 * (count(allowed) + count(refused));
    if (needed > RB_MAX_FILTER) {
        rb_note(message, "seccomp: the filter has %zu instructions, more than %d", needed, RB_MAX_FILTER);
        return -1;
    }
#define EMIT(instruction) (filter[n++] = (struct sock_filter)instruction)
    /* A call from another ABI (i386 through int 0x80 on x86_64) has other numbers: kill. */
    EMIT(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, RB_AUDIT_ARCH, 1, 0));
    EMIT(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
    EMIT(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)));
#if defined(__x86_64__)
    /* x32 calls share AUDIT_ARCH_X86_64 with bit 30 set in the number: refused. */
    EMIT(BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1));
    EMIT(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM));
#endif
    /* clone: threads only, no namespaces. The flags are the low word of the first argument. */
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, 5));
    EMIT(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, RB_CLONE_NAMESPACES, 2, 0));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 0, 1));
    EMIT(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
    EMIT(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM));
    for (const long *call = refused; *call != -1; call++) {
        EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)*call, 0, 1));
        EMIT(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM));
    }
    for (const long *call = allowed; *call != -1; call++) {
        EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)*call, 0, 1));
        EMIT(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
    }
    /* Anything else: "not in this kernel", which libraries handle by falling back. */
    EMIT(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS));
#undef EMIT
    struct sock_fprog program = {.len = (unsigned short)n, .filter = filter};
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0) != 0) {
        if (errno == EINVAL) {
            rb_note(message, "seccomp: filters not in this kernel");
            return 0;
        }
        rb_note(message, "seccomp: %s", strerror(errno));
        return -1;
    }
    return 1;
}
#else
int rb_confine_seccomp(struct rb_message *message) {
    rb_note(message, "seccomp: no system call list for this architecture");
    return 0;
}
#endif
