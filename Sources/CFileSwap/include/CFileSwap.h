#ifndef CFILESWAP_H
#define CFILESWAP_H

/// Atomically exchanges two paths on the same file system (Linux renameat2 RENAME_EXCHANGE,
/// macOS renamex_np RENAME_SWAP). Returns 0, or -1 with errno set (EINVAL or ENOSYS where the
/// file system or kernel cannot exchange).
int albumreport_exchange_paths(const char *first, const char *second);

/// Starts writing the file open as `descriptor` to its device without waiting for it (Linux
/// sync_file_range SYNC_FILE_RANGE_WRITE), so that a later flush finds it mostly written.
/// Returns 0, or -1 with errno set; elsewhere it does nothing and returns 0.
int albumreport_start_writeback(int descriptor);

/// Waits until everything written to the file system holding `path` is on its device (Linux
/// syncfs: one journal commit for every file written, not one each; sync where syncfs is not
/// allowed). Elsewhere sync, best effort (it may return before the data is written). Returns 0,
/// or -1 with errno set for an error the data met (EIO, ENOSPC, EDQUOT).
int albumreport_flush_file_system(const char *path);

#endif
