/* SPDX-License-Identifier: Apache-2.0 */
#ifndef REMOTEBRIDGE_CCONFINEMENT_INTERNAL_H
#define REMOTEBRIDGE_CCONFINEMENT_INTERNAL_H
#include <stddef.h>

/* A message buffer the layers append to: notes about layers not applied, or the hard failure. */
struct rb_message {
    char *text;
    size_t size;
};

/* Appends "; "-separated text (printf-style) to the message, truncating when it is full. */
void rb_note(struct rb_message *message, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Each layer: 1 if applied, 0 if the kernel lacks it (a note says why), -1 on a hard failure. */
int rb_confine_namespace(const char *const *hidden_sockets, struct rb_message *message);
int rb_confine_landlock(const char *const *writable, int *abi, int *scoped, struct rb_message *message);
int rb_confine_seccomp(struct rb_message *message);
#endif
