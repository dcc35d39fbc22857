/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE
#include "process.h"
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int rb_process_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int rb_process_addclosefrom(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

int rb_process_addchdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

int rb_process_name_current_thread(const char *name) { return pthread_setname_np(pthread_self(), name); }

int rb_process_die_with_parent(void) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    return getppid();
}

int rb_process_pidfd_open(int pid) { return (int)syscall(SYS_pidfd_open, pid, 0); }
