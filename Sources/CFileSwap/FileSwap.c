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
#include <fcntl.h>

int albumreport_start_writeback(int descriptor) {
    return sync_file_range(descriptor, 0, 0, SYNC_FILE_RANGE_WRITE);
}

int albumreport_flush_file_system(const char *path) {
    int descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int flushed = descriptor < 0 ? -1 : syncfs(descriptor);
    int saved = errno;
    if (descriptor >= 0) { close(descriptor); }
    if (flushed == 0) { return 0; }
    /* A kernel or sandbox without syncfs, or a folder that cannot be opened to name the file
       system: sync(), which waits for every file system (Linux). Errors the data itself met
       (EIO, ENOSPC, EDQUOT) are returned. */
    if (saved == ENOSYS || saved == EPERM || saved == EINVAL || saved == EOPNOTSUPP || saved == EACCES) {
        sync();
        return 0;
    }
    errno = saved;
    return -1;
}
#else
int albumreport_start_writeback(int descriptor) {
    (void)descriptor;
    return 0;
}

int albumreport_flush_file_system(const char *path) {
    (void)path;
    /* Best effort: sync() may return before the data is written, and is no F_FULLFSYNC. */
    sync();
    return 0;
}
#endif
