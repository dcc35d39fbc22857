/* SPDX-License-Identifier: Apache-2.0 */
/* The probes: one operation each, its errno as the answer, safe whether or not it is allowed. */
#define _GNU_SOURCE
#include "cconfinement.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

int rb_probe_connect_unix(const char *path) {
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    size_t length = strlen(path);
    if (length == 0 || length >= sizeof address.sun_path) return ENAMETOOLONG;
    memcpy(address.sun_path, path, length);
    socklen_t size = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length + 1);
    if (path[0] == '@') {
        /* Abstract: a NUL first byte, the name after it, no terminator counted. */
        address.sun_path[0] = '\0';
        size = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length);
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return errno;
    int result = connect(fd, (struct sockaddr *)&address, size) == 0 ? 0 : errno;
    close(fd);
    return result;
}

int rb_probe_create_file(const char *path) {
    int fd = open(path, O_CREAT | O_WRONLY | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) return errno;
    close(fd);
    return unlink(path) == 0 ? 0 : errno;
}

int rb_probe_exec(void) {
    char *const argv[] = {(char *)"/", NULL};
    char *const envp[] = {NULL};
    syscall(SYS_execve, "/", argv, envp);
    int first = errno;
    if (first != EPERM) return first;
    syscall(SYS_execveat, AT_FDCWD, "/", argv, envp, 0);
    return errno;
}

int rb_probe_fork(void) {
    /* The raw call, as fork makes it: no CLONE_THREAD, SIGCHLD at exit. The child only exits. */
    long child = syscall(SYS_clone, (unsigned long)SIGCHLD, 0UL, NULL, NULL, 0UL);
    if (child < 0) return errno;
    if (child == 0) syscall(SYS_exit_group, 0);
    int status;
    while (waitpid((pid_t)child, &status, 0) < 0 && errno == EINTR) {}
    return 0;
}

static void *thread_body(void *argument) {
    *(int *)argument = 1;
    return NULL;
}

int rb_probe_thread(void) {
    pthread_t thread;
    int ran = 0;
    int result = pthread_create(&thread, NULL, thread_body, &ran);
    if (result != 0) return result;
    pthread_join(thread, NULL);
    return ran ? 0 : ECHILD;
}

int rb_probe_umount(const char *path) {
    return umount2(path, MNT_DETACH) == 0 ? 0 : errno;
}

int rb_probe_dlopen(const char *path) {
    errno = 0;
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return errno != 0 ? errno : ELIBACC;
    dlclose(handle);
    return 0;
}
