#ifndef ALBUMREPORT_CHEAP_H
#define ALBUMREPORT_CHEAP_H

/* One C call Swift's Glibc module does not expose: mallopt(M_MMAP_THRESHOLD), which fixes the
   size from which glibc serves a block from its own mapping (returned to the system when freed).
   Returns 1 when the C library took it, 0 when it refused, and 1 where there is no glibc (nothing
   to set). */
int ar_heap_map_blocks_from(int bytes);

#endif
