/* SPDX-License-Identifier: Apache-2.0 */
#ifndef REMOTEBRIDGE_PROCESS_H
#define REMOTEBRIDGE_PROCESS_H
/* What RemoteBridgeProcess needs from the C library that Swift's Glibc module does not show:
   pipe2, posix_spawn_file_actions_addclosefrom_np, posix_spawn_file_actions_addchdir_np and
   pthread_setname_np are GNU extensions, visible only to _GNU_SOURCE code; PR_SET_PDEATHSIG and
   pidfd_open have no wrapper of their own. */
#include <spawn.h>

/* pipe2(fds, O_CLOEXEC): both ends close on exec from the start, so a program another thread
   starts meanwhile cannot inherit them. */
int rb_process_pipe_cloexec(int fds[2]);

/* The child closes every descriptor from `from` up, whatever the parent's libraries left
   without close-on-exec (glibc 2.34). */
int rb_process_addclosefrom(posix_spawn_file_actions_t *actions, int from);

/* The child changes to `path` before it runs the program (glibc 2.29). */
int rb_process_addchdir(posix_spawn_file_actions_t *actions, const char *path);

/* Names the calling thread (pthread_setname_np), so `top -H` and /proc say what it is. Linux
   allows 15 characters. */
int rb_process_name_current_thread(const char *name);

/* Has the kernel kill this process (SIGKILL) when the thread that started it ends; returns the
   parent's process ID as it stands after that, so a caller can tell that the parent had already
   gone (1, or a subreaper's). ChildProcess's watching thread lives exactly as long as the child. */
int rb_process_die_with_parent(void);

/* A descriptor that polls readable when process `pid` (any process, not only a child) ends
   (pidfd_open, Linux 5.3); -1 with errno. */
int rb_process_pidfd_open(int pid);

#endif
