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
