/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE
#include "cheap.h"
#include <fcntl.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int cheap_fix_mapped_block_threshold(void) {
    int mapped = mallopt(M_MMAP_THRESHOLD, CHEAP_MAPPED_BLOCK_BYTES);
    int trimmed = mallopt(M_TRIM_THRESHOLD, CHEAP_MAPPED_BLOCK_BYTES);
    return mapped == 1 && trimmed == 1;
}

int cheap_keep_opening_buffers(void) {
    int arenas = mallopt(M_ARENA_MAX, CHEAP_ENGINE_ARENAS);
    int mapped = mallopt(M_MMAP_THRESHOLD, CHEAP_ENGINE_HEAP_BLOCK_BYTES);
    int trimmed = mallopt(M_TRIM_THRESHOLD, CHEAP_ENGINE_KEPT_TOP_BYTES);
    return arenas == 1 && mapped == 1 && trimmed == 1;
}

int cheap_return_free_pages(void) {
    return malloc_trim(0);
}

/* /proc/self/pagemap, one 64-bit entry per page: bit 63 present, bit 61 a file page (or shared
   anonymous memory); a private page the process wrote to is anonymous, with bit 61 clear. */
#define PAGE_PRESENT (1ull << 63)
#define PAGE_FROM_FILE (1ull << 61)

/* Unmaps the present file pages in [start, end); returns the bytes unmapped. */
static long release_file_pages(int pagemap, uintptr_t start, uintptr_t end, uintptr_t page) {
    long released = 0;
    uintptr_t run = 0; /* where the run of file pages being collected starts, or 0 */
    uint64_t entries[512];
    uintptr_t address = start;
    while (address < end) {
        size_t wanted = (end - address) / page;
        if (wanted > sizeof entries / sizeof entries[0]) wanted = sizeof entries / sizeof entries[0];
        ssize_t got = pread(pagemap, entries, wanted * sizeof entries[0], (off_t)(address / page * sizeof entries[0]));
        if (got <= 0) break;
        size_t count = (size_t)got / sizeof entries[0];
        for (size_t index = 0; index < count; index++, address += page) {
            int file_page = (entries[index] & (PAGE_PRESENT | PAGE_FROM_FILE)) == (PAGE_PRESENT | PAGE_FROM_FILE);
            if (file_page && run == 0) run = address;
            if (!file_page && run != 0) {
                if (madvise((void *)run, address - run, MADV_DONTNEED) == 0) released += (long)(address - run);
                run = 0;
            }
        }
        if (count < wanted) break;
    }
    if (run != 0 && madvise((void *)run, address - run, MADV_DONTNEED) == 0) released += (long)(address - run);
    return released;
}

long cheap_release_startup_pages(void) {
    FILE *maps = fopen("/proc/self/maps", "re");
    int pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
    if (maps == NULL || pagemap < 0) {
        if (maps != NULL) fclose(maps);
        if (pagemap >= 0) close(pagemap);
        return -1;
    }
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t self = (uintptr_t)(void *)&cheap_release_startup_pages;
    char line[4352];
    char program[4096] = "";
    /* The file this function's code is in: the executable, which links this statically. */
    while (fgets(line, sizeof line, maps) != NULL) {
        uintptr_t start, end;
        char path[4096] = "";
        if (sscanf(line, "%lx-%lx %*s %*s %*s %*s %4095[^\n]", &start, &end, path) == 3 && start <= self && self < end) {
            memcpy(program, path, sizeof program);
            break;
        }
    }
    long released = 0;
    rewind(maps);
    while (program[0] == '/' && fgets(line, sizeof line, maps) != NULL) {
        uintptr_t start, end;
        char permissions[8] = "", path[4096] = "";
        if (sscanf(line, "%lx-%lx %7s %*s %*s %*s %4095[^\n]", &start, &end, permissions, path) != 4) continue;
        /* Never a writable mapping: a page another thread wrote between the look and the
           madvise would lose what it wrote. */
        if (strcmp(path, program) != 0 || permissions[1] != '-') continue;
        released += release_file_pages(pagemap, start, end, page);
    }
    fclose(maps);
    close(pagemap);
    return released;
}
