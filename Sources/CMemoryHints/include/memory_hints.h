#ifndef YARDSTICK_MEMORY_HINTS_H
#define YARDSTICK_MEMORY_HINTS_H

/// Asks the CPU to start loading the cache line holding `address` (a hint: never faults, may be
/// ignored). Swift has no prefetch of its own; the preparer issues several of these before it
/// needs the lines, so cache misses on its tables overlap instead of following one another.
static inline void ys_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
