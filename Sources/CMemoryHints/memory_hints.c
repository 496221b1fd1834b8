// The header-only parts (include/memory_hints.h, include/atomic_words.h) and the process heap's
// set-up (include/process_heap.h).
#include "memory_hints.h"
#include "atomic_words.h"
#include "process_heap.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

bool ys_heap_prefer_huge_pages(size_t span) {
    const size_t largest = (size_t)32 << 20; // glibc's largest mmap threshold on 64-bit
    if (span < ((size_t)4 << 20) || span > ((size_t)1 << 30)) return false;
    // Blocks below 32 MiB from the heap; the heap grows `span` at a time and is never trimmed.
    if (!mallopt(M_MMAP_THRESHOLD, (int)largest) || !mallopt(M_TOP_PAD, (int)span)
        || !mallopt(M_TRIM_THRESHOLD, (int)(2 * span + largest))) return false;
    char *before = sbrk(0);
    if (before == (char *)-1) return false;
    // One block just under the threshold makes the heap grow now, by it and `span`. (Volatile:
    // a compiler may otherwise drop a malloc whose block is only freed.)
    void *volatile block = malloc(largest - ((size_t)1 << 20));
    char *after = sbrk(0);
    bool grown = block != NULL && after != (char *)-1 && after > before;
    if (grown) {
        const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
        uintptr_t start = ((uintptr_t)before + page - 1) & ~(page - 1);
        grown = madvise((void *)start, (uintptr_t)after - start, MADV_HUGEPAGE) == 0;
    }
    free(block);
    return grown;
}
