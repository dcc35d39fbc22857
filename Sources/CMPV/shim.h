#ifndef REMOTEBRIDGE_CMPV_SHIM_H
#define REMOTEBRIDGE_CMPV_SHIM_H
#include <mpv/client.h>
#include <locale.h>
#include <pthread.h>

/* pthread_setname_np is a GNU extension that Swift's Glibc module does not show. Linux allows
   15 characters. */
extern int pthread_setname_np(pthread_t thread, const char *name);

/* Names the calling thread, so `top -H` and /proc say what it is. */
static inline int rb_name_current_thread(const char *name) { return pthread_setname_np(pthread_self(), name); }
#endif
