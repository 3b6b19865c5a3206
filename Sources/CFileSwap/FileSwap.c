#define _GNU_SOURCE
#include "CFileSwap.h"

#include <errno.h>
#include <stdio.h>

#if defined(__APPLE__)
int albumreport_exchange_paths(const char *first, const char *second) {
    return renamex_np(first, second, RENAME_SWAP);
}
#elif defined(__linux__)
#include <fcntl.h>
int albumreport_exchange_paths(const char *first, const char *second) {
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
}
#else
int albumreport_exchange_paths(const char *first, const char *second) {
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
}
#endif
