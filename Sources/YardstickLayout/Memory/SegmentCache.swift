import YardstickFonts
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CMemoryHints
import YardstickAnalysis
import YardstickLineBreaking

/// A preparer's memory of break segments (a word and its trailing spaces) and chunks (a run of
/// non-spaces and the spaces after it, one or more segments) it has already resolved: their
/// script runs, font runs and shaped pieces, so a word met again in another cell costs one
/// hash and a copy instead of line-break analysis, script resolution, font fallback and a
/// shaping lookup per piece.
///
/// A segment's pieces depend on its bytes, the style, its bidi level, and two things it
/// inherits from the text before it in the paragraph: the last real script (what Common
/// characters such as digits and spaces take) and the face of the previous cluster (where a
/// space stays). All are part of the key, and each entry records the script and face it hands
/// on, so a paragraph resolved segment by segment gets exactly the pieces a whole-paragraph
/// pass gives (`TextPreparer` uses it for paragraphs whose segments each have one bidi level
/// and start and end at grapheme-cluster boundaries).
///
/// Per thread, no locks. Each entry is one record in a single arena — header, key bytes,
/// segments, pieces, back to back — so a lookup and the copy that follows touch a few
/// neighbouring cache lines. Slots hold a hash tag beside the record's offset, so a probe that
/// misses does not touch the record. A key's slot comes from its bytes, style, level and kind
/// only (`bytesHash`); the script and face it inherits change just the tag, so the variants of
/// one word share a probe run, and the slots of the words ahead can be prefetched before those
/// are known (`prefetchSlot`, `prefetchRecord`). Open addressing with linear probing, at most
/// half full; lookups O(key length). The arena is reserved address space (twice the limit,
/// transparent huge pages requested; plain memory where the system refuses; taken from and
/// given back to `ArenaRecycler`) that fills without ever moving; it is emptied when it passes
/// its limit (32 MB by default), so memory stays bounded; results never depend on what is
/// remembered.
final class SegmentCache {
    struct Header {
        /// The full hash (`hash(bytesHash:scriptIn:faceIn:)`).
        var hash: UInt64
        var scriptIn: UInt32
        /// The last real script of the entry, or `scriptIn` if it has none.
        var scriptOut: UInt32
        /// The first real script of the entry, Common if it has none (a chunk: see `composeChunk`).
        var firstScript: UInt32
        var byteCount: Int32
        var segmentCount: Int32
        var pieceCount: Int32
        var faceIn: PackedFaceIndex
        var faceOut: PackedFaceIndex
        var style: UInt8
        /// The bidi level of the whole segment (0 in a paragraph with nothing right to left).
        var level: UInt8
        /// What the key's bytes are: `Kind.segment` or `Kind.chunk`.
        var kind: UInt8
        /// A chunk's edges (for the break before the next chunk); unused for a segment.
        var chunk: ChunkEdges
    }

    /// Kinds of keys: a break segment, or a chunk of a paragraph (a run of non-spaces and the
    /// spaces after it).
    enum Kind {
        static let segment: UInt8 = 0
        static let chunk: UInt8 = 1
    }

    /// Records, 8-byte aligned: `Header`, the key's bytes (padded to 8), the segments (offsets
    /// relative to the entry's start, pieces counted from 0), the pieces (starts relative to
    /// the entry's start). An entry is known by its record's byte offset.
    @exclusivity(unchecked) private var arena: UnsafeMutableRawPointer
    /// Whether `arena` is mapped address space (else malloc memory, grown by realloc).
    @exclusivity(unchecked) private var arenaIsMapped: Bool
    @exclusivity(unchecked) private var arenaCount = 0
    /// The most bytes of records the arena has held (what a recycled arena has had written).
    @exclusivity(unchecked) private var arenaHighWater = 0
    /// Bytes reserved (address space only: pages are touched as records are written, so the
    /// arena never moves or copies while it fills).
    @exclusivity(unchecked) private var arenaCapacity: Int
    /// Per slot: the hash's high 32 bits, then the record offset / 8 + 1 (0 = empty).
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var slotCount = 1 << 12
    @exclusivity(unchecked) private var entryCount = 0
    /// Bumped whenever entries from before may no longer be valid (the cache was emptied, the
    /// arena moved while entries point into a shared table, or that table was replaced).
    @exclusivity(unchecked) private(set) var generation = 0
    /// Lookups that found their entry (for tests and profiling).
    @exclusivity(unchecked) private(set) var hits = 0
    /// Lookups that found their entry in `shared` instead.
    @exclusivity(unchecked) private(set) var sharedHits = 0
    /// The arena is emptied when a record would take it past this many bytes.
    private let arenaLimit: Int
    /// Where the other threads' chunk entries are found, and where this cache writes its new
    /// chunks, during a multi-thread run (nil otherwise). Raw pointers, so using it touches no
    /// reference count. Set through `attach`.
    @exclusivity(unchecked) private(set) var shared: SharedChunkTable.Access?
    /// The table whose records some slots point at (kept after a run, until another replaces
    /// it), and where those records start, as an offset from `arena` (0 while there is none).
    /// An entry is its record's offset from `arena` either way, so reading one never asks
    /// where it lives; entries into the table fall outside the arena's reservation.
    private var sharedOwner: SharedChunkTable?
    @exclusivity(unchecked) private var sharedRecords = 0
    /// In a slot, the offset half's top bit: the record is in `sharedRecords`.
    private static let sharedSlotBit: UInt64 = 1 << 31

    private static let headerSize = (MemoryLayout<Header>.stride + 7) & ~7
    /// The default limit: an arena then reserves twice this, the size `ArenaRecycler` keeps.
    static let standardLimit = 32 << 20

    /// - Parameters:
    /// - Parameter limit: bytes of records kept before the cache forgets them all.
    init(limit: Int = SegmentCache.standardLimit) {
        arenaLimit = limit
        precondition(MemoryLayout<Header>.alignment <= 8 && MemoryLayout<BreakSegment>.stride % 8 == 0
                     && MemoryLayout<ShapedPiece>.stride % 8 == 0, "records must keep 8-byte alignment")
        let reservation = 2 * limit
        if let recycled = ArenaRecycler.arena(bytes: reservation) {
            arena = recycled
            arenaCapacity = reservation
            arenaIsMapped = true
        } else {
            // No address space to spare (a tight ulimit -v or strict overcommit): plain memory.
            arenaCapacity = 1 << 20
            arena = malloc(arenaCapacity)!
            arenaIsMapped = false
        }
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: 0, count: slotCount)
    }

    deinit {
        if arenaIsMapped {
            // (An arena grown past its reservation for a huge record is not kept: no cache would take it.)
            if arenaCapacity != 2 * arenaLimit || !ArenaRecycler.give(arena, bytes: arenaCapacity, used: max(arenaHighWater, arenaCount)) {
                munmap(arena, arenaCapacity)
            }
        } else {
            free(arena)
        }
        slots.deallocate()
    }

    /// Where an entry's record starts (in the arena, or in the shared table's records).
    @inline(__always) private func address(_ entry: Int) -> UnsafeMutableRawPointer { arena + entry }

    /// Whether an entry's record is in the shared table's records.
    @inline(__always) func isShared(_ entry: Int) -> Bool { entry < 0 || entry >= arenaCapacity }

    /// The entry a (non-empty) slot holds.
    @inline(__always) private func entryIn(slot: UInt64) -> Int {
        let offset = (Int(truncatingIfNeeded: slot & 0x7FFF_FFFF) - 1) << 3
        return slot & Self.sharedSlotBit == 0 ? offset : sharedRecords + offset
    }

    @inline(__always) func header(_ entry: Int) -> UnsafeMutablePointer<Header> {
        address(entry).assumingMemoryBound(to: Header.self)
    }

    @inline(__always) private static func bytesSize(_ count: Int) -> Int { (count + 7) & ~7 }

    @inline(__always) func segments(_ entry: Int) -> UnsafeBufferPointer<BreakSegment> {
        let h = header(entry)
        let start = UnsafeMutableRawPointer(h) + Self.headerSize + Self.bytesSize(Int(h.pointee.byteCount))
        return UnsafeBufferPointer(start: start.assumingMemoryBound(to: BreakSegment.self), count: Int(h.pointee.segmentCount))
    }

    @inline(__always) func pieces(_ entry: Int) -> UnsafeBufferPointer<ShapedPiece> {
        let h = header(entry)
        let start = UnsafeMutableRawPointer(h) + Self.headerSize + Self.bytesSize(Int(h.pointee.byteCount))
            + Int(h.pointee.segmentCount) * MemoryLayout<BreakSegment>.stride
        return UnsafeBufferPointer(start: start.assumingMemoryBound(to: ShapedPiece.self), count: Int(h.pointee.pieceCount))
    }

    /// An entry's record (header, key, segments and pieces), to copy into another cache.
    @inline(__always) func record(_ entry: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: address(entry), count: Self.recordSize(address(entry)))
    }

    /// The size of the record at `record`, in bytes.
    @inline(__always) static func recordSize(_ record: UnsafeRawPointer) -> Int {
        let h = record.assumingMemoryBound(to: Header.self)
        return headerSize + bytesSize(Int(h.pointee.byteCount)) + Int(h.pointee.segmentCount) * MemoryLayout<BreakSegment>.stride
            + Int(h.pointee.pieceCount) * MemoryLayout<ShapedPiece>.stride
    }

    /// Whether the record at `record` is the entry of this key.
    @inline(__always)
    static func recordMatches(_ record: UnsafeRawPointer, _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hash: UInt64, style: UInt8,
                              level: UInt8, kind: UInt8, scriptIn: UInt32, faceIn: PackedFaceIndex) -> Bool {
        let h = record.assumingMemoryBound(to: Header.self)
        return h.pointee.hash == hash && h.pointee.byteCount == Int32(range.count) && h.pointee.scriptIn == scriptIn
            && h.pointee.faceIn == faceIn && h.pointee.style == style && h.pointee.level == level && h.pointee.kind == kind
            && memcmp(record + headerSize, text.baseAddress! + range.lowerBound, range.count) == 0
    }

    /// The hash of a key's bytes, style, level and kind: what picks its slot. Known before the
    /// script and face the key inherits, so the slots of the chunks ahead can be fetched early.
    @inline(__always)
    static func bytesHash(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, style: UInt8, level: UInt8,
                          kind: UInt8 = Kind.segment) -> UInt64 {
        let seed: UInt64 = 0x243F_6A88_85A3_08D3 ^ (UInt64(style) | UInt64(level) << 8 | UInt64(kind) << 16)
        let h = ByteHash.mix(seed, UInt64(range.count))
        return ByteHash.hash(UnsafeRawPointer(text.baseAddress!) + range.lowerBound, count: range.count, seed: h)
    }

    /// The full hash of a key: the slot bits (low half) from `bytesHash`, the tag (high half)
    /// also from the script and face it inherits, so a probe tells those variants apart
    /// without reading their records.
    @inline(__always)
    static func hash(bytesHash: UInt64, scriptIn: UInt32, faceIn: PackedFaceIndex) -> UInt64 {
        let tag = ByteHash.mix(bytesHash, UInt64(scriptIn) | UInt64(UInt16(bitPattern: faceIn)) << 32)
        return (tag & 0xFFFF_FFFF_0000_0000) | (bytesHash & 0xFFFF_FFFF)
    }

    static func hash(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, style: UInt8, level: UInt8, kind: UInt8 = Kind.segment,
                     scriptIn: UInt32, faceIn: PackedFaceIndex) -> UInt64 {
        hash(bytesHash: bytesHash(text, range, style: style, level: level, kind: kind), scriptIn: scriptIn, faceIn: faceIn)
    }

    /// Starts loading the slot a key with this `bytesHash` probes first (a hint; see `ys_prefetch`).
    @inline(__always) func prefetchSlot(bytesHash: UInt64) {
        ys_prefetch(slots + (Int(truncatingIfNeeded: bytesHash) & (slotCount - 1)))
    }

    /// Starts loading the record in the first slot a key with this `bytesHash` probes, if any:
    /// most often the key's own. Call after `prefetchSlot`, once that line has had time to come in.
    @inline(__always) func prefetchRecord(bytesHash: UInt64) {
        let slot = slots[Int(truncatingIfNeeded: bytesHash) & (slotCount - 1)]
        if slot != 0 {
            let record = address(entryIn(slot: slot))
            // A record spans two or three cache lines (header, key, segments, pieces): all are read.
            ys_prefetch(record)
            ys_prefetch(record + 64)
            ys_prefetch(record + 128)
        }
    }

    /// The entry for this key, or nil.
    func find(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hash: UInt64, style: UInt8, level: UInt8, kind: UInt8 = Kind.segment,
              scriptIn: UInt32, faceIn: PackedFaceIndex) -> Int? {
        let mask = slotCount - 1
        var s = Int(truncatingIfNeeded: hash) & mask
        let tag = hash & 0xFFFF_FFFF_0000_0000
        while true {
            let slot = slots[s]
            if slot == 0 {
                // Another thread's chunk is used where it is: this cache points at it from now on.
                guard kind == Kind.chunk, let shared,
                      let offset = shared.find(text, range, hash: hash, style: style, level: level, kind: kind, scriptIn: scriptIn, faceIn: faceIn)
                else { return nil }
                sharedHits &+= 1
                let entry = sharedRecords + offset
                reserveSlot()
                place(entry, hash: hash)
                return entry
            }
            if slot & 0xFFFF_FFFF_0000_0000 == tag {
                let entry = entryIn(slot: slot)
                if Self.recordMatches(address(entry), text, range, hash: hash, style: style, level: level, kind: kind,
                                      scriptIn: scriptIn, faceIn: faceIn) {
                    hits &+= 1
                    return entry
                }
            }
            s = (s + 1) & mask
        }
    }

    /// Remembers a segment or chunk (its segments and pieces relative to its start, pieces
    /// counted from 0) and returns its entry. May empty the cache first (see `generation`).
    func insert(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hash: UInt64, style: UInt8, level: UInt8, kind: UInt8 = Kind.segment,
                scriptIn: UInt32, faceIn: PackedFaceIndex, faceOut: PackedFaceIndex, scriptOut: UInt32, firstScript: UInt32,
                chunk: ChunkEdges = .paragraphStart, newSegments: UnsafeBufferPointer<BreakSegment>, newPieces: UnsafeBufferPointer<ShapedPiece>) -> Int {
        let size = Self.headerSize + Self.bytesSize(range.count) + newSegments.count * MemoryLayout<BreakSegment>.stride
            + newPieces.count * MemoryLayout<ShapedPiece>.stride
        // During a multi-thread run a chunk goes to the shared table only (while it has room).
        let sharedOffset = kind == Kind.chunk ? shared?.reserve(size) : nil
        if sharedOffset == nil && arenaCount + size > arenaLimit { removeAll() }
        reserveSlot() // (first: growing the slots places the records there are, not this one)
        let entry = sharedOffset.map { sharedRecords + $0 } ?? reserveRecord(size)
        let record = address(entry)
        record.bindMemory(to: Header.self, capacity: 1).initialize(to: Header(hash: hash, scriptIn: scriptIn, scriptOut: scriptOut, firstScript: firstScript,
                                            byteCount: Int32(range.count), segmentCount: Int32(newSegments.count),
                                            pieceCount: Int32(newPieces.count), faceIn: faceIn, faceOut: faceOut, style: style,
                                            level: level, kind: kind, chunk: chunk))
        (record + Self.headerSize).copyMemory(from: text.baseAddress! + range.lowerBound, byteCount: range.count)
        let segmentsAt = record + Self.headerSize + Self.bytesSize(range.count)
        if let source = newSegments.baseAddress {
            segmentsAt.bindMemory(to: BreakSegment.self, capacity: newSegments.count).initialize(from: source, count: newSegments.count)
        }
        if let source = newPieces.baseAddress {
            (segmentsAt + newSegments.count * MemoryLayout<BreakSegment>.stride)
                .bindMemory(to: ShapedPiece.self, capacity: newPieces.count).initialize(from: source, count: newPieces.count)
        }
        if let sharedOffset { shared!.publish(sharedOffset) }
        place(entry, hash: hash)
        return entry
    }

    /// Room for a record of `size` bytes at the arena's end (the caller has kept it under the
    /// limit): the new entry, to be written, then given a slot.
    @inline(__always) private func reserveRecord(_ size: Int) -> Int {
        if arenaCount + size > arenaCapacity { growArena(to: arenaCount + size) }
        let entry = arenaCount
        arenaCount += size
        return entry
    }

    /// Room for one more slot (the table stays at most half full).
    @inline(__always) private func reserveSlot() {
        if (entryCount + 1) * 2 > slotCount { growSlots() }
        entryCount += 1
    }

    /// The table of the multi-thread run under way, nil between runs.
    var attachedTable: SharedChunkTable? { shared == nil ? nil : sharedOwner }

    /// Starts or ends this cache's part in a multi-thread run: `table` is the run's shared
    /// table, nil when the run ends. Slots that point into a table's records stay (the table is
    /// kept alive for them) until another table replaces it.
    func attach(_ table: SharedChunkTable?) {
        shared?.finish()
        shared = table?.access
        guard let table, table !== sharedOwner else { return }
        if sharedOwner != nil { rebuildSlots(count: slotCount, keepingShared: false) }
        sharedOwner = table
        sharedRecords = table.access.records - arena
    }

    private func place(_ entry: Int, hash: UInt64) {
        let mask = slotCount - 1
        var s = Int(truncatingIfNeeded: hash) & mask
        while slots[s] != 0 { s = (s + 1) & mask }
        let shared = isShared(entry)
        let offset = shared ? entry - sharedRecords : entry
        slots[s] = (hash & 0xFFFF_FFFF_0000_0000) | (shared ? Self.sharedSlotBit : 0) | UInt64((offset >> 3) + 1)
    }

    private func removeAll() {
        arenaHighWater = max(arenaHighWater, arenaCount)
        arenaCount = 0
        entryCount = 0
        slots.update(repeating: 0, count: slotCount)
        generation += 1
    }

    /// Makes room for `needed` bytes: only for a record bigger than the reservation (a chunk of
    /// megabytes), or when the arena is plain memory. The arena's own entries stay valid.
    private func growArena(to needed: Int) {
        var capacity = arenaCapacity
        while capacity < needed { capacity *= 2 }
        if arenaIsMapped, let grown = ArenaRecycler.reserve(capacity) {
            grown.copyMemory(from: arena, byteCount: arenaCount)
            munmap(arena, arenaCapacity)
            arena = grown
        } else {
            let grown = malloc(capacity)!
            grown.copyMemory(from: arena, byteCount: arenaCount)
            if arenaIsMapped { munmap(arena, arenaCapacity) } else { free(arena) }
            arena = grown
            arenaIsMapped = false
        }
        arenaCapacity = capacity
        // Entries into the shared table are offsets from the arena: those held now are stale.
        if let sharedOwner {
            sharedRecords = sharedOwner.access.records - arena
            generation += 1
        }
    }

    private func growSlots() {
        rebuildSlots(count: slotCount * 2, keepingShared: true)
    }

    /// Slots anew, `count` of them: the arena's records in order (a walk the hardware
    /// prefetches), then, if kept, the entries in the shared table's records.
    private func rebuildSlots(count: Int, keepingShared: Bool) {
        let old = slots, oldCount = slotCount
        slotCount = count
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: 0, count: slotCount)
        entryCount = 0
        var entry = 0
        while entry < arenaCount {
            place(entry, hash: header(entry).pointee.hash)
            entryCount += 1
            entry += Self.recordSize(arena + entry)
        }
        if keepingShared {
            for s in 0..<oldCount where old[s] & Self.sharedSlotBit != 0 {
                let entry = entryIn(slot: old[s])
                place(entry, hash: header(entry).pointee.hash)
                entryCount += 1
            }
        } else {
            generation += 1 // entries into the table left are gone
        }
        old.deallocate()
    }
}
