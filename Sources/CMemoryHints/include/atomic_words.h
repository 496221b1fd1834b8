#ifndef YARDSTICK_ATOMIC_WORDS_H
#define YARDSTICK_ATOMIC_WORDS_H

#include <stdbool.h>
#include <stdint.h>

// Atomic access to 64-bit words and bytes of raw memory (the slots and counters of a table shared
// between threads, the entries of a table filled as it is read): Swift's `Atomic` lives at a
// fixed address of its own and cannot be laid over a mapped region.

/// An acquire load: what was written before the release that stored this value is visible.
static inline uint64_t ys_load_acquire(const uint64_t *word) {
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

/// Stores `desired` if the word holds `expected` (release on success); true if it did.
static inline bool ys_compare_exchange_release(uint64_t *word, uint64_t expected, uint64_t desired) {
    return __atomic_compare_exchange_n(word, &expected, desired, false, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
}

/// Stores `desired` if the word holds `expected` (relaxed); true if it did.
static inline bool ys_compare_exchange_relaxed(uint64_t *word, uint64_t expected, uint64_t desired) {
    return __atomic_compare_exchange_n(word, &expected, desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

/// A relaxed load of a counter.
static inline uint64_t ys_load_relaxed(const uint64_t *word) {
    return __atomic_load_n(word, __ATOMIC_RELAXED);
}

/// Adds `value` to a counter and returns what it held before (relaxed).
static inline uint64_t ys_fetch_add_relaxed(uint64_t *word, uint64_t value) {
    return __atomic_fetch_add(word, value, __ATOMIC_RELAXED);
}

/// A relaxed load of a byte (an entry of a table that threads fill as they read it).
static inline uint8_t ys_load_relaxed_byte(const uint8_t *byte) {
    return __atomic_load_n(byte, __ATOMIC_RELAXED);
}

/// A relaxed store of a byte.
static inline void ys_store_relaxed_byte(uint8_t *byte, uint8_t value) {
    __atomic_store_n(byte, value, __ATOMIC_RELAXED);
}

#endif
