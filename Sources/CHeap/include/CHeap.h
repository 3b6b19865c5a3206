#ifndef ALBUMREPORT_CHEAP_H
#define ALBUMREPORT_CHEAP_H

#include <stddef.h>

/* Bytes glibc holds free in its arenas (mallinfo2's fordblks); 0 without glibc 2.33 or later. */
size_t ar_heap_free_bytes(void);

/* malloc_trim(0): gives the pages of free chunks back to the system, inside every arena as well as
   at its top. Returns 1 when memory was released, 0 otherwise (and without glibc). */
int ar_heap_trim(void);

#endif
