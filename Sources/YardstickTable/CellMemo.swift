#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import YardstickLayout

/// What a plain grid needs of one cell: its width on one line and its height wrapped at the cap.
struct CellSize {
    var natural: Double
    var height: Double
    /// Invalid UTF-8 sequences replaced in the cell's text.
    var replaced: Int
    /// The text has clusters no face covers (reported, so never taken from a persistent cache).
    var hasMissingGlyphs = false
}

/// Cell values seen before, by their bytes: a value that repeats in a column (a status, a name)
/// is measured once. An open-addressing table of hashes over an arena of the values' bytes.
///
/// Bounded: it stops taking values at `maximumEntries` or `maximumBytes` (lookups go on), so
/// memory does not grow with the table. O(length) per lookup or insertion.
struct CellMemo {
    static let maximumEntries = 1 << 20
    static let maximumBytes = 32 << 20

    private var slots = [Int32](repeating: -1, count: 1 << 12)
    private var hashes: [UInt64] = []
    private var ends: [Int] = []
    private var arena: [UInt8] = []
    /// The sizes, by entry; an entry added in the current block is filled once measured.
    var sizes: [CellSize] = []

    var isFull: Bool { hashes.count >= Self.maximumEntries || arena.count >= Self.maximumBytes }

    /// The key of a value in a column (the same text in two columns is two entries: a column
    /// already as wide as the cap skips natural widths).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, column: Int = 0) -> UInt64 {
        ByteHash.hash(UnsafeRawPointer(bytes.baseAddress), count: bytes.count, seed: 0x5943_454C_4C4D_454D &+ UInt64(column))
    }

    /// The entry holding `bytes` (with `hash`, which names the column), if any.
    func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: hash) & mask
        while true {
            let e = Int(slots[s])
            if e < 0 { return nil }
            if hashes[e] == hash && matches(e, bytes) { return e }
            s = (s + 1) & mask
        }
    }

    private func matches(_ e: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = e == 0 ? 0 : ends[e - 1]
        guard ends[e] - start == bytes.count else { return false }
        return arena.withUnsafeBufferPointer { a in
            bytes.isEmpty || memcmp(a.baseAddress! + start, bytes.baseAddress!, bytes.count) == 0
        }
    }

    /// Adds `bytes` (not present) with a size to fill in later; nil when full.
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        guard !isFull else { return nil }
        if (hashes.count + 1) * 4 > slots.count * 3 { grow() }
        let e = hashes.count
        hashes.append(hash)
        arena.append(contentsOf: bytes)
        ends.append(arena.count)
        sizes.append(CellSize(natural: 0, height: 0, replaced: 0))
        place(e)
        return e
    }

    private mutating func place(_ e: Int) {
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: hashes[e]) & mask
        while slots[s] >= 0 { s = (s + 1) & mask }
        slots[s] = Int32(e)
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for e in hashes.indices { place(e) }
    }

    /// The columns whose values repeat enough in a block's first records (half or fewer of
    /// them distinct) to be worth a memo.
    static func repeatingColumns(_ block: CSVBlock, from start: Int, columns: Int) -> [Bool] {
        let end = min(block.count, start + 16_384)
        var distinct = [Set<UInt64>](repeating: [], count: columns)
        var seen = [Int](repeating: 0, count: columns)
        block.bytes.withUnsafeBufferPointer { bytes in
            for r in start..<end {
                for c in 0..<min(columns, block.fieldCount(r)) {
                    distinct[c].insert(hash(UnsafeBufferPointer(rebasing: bytes[block.range(r, c)])))
                    seen[c] += 1
                }
            }
        }
        return (0..<columns).map { distinct[$0].count * 2 <= seen[$0] }
    }
}
