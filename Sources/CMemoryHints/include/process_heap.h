#ifndef YARDSTICK_PROCESS_HEAP_H
#define YARDSTICK_PROCESS_HEAP_H

#include <stdbool.h>
#include <stddef.h>

/// Sets up glibc's main malloc heap so the kernel may back it with transparent huge pages
/// (2 MiB each) when it is first touched, instead of taking one page fault per 4 KiB: a process
/// that builds tens of MB of caches from nothing spends a tenth of its time in those faults.
///
/// The heap is grown once by about 31 MiB and `span` more (reserved: untouched memory is not
/// resident, though it counts toward the commit charge), that range is marked
/// `MADV_HUGEPAGE`, and no heap is trimmed afterwards (memory freed stays with the process).
/// Blocks up to 32 MiB then come from the heaps instead of separate mappings, so a large
/// `calloc` clears memory it reuses (allocate big zeroed tables with `mmap`). Threads'
/// arenas are not marked. A process-wide setting, for an executable to make at its start,
/// never for a library to make on its user's behalf. Returns false when the heap could not be
/// marked (outside Linux with glibc, under a limit on address space or data, no room to grow,
/// no huge-page support); some of the malloc settings may have been made even so.
bool ys_heap_prefer_huge_pages(size_t span);

#endif
