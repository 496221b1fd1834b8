import YardstickFonts
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CMemoryHints

/// Chunk entries the preparers of one engine's multi-thread runs share, without locks: a chunk
/// one thread has resolved is used by another that misses it in its own `SegmentCache`,
/// instead of being resolved again (line breaks, scripts, fallback, shaping lookups).
///
/// Insert-only, and the only copy of those chunks: during a multi-thread run a preparer writes
/// each new chunk's record here (not in its own arena), then publishes its slot with a release
/// compare-and-swap; a reader loads slots with acquire ordering, and both preparers' caches then
/// point at the record where it is (no record moves or is freed while the table lives, and a
/// cache that points into it keeps it alive). So two threads keep one copy of the chunks they
/// share, where each kept its own before and the table a third: in a two-thread pass over the
/// benchmark's corpus the caches hold 11.5 MB of records instead of 20.6 MB.
/// Preparers reach it through `Access`, raw pointers, so a lookup touches no reference count.
/// Each preparer takes record space in blocks and adds its entries to the shared count in
/// batches, so the two counters (on a cache line of their own) change a few hundred times a
/// run, not twice per record: what moves between the cores is the slots and records one thread
/// writes and the other reads. Open addressing with linear probing over a fixed slot array;
/// once the records fill their space (32 MB) or about half the slots, nothing more is shared
/// (`isFull`: new chunks go to the preparers' own arenas; the engine replaces a full table
/// between runs). Lookups happen only on a preparer's own chunk misses. Entries depend only on
/// their keys, so which thread made one never shows in results. Counters, slots and records
/// share one reservation of `SegmentCache`'s standard arena size, from and back to
/// `ArenaRecycler`.
final class SharedChunkTable: @unchecked Sendable {
    /// What a preparer uses: valid while the table lives (the engine keeps it through a run).
    struct Access {
        /// Bytes of records handed out (past `recordCapacity` once full), then entries published.
        fileprivate let counters: UnsafeMutablePointer<UInt64>
        /// Per slot: the hash's high 32 bits, then the record's offset / 8 + 1 (0 = empty).
        fileprivate let slots: UnsafeMutablePointer<UInt64>
        /// Where the records start: a `SegmentCache` reads the entries it finds here in place.
        let records: UnsafeMutableRawPointer
        fileprivate let recordCapacity: Int
        /// The record space this preparer has taken and not filled yet (byte offsets).
        fileprivate var blockNext = 0, blockEnd = 0
        /// Entries this preparer has published and not yet added to the shared count.
        fileprivate var uncounted: UInt64 = 0
    }

    let access: Access
    private let base: UnsafeMutableRawPointer
    private let reservation: Int
    private let isMapped: Bool
    fileprivate static let slotCount = 1 << 17
    private static let countersSize = 64 // one cache line

    /// - Parameter recordBytes: room for records (less for tests of a full table).
    init(recordBytes: Int = SegmentCache.standardLimit) {
        reservation = 2 * SegmentCache.standardLimit
        let prefix = Self.countersSize + Self.slotCount * MemoryLayout<UInt64>.stride
        let recordCapacity: Int
        if let arena = ArenaRecycler.arena(bytes: reservation) {
            base = arena
            isMapped = true
            recordCapacity = min(recordBytes, SegmentCache.standardLimit)
        } else {
            // No address space to spare: a small plain table.
            recordCapacity = min(recordBytes, 4 << 20)
            base = malloc(prefix + recordCapacity)!
            isMapped = false
        }
        // (A recycled arena holds old counters and slots: both start at zero.)
        let words = base.bindMemory(to: UInt64.self, capacity: prefix / 8)
        words.update(repeating: 0, count: prefix / 8)
        access = Access(counters: words, slots: words + Self.countersSize / 8, records: base + prefix, recordCapacity: recordCapacity)
    }

    deinit {
        if isMapped {
            let written = Self.countersSize + Self.slotCount * MemoryLayout<UInt64>.stride
                + min(Int(truncatingIfNeeded: access.counters[0]), access.recordCapacity)
            if !ArenaRecycler.give(base, bytes: reservation, used: written) { munmap(base, reservation) }
        } else {
            free(base)
        }
    }

    /// Whether the table shares nothing more (a new one would).
    var isFull: Bool { access.isFull }
    /// Record bytes handed out to preparers so far (a preparer that left has given back what
    /// it did not fill, unless another took space after it).
    var recordBytesTaken: Int { Int(truncatingIfNeeded: ys_load_relaxed(access.counters)) }
}

extension SharedChunkTable.Access {
    private static var slotMask: Int { SharedChunkTable.slotCount - 1 }

    var isFull: Bool {
        Int(truncatingIfNeeded: ys_load_relaxed(counters)) >= recordCapacity
            || Int(truncatingIfNeeded: ys_load_relaxed(counters + 1)) >= SharedChunkTable.slotCount / 2
    }

    /// The byte offset in `records` of the entry for this key, nil if no thread has shared it.
    func find(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hash: UInt64, style: UInt8, level: UInt8, kind: UInt8,
              scriptIn: UInt32, faceIn: PackedFaceIndex) -> Int? {
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var s = Int(truncatingIfNeeded: hash) & Self.slotMask
        while true {
            let slot = ys_load_acquire(slots + s)
            if slot == 0 { return nil }
            if slot & 0xFFFF_FFFF_0000_0000 == tag {
                let offset = (Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1) << 3
                if SegmentCache.recordMatches(records + offset, text, range, hash: hash, style: style, level: level, kind: kind,
                                              scriptIn: scriptIn, faceIn: faceIn) {
                    return offset
                }
            }
            s = (s + 1) & Self.slotMask
        }
    }

    /// Record space taken at a time: a few dozen records.
    private static var blockBytes: Int { 16 << 10 }
    /// Entries counted at a time.
    private static var countBatch: UInt64 { 32 }

    /// Room for a record of `size` bytes in `records` (its byte offset), or nil when the table
    /// is full. The preparer writes the record there, then `publish`es it.
    mutating func reserve(_ size: Int) -> Int? {
        if blockEnd - blockNext < size {
            guard !isFull else { return nil }
            let want = max(size, Self.blockBytes)
            let offset = Int(truncatingIfNeeded: ys_fetch_add_relaxed(counters, UInt64(want)))
            // The table's last space may be a partial block.
            blockNext = offset
            blockEnd = min(offset + want, recordCapacity)
            guard blockEnd - blockNext >= size else { blockNext = 0; blockEnd = 0; return nil }
        }
        let offset = blockNext
        blockNext += size
        return offset
    }

    /// Makes the record written at `offset` (from `reserve`) visible to the other preparers.
    /// The entry count may lag by a batch per preparer, and the slots may fill past half by a
    /// block's records per preparer: far from full (probing needs an empty slot to stop).
    mutating func publish(_ offset: Int) {
        let hash = (records + offset).assumingMemoryBound(to: SegmentCache.Header.self).pointee.hash
        let value = (hash & 0xFFFF_FFFF_0000_0000) | UInt64((offset >> 3) + 1)
        var s = Int(truncatingIfNeeded: hash) & Self.slotMask
        while !ys_compare_exchange_release(slots + s, 0, value) { s = (s + 1) & Self.slotMask }
        uncounted += 1
        if uncounted == Self.countBatch { flushCount() }
    }

    /// Adds the uncounted entries to the shared count, and gives back the unfilled end of the
    /// block if no one has taken space since. Called when the preparer leaves the table.
    mutating func finish() {
        flushCount()
        if blockNext < blockEnd {
            _ = ys_compare_exchange_relaxed(counters, UInt64(blockEnd), UInt64(blockNext))
        }
        blockNext = 0
        blockEnd = 0
    }

    private mutating func flushCount() {
        if uncounted > 0 { _ = ys_fetch_add_relaxed(counters + 1, uncounted) }
        uncounted = 0
    }
}
