/* SPDX-License-Identifier: Apache-2.0 */
#ifndef REMOTEBRIDGE_CMPV_SHIM_H
#define REMOTEBRIDGE_CMPV_SHIM_H
#include <mpv/client.h>
#include <locale.h>

#include <dlfcn.h>

/* Drops a message of libasound (ALSA's library), which otherwise writes "ALSA lib …" lines to
   stderr for each output mpv tries and cannot open; mpv says what failed in its own log. */
static void rb_alsa_drop_message(const char *file, int line, const char *function, int error, const char *format, ...) {
    (void)file; (void)line; (void)function; (void)error; (void)format;
}

/* Gives libasound, as loaded with libmpv, the handler above. Returns whether it was set (false
   when libasound is not loaded, as in an mpv built without ALSA). */
static inline int rb_silence_alsa_library(void) {
    void *library = dlopen("libasound.so.2", RTLD_LAZY | RTLD_NOLOAD);
    if (!library) return 0;
    int (*setHandler)(void *) = (int (*)(void *))dlsym(library, "snd_lib_error_set_handler");
    int done = setHandler && setHandler((void *)rb_alsa_drop_message) == 0;
    dlclose(library);
    return done;
}
#endif
