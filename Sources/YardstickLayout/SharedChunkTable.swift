#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CMemoryHints
import Synchronization

/// Chunk entries the preparers of one engine's multi-thread runs share, without locks: a chunk
/// one thread has resolved is copied by another that misses it in its own `SegmentCache`,
/// instead of being resolved again (line breaks, scripts, fallback, shaping lookups).
///
/// Insert-only. A record is copied in once, then its slot is published with a release
/// compare-and-swap; a reader loads slots with acquire ordering and copies the record out, so
/// it never sees one half written, and no record moves or is freed while the table lives
/// (taking no lock, a lookup moves no cache line that another thread writes, which is what
/// made the mutex-guarded versions no faster). Open addressing with linear probing over a fixed
/// slot array; once the records fill their space (32 MB) or half the slots, nothing more is
/// shared, and lookups go on working. Lookups here happen only on a preparer's own chunk
/// misses. Entries depend only on their keys, so which thread made one never shows in results.
/// The slots and records share one reservation of `SegmentCache`'s standard arena size, taken
/// from and given back to `ArenaRecycler`.
final class SharedChunkTable: @unchecked Sendable {
    private let base: UnsafeMutableRawPointer
    private let reservation: Int
    private let isMapped: Bool
    /// Per slot: the hash's high 32 bits, then the record's offset / 8 + 1 (0 = empty).
    private let slots: UnsafeMutablePointer<UInt64>
    private static let slotCount = 1 << 17
    private let records: UnsafeMutableRawPointer
    private let recordCapacity: Int
    /// Bytes of records handed out (may pass `recordCapacity` by the failed last few).
    private let used = Atomic<Int>(0)
    private let entries = Atomic<Int>(0)

    init() {
        reservation = 2 * SegmentCache.standardLimit
        let slotBytes = Self.slotCount * MemoryLayout<UInt64>.stride
        if let arena = ArenaRecycler.take(bytes: reservation) ?? SegmentCache.reserve(reservation) {
            base = arena
            isMapped = true
            recordCapacity = SegmentCache.standardLimit
        } else {
            // No address space to spare: a small plain table.
            base = malloc(slotBytes + (4 << 20))!
            isMapped = false
            recordCapacity = 4 << 20
        }
        slots = base.bindMemory(to: UInt64.self, capacity: Self.slotCount)
        slots.update(repeating: 0, count: Self.slotCount) // (a recycled arena holds old slots)
        records = base + slotBytes
    }

    deinit {
        if isMapped {
            let written = Self.slotCount * MemoryLayout<UInt64>.stride + min(used.load(ordering: .relaxed), recordCapacity)
            if !ArenaRecycler.give(base, bytes: reservation, used: written) { munmap(base, reservation) }
        } else {
            free(base)
        }
    }

    /// Copies the entry for this key into `local` and returns it there; nil if no thread has
    /// shared it (or `local` is full: see `SegmentCache.adopt`).
    func copy(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hash: UInt64, style: UInt8, level: UInt8, kind: UInt8,
              scriptIn: UInt32, faceIn: Int16, into local: SegmentCache) -> Int? {
        let mask = Self.slotCount - 1
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var s = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = ys_load_acquire(slots + s)
            if slot == 0 { return nil }
            if slot & 0xFFFF_FFFF_0000_0000 == tag {
                let record = records + ((Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1) << 3)
                if SegmentCache.record(record, isKeyOf: text, range, hash: hash, style: style, level: level, kind: kind,
                                       scriptIn: scriptIn, faceIn: faceIn) {
                    return local.adopt(UnsafeRawBufferPointer(start: record, count: SegmentCache.recordSize(record)))
                }
            }
            s = (s + 1) & mask
        }
    }

    /// Shares a record a preparer has just made (unless the table is full).
    func publish(_ record: UnsafeRawBufferPointer) {
        guard entries.load(ordering: .relaxed) < Self.slotCount / 2 else { return }
        let size = record.count
        let offset = used.add(size, ordering: .relaxed).oldValue
        guard offset + size <= recordCapacity else { return }
        (records + offset).copyMemory(from: record.baseAddress!, byteCount: size)
        let hash = record.baseAddress!.assumingMemoryBound(to: SegmentCache.Header.self).pointee.hash
        let value = (hash & 0xFFFF_FFFF_0000_0000) | UInt64((offset >> 3) + 1)
        let mask = Self.slotCount - 1
        var s = Int(truncatingIfNeeded: hash) & mask
        while !ys_compare_exchange_release(slots + s, 0, value) { s = (s + 1) & mask }
        entries.add(1, ordering: .relaxed)
    }
}
