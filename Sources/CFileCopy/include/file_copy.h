#ifndef YARDSTICK_FILE_COPY_H
#define YARDSTICK_FILE_COPY_H

#include <stddef.h>
#include <stdint.h>

/// Copies up to `count` bytes from `source` at `*source_offset` to `target` at `*target_offset`
/// inside the kernel (Linux `copy_file_range`; Swift's Glibc module does not declare it, as it
/// needs _GNU_SOURCE). Advances both offsets; returns the bytes copied, 0 at the source's end,
/// or -1 with errno set (then the caller copies another way).
long ys_copy_file_range(int source, int64_t *source_offset, int target, int64_t *target_offset, size_t count);

/// Starts writing `count` bytes of `fd` from `offset` to disk without waiting (Linux
/// `sync_file_range` with SYNC_FILE_RANGE_WRITE, which needs _GNU_SOURCE too), so that a later
/// `fsync` finds less to wait for. Returns 0, or -1 with errno set (nothing is lost: the
/// `fsync` still writes everything).
int ys_start_writeback(int fd, int64_t offset, int64_t count);

#endif
