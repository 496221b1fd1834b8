/// A store of measured cells that outlives a run (`yardstick measure --cache DIR`): the plain
/// grid asks it before measuring a cell and tells it what it measured.
///
/// Keys are 128-bit hashes of (column, style, the cell's bytes); the store belongs to one
/// fingerprint of the engine version, fonts and settings, which its owner checks. Two texts
/// share a key with odds of about n²/2¹²⁹ (10⁻²⁵ for ten million cells).
package protocol CellCache: AnyObject {
    /// The size stored under `key`, if any.
    func size(for key: CellKey) -> CellCacheValue?
    /// Remembers a size measured in this run.
    func store(_ value: CellCacheValue, for key: CellKey)
    /// A hint that `size(for: key)` follows soon (a store in memory that is not in the CPU's
    /// caches starts loading it, so lookups overlap their misses).
    func prefetch(_ key: CellKey)
    /// A whole block of records measured before (a rerun over the same rows), by `TableMeasurer`'s
    /// key of its bytes and place, if any.
    func block(for key: CellKey) -> MeasuredBlock?
    /// Remembers a block measured in this run (only blocks with nothing to report: no ragged
    /// rows, invalid UTF-8 or missing glyphs).
    func storeBlock(_ block: MeasuredBlock, for key: CellKey)
}

extension CellCache {
    package func prefetch(_ key: CellKey) {}
    package func block(for key: CellKey) -> MeasuredBlock? { nil }
    package func storeBlock(_ block: MeasuredBlock, for key: CellKey) {}
}

/// What a block of records gave: each row's height (1/64 pt units) and, per column, its widest
/// single line (NaN where the run did not need it: the column was already as wide as the cap).
package struct MeasuredBlock: Equatable, Sendable {
    package var heights: [Int64]
    package var naturalWidths: [Double]

    package init(heights: [Int64], naturalWidths: [Double]) {
        self.heights = heights
        self.naturalWidths = naturalWidths
    }
}

/// A cell's key in a `CellCache`.
package struct CellKey: Hashable, Sendable {
    package var a: UInt64
    package var b: UInt64

    package init(a: UInt64, b: UInt64) {
        // (0, 0) marks an empty slot in the cache's table.
        self.a = a == 0 && b == 0 ? 1 : a
        self.b = b
    }
}

/// What a `CellCache` keeps of a cell: its width on one line (NaN when the run did not need it:
/// the column was already as wide as the cap) and its height at the cap.
package struct CellCacheValue: Equatable, Sendable {
    package var natural: Double
    package var height: Double

    package init(natural: Double, height: Double) {
        self.natural = natural
        self.height = height
    }
}
