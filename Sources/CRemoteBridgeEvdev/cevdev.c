/* SPDX-License-Identifier: Apache-2.0 */
#include "cevdev.h"
#include <linux/input.h>
#include <sys/ioctl.h>

int cevdev_get_name(int fd, char *buffer, size_t length) {
    return ioctl(fd, EVIOCGNAME(length), buffer);
}

int cevdev_get_id(int fd, uint16_t *bustype, uint16_t *vendor, uint16_t *product, uint16_t *version) {
    struct input_id id;
    int result = ioctl(fd, EVIOCGID, &id);
    if (result >= 0) {
        *bustype = id.bustype;
        *vendor = id.vendor;
        *product = id.product;
        *version = id.version;
    }
    return result;
}

int cevdev_get_key_bits(int fd, uint8_t *bits, size_t length) {
    return ioctl(fd, EVIOCGBIT(EV_KEY, length), bits);
}

int cevdev_get_switch_bits(int fd, uint8_t *bits, size_t length) {
    return ioctl(fd, EVIOCGBIT(EV_SW, length), bits);
}

int cevdev_get_key_state(int fd, uint8_t *bits, size_t length) {
    return ioctl(fd, EVIOCGKEY(length), bits);
}

int cevdev_get_switch_state(int fd, uint8_t *bits, size_t length) {
    return ioctl(fd, EVIOCGSW(length), bits);
}

int cevdev_grab(int fd, int grab) {
    return ioctl(fd, EVIOCGRAB, grab);
}

int cevdev_set_clock(int fd, int clock_id) {
    return ioctl(fd, EVIOCSCLOCKID, &clock_id);
}
