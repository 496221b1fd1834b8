// The header-only parts (include/memory_hints.h, include/atomic_words.h) and the process heap's
// set-up (include/process_heap.h).
#include "memory_hints.h"
#include "atomic_words.h"
#include "process_heap.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <limits.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

bool ys_heap_prefer_huge_pages(size_t span) {
    const size_t largest = (size_t)32 << 20; // glibc's largest mmap threshold on 64-bit
    if (span < ((size_t)4 << 20) || span > ((size_t)INT_MAX - largest) / 2) return false;
    // Under a limit on address space or data (`ulimit -v`, `ulimit -d`) the reservation would
    // bring the limit closer: the heap is then left as glibc sets it up.
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur != RLIM_INFINITY) return false;
    if (getrlimit(RLIMIT_DATA, &limit) != 0 || limit.rlim_cur != RLIM_INFINITY) return false;
    // Blocks below 32 MiB from the heap, which is never trimmed (its range keeps the mark).
    if (!mallopt(M_MMAP_THRESHOLD, (int)largest) || !mallopt(M_TRIM_THRESHOLD, (int)(2 * span + largest))) return false;
    // For the one growth below only: the heap grows by the block and `span` beyond it.
    if (!mallopt(M_TOP_PAD, (int)span)) return false;
    char *before = sbrk(0);
    // One block just under the threshold makes the heap grow now. (Volatile: a compiler may
    // otherwise drop a malloc whose block is only freed.)
    void *volatile block = before == (char *)-1 ? NULL : malloc(largest - ((size_t)1 << 20));
    char *after = sbrk(0);
    // Back to glibc's default pad, so threads' arenas do not each reserve `span` at once.
    mallopt(M_TOP_PAD, 128 * 1024);
    bool grown = block != NULL && after != (char *)-1 && after > before;
    if (grown) {
        const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
        uintptr_t start = ((uintptr_t)before + page - 1) & ~(page - 1);
        grown = madvise((void *)start, (uintptr_t)after - start, MADV_HUGEPAGE) == 0;
    }
    free(block);
    return grown;
}
#else
bool ys_heap_prefer_huge_pages(size_t span) {
    (void)span;
    return false;
}
#endif
