#define _GNU_SOURCE
#include <errno.h>
#include <sys/types.h>
#include <fcntl.h>
#include <unistd.h>
#include "file_copy.h"

long ys_copy_file_range(int source, int64_t *source_offset, int target, int64_t *target_offset, size_t count) {
#if defined(__linux__)
    off64_t from = *source_offset, to = *target_offset;
    ssize_t n = copy_file_range(source, &from, target, &to, count, 0);
    if (n > 0) { *source_offset = from; *target_offset = to; }
    return (long)n;
#else
    errno = ENOSYS;
    return -1;
#endif
}

int ys_start_writeback(int fd, int64_t offset, int64_t count) {
#if defined(__linux__)
    return sync_file_range(fd, (off64_t)offset, (off64_t)count, SYNC_FILE_RANGE_WRITE);
#else
    (void)fd; (void)offset; (void)count;
    errno = ENOSYS;
    return -1;
#endif
}
