#include "cheap.h"
#include <malloc.h>

int cheap_fix_mapped_block_threshold(void) {
    int mapped = mallopt(M_MMAP_THRESHOLD, CHEAP_MAPPED_BLOCK_BYTES);
    int trimmed = mallopt(M_TRIM_THRESHOLD, CHEAP_MAPPED_BLOCK_BYTES);
    return mapped == 1 && trimmed == 1;
}

int cheap_return_free_pages(void) {
    return malloc_trim(0);
}
