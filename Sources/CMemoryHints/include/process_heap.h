#ifndef YARDSTICK_PROCESS_HEAP_H
#define YARDSTICK_PROCESS_HEAP_H

#include <stdbool.h>
#include <stddef.h>

/// Sets up glibc's main malloc heap so the kernel may back it with transparent huge pages
/// (2 MiB each) when it is first touched, instead of taking one page fault per 4 KiB: a process
/// that builds tens of MB of caches from nothing spends a tenth of its time in those faults.
///
/// The heap is grown once by at least `span` bytes (only reserved: untouched memory costs
/// nothing), that range is marked `MADV_HUGEPAGE`, and the heap is kept rather than trimmed.
/// Blocks up to 32 MiB then come from this heap instead of separate mappings. A process-wide
/// setting, for an executable to make at its start, never for a library to make on its
/// user's behalf. Where huge pages are off or unsupported it changes nothing but the malloc
/// settings. Returns false when the heap could not be set up (nothing is then marked).
bool ys_heap_prefer_huge_pages(size_t span);

#endif
