#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Keeps the address space of a few freed segment-cache arenas for the next caches to take,
/// so an engine made after another (one per job, say) writes into pages the process already
/// has instead of faulting in fresh ones, which the kernel must zero first (every other
/// allocation of a preparer comes from malloc, which reuses freed memory anyway): a cold pass on
/// two threads here took 0.96× as long (16 rounds in one process), one thread the same.
///
/// A returned arena's written pages are marked `MADV_FREE`: under memory pressure the kernel
/// takes them back (they fault in again as zero pages, as in a new arena); until then a write
/// keeps them. At most `capacity` arenas wait, so at most that many reservations stay mapped.
/// A cache never reads an arena byte it has not written, so whatever a recycled arena holds is
/// never seen. Take and give are O(1) under a lock, once per cache.
enum ArenaRecycler {
    private struct Arena: @unchecked Sendable {
        let base: UnsafeMutableRawPointer
        let bytes: Int
    }

    private static let waiting = Mutex<[Arena]>([])
    /// Arenas kept at most (one per worker of a few engines).
    static let capacity = 4

    /// A waiting arena of exactly `bytes`, or else new address space (`reserve`); nil when the
    /// system refuses.
    static func arena(bytes: Int) -> UnsafeMutableRawPointer? {
        take(bytes: bytes) ?? reserve(bytes)
    }

    /// Reserves `bytes` of address space, read-write, without committing memory, asking for
    /// transparent huge pages (granted on request on most systems), so filling an arena takes a
    /// few page faults instead of thousands. Nil when the system refuses.
    static func reserve(_ bytes: Int) -> UnsafeMutableRawPointer? {
        guard let p = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0), p != MAP_FAILED
        else { return nil }
        #if os(Linux)
        _ = madvise(p, bytes, MADV_HUGEPAGE)
        #endif
        return p
    }

    /// A waiting arena of exactly `bytes`, if any.
    static func take(bytes: Int) -> UnsafeMutableRawPointer? {
        waiting.withLock { arenas in
            guard let k = arenas.lastIndex(where: { $0.bytes == bytes }) else { return nil }
            return arenas.remove(at: k).base
        }
    }

    /// Offers an arena of `bytes` whose first `used` bytes were written; false when the recycler
    /// is full (the caller unmaps it).
    static func give(_ base: UnsafeMutableRawPointer, bytes: Int, used: Int) -> Bool {
        #if os(Linux)
        // Whole huge pages only: a partial one would make the kernel split it.
        let hugePage = 2 << 20
        let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
        let end = (Int(bitPattern: base) + used) & ~(hugePage - 1)
        if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_FREE) }
        #endif
        return waiting.withLock { arenas in
            guard arenas.count < capacity else { return false }
            arenas.append(Arena(base: base, bytes: bytes))
            return true
        }
    }
}
