#ifndef REMOTEBRIDGE_CHEAP_H
#define REMOTEBRIDGE_CHEAP_H
/* glibc's heap, as the daemons need it. Nothing else lives here.

   Loading a large queue (100 000 playlist lines, each read, checked and stored) leaves free
   memory behind in the heap: glibc gives back only the top of the heap by itself, and keeps
   free pages in the middle resident. malloc_trim(0) hands every whole free page back to the
   kernel (madvise), so the daemon's RSS after a load is what it holds, not what it once
   needed. <malloc.h> is not in Swift's Glibc module, hence this shim. */

/* Returns the heap's free pages to the kernel; 1 if any memory was released. */
int cheap_return_free_pages(void);

#endif
