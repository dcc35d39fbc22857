/* SPDX-License-Identifier: Apache-2.0 */
#ifndef REMOTEBRIDGE_CEVDEV_H
#define REMOTEBRIDGE_CEVDEV_H
#include <stdint.h>
#include <stddef.h>

/* The evdev ioctls, which Swift cannot call directly (ioctl is variadic). Each returns -1 on
   error (errno set), as ioctl does: a FIFO or regular file answers ENOTTY. */
int cevdev_get_name(int fd, char *buffer, size_t length);
int cevdev_get_id(int fd, uint16_t *bustype, uint16_t *vendor, uint16_t *product, uint16_t *version);
int cevdev_get_key_bits(int fd, uint8_t *bits, size_t length);
int cevdev_get_switch_bits(int fd, uint8_t *bits, size_t length);
int cevdev_get_key_state(int fd, uint8_t *bits, size_t length);
int cevdev_get_switch_state(int fd, uint8_t *bits, size_t length);
int cevdev_grab(int fd, int grab);
/* EVIOCSCLOCKID: the clock the device stamps its events with from now on (CLOCK_MONOTONIC). */
int cevdev_set_clock(int fd, int clock_id);
#endif
