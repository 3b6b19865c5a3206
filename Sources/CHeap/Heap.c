#include "CHeap.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int ar_heap_map_blocks_from(int bytes) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, bytes) == 1 ? 1 : 0;
#else
    (void)bytes;
    return 1;
#endif
}
