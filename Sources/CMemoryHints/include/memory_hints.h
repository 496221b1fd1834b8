#ifndef YARDSTICK_MEMORY_HINTS_H
#define YARDSTICK_MEMORY_HINTS_H

#include <stdbool.h>
#include <stdint.h>

/// Asks the CPU to start loading the cache line holding `address` (a hint: never faults, may be
/// ignored). Swift has no prefetch of its own; the preparer issues several of these before it
/// needs the lines, so cache misses on its tables overlap instead of following one another.
static inline void ys_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/// Atomic access to a 64-bit word of raw memory (a slot of a table shared between threads):
/// Swift's `Atomic` lives at a fixed address of its own and cannot be laid over an array.
/// An acquire load: what was written before the release that stored this value is visible.
static inline uint64_t ys_load_acquire(const uint64_t *word) {
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

/// Stores `desired` if the word holds `expected` (release on success); true if it did.
static inline bool ys_compare_exchange_release(uint64_t *word, uint64_t expected, uint64_t desired) {
    return __atomic_compare_exchange_n(word, &expected, desired, false, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
}

#endif
