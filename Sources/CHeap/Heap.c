#include "CHeap.h"

/* A C library header first: it is what defines __GLIBC__ (through <features.h>). */
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

size_t ar_heap_free_bytes(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    return mallinfo2().fordblks;
#else
    return 0;
#endif
}

int ar_heap_trim(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}
