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

#include <unistd.h>

#if defined(__linux__)
int albumreport_start_writeback(int descriptor) {
    return sync_file_range(descriptor, 0, 0, SYNC_FILE_RANGE_WRITE);
}

int albumreport_flush_file_system(const char *path) {
    int descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (descriptor < 0) { return -1; }
    int flushed = syncfs(descriptor);
    int saved = errno;
    close(descriptor);
    errno = saved;
    return flushed;
}
#else
int albumreport_start_writeback(int descriptor) {
    (void)descriptor;
    return 0;
}

int albumreport_flush_file_system(const char *path) {
    (void)path;
    sync();
    return 0;
}
#endif
