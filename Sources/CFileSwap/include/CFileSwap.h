#ifndef CFILESWAP_H
#define CFILESWAP_H

/// Atomically exchanges two paths on the same file system (Linux renameat2 RENAME_EXCHANGE,
/// macOS renamex_np RENAME_SWAP). Returns 0, or -1 with errno set (EINVAL or ENOSYS where the
/// file system or kernel cannot exchange).
int albumreport_exchange_paths(const char *first, const char *second);

#endif
