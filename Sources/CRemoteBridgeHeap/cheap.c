#include "cheap.h"
#include <malloc.h>

int cheap_return_free_pages(void) {
    return malloc_trim(0);
}
