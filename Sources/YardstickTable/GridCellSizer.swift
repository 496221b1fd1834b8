import YardstickFonts
import YardstickLayout

/// Sizes a grid's default cells straight from the bytes of a block of CSV records: the core both
/// grids share. The plain grid (`TableMeasurer`: a label with no insets at the cap, the header
/// row in bold) and the SwiftDataTables grid read in blocks (`RowSizer`: its default cell's
/// label at the column's width) differ only in the `measure` function they hand it.
///
/// A value that repeats in a column is measured once (`CellMemo`, bounded; the columns are chosen
/// from the first block); other cells a persistent cache knows (`CellCache`) are taken from it,
/// and cells measured clean are stored there. Clusters no face covers are counted at every use
/// of a value, so the counts do not depend on what the memo or a cache holds.
///
/// - Complexity: O(length) per cell to find it, plus preparing each value not met before
///   (HarfBuzz only on shaping-cache misses) in one pass on all cores; the sizes do not depend
///   on the thread count or on where blocks begin.
package struct GridCellSizer {
    package let engine: TextEngine
    package var threads: Int
    /// Cells measured in earlier runs, asked before measuring.
    package var cache: CellCache?
    /// Cells taken from `cache`.
    package private(set) var cachedCells = 0
    private var memo = CellMemo()
    /// The clusters each memo entry's text has that no face covers, for the few that have any.
    private var memoMissing: [Int: MissingGlyphs] = [:]
    /// Per column: are its values looked up in the memo.
    private var memoColumns: [Bool]?

    /// A cell: a record of the block and a column.
    package typealias Cell = (record: Int32, column: Int32)

    /// What `sizes` found of the cells, in their order.
    package struct Sizes {
        package var heights: [Double] = []
        /// Natural widths (0 where not needed).
        package var naturals: [Double] = []
        /// Invalid UTF-8 sequences replaced, over every cell (a repeated value at every use).
        package var replaced = 0
        /// The cells that have clusters no face covers, and those clusters.
        package var missing: [(cell: Int, glyphs: MissingGlyphs)] = []
    }

    package init(engine: TextEngine, threads: Int) {
        self.engine = engine
        self.threads = threads
    }

    /// Chooses, once, the columns whose values repeat enough among `block`'s records from
    /// `start` on to be worth the memo (`CellMemo.repeatingColumns`).
    package mutating func chooseMemoColumns(_ block: CSVBlock, from start: Int, columns: Int) {
        if memoColumns == nil { memoColumns = CellMemo.repeatingColumns(block, from: start, columns: columns) }
    }

    /// Sizes `cells` of `block` (every one a field the record has), in order.
    /// - Parameters:
    ///   - memoized: whether values may be looked up in the memo (the header's are not).
    ///   - cacheStyle: the style in a persistent cache's key; nil: the cache is not asked.
    ///   - needsNatural: per column, whether natural widths are needed: a cached cell without
    ///     one is then measured again, and one measured without it is stored as NaN.
    ///   - measure: a prepared text's natural width (0 when not needed) and height, by column.
    package mutating func sizes(_ block: CSVBlock, cells: [Cell], style: FontStyle, memoized: Bool = true, cacheStyle: UInt64? = nil,
                                needsNatural: (Int) -> Bool = { _ in false },
                                measure: (Int, PreparedText) -> (natural: Double, height: Double)) -> Sizes {
        guard !cells.isEmpty else { return Sizes() }
        let memoColumns = memoized ? self.memoColumns ?? [] : []
        // Each cell: a memo entry (>= 0) or a cell to size (-1 - index into `toSize`).
        var refs = [Int](repeating: 0, count: cells.count)
        var toSize: [Cell] = []
        var filled: [(entry: Int, cell: Int)] = []
        block.bytes.withUnsafeBufferPointer { bytes in
            for (i, cell) in cells.enumerated() {
                let c = Int(cell.column)
                if c < memoColumns.count && memoColumns[c] {
                    let value = UnsafeBufferPointer(rebasing: bytes[block.range(Int(cell.record), c)])
                    let hash = CellMemo.hash(value, column: c)
                    if let e = memo.find(value, hash: hash) { refs[i] = e; continue }
                    if let e = memo.insert(value, hash: hash) { filled.append((e, toSize.count)); refs[i] = e; toSize.append(cell); continue }
                }
                refs[i] = -1 - toSize.count
                toSize.append(cell)
            }
        }
        var sized: [CellSize]
        var missing: [Int: MissingGlyphs]
        if let cacheStyle, let cache {
            (sized, missing) = cachedOrMeasured(block, toSize, style: style, cache: cache, cacheStyle: cacheStyle, needsNatural: needsNatural, measure: measure)
        } else {
            (sized, missing) = prepare(block, toSize, style: style, measure: measure)
        }
        for (e, cell) in filled {
            memo.sizes[e] = sized[cell]
            if let m = missing[cell] { memoMissing[e] = m }
        }
        var result = Sizes()
        result.heights.reserveCapacity(cells.count)
        result.naturals.reserveCapacity(cells.count)
        for (i, ref) in refs.enumerated() {
            let size = ref >= 0 ? memo.sizes[ref] : sized[-1 - ref]
            result.heights.append(size.height)
            result.naturals.append(size.natural)
            result.replaced += size.replaced
            if size.hasMissingGlyphs, let m = ref >= 0 ? memoMissing[ref] : missing[-1 - ref] { result.missing.append((i, m)) }
        }
        return result
    }

    /// Sizes cells, taking those the persistent cache knows from it and storing the clean ones
    /// measured.
    private mutating func cachedOrMeasured(_ block: CSVBlock, _ cells: [Cell], style: FontStyle, cache: CellCache, cacheStyle: UInt64,
                                           needsNatural: (Int) -> Bool,
                                           measure: (Int, PreparedText) -> (natural: Double, height: Double)) -> ([CellSize], [Int: MissingGlyphs]) {
        let keys = block.bytes.withUnsafeBufferPointer { bytes in
            Parallel.map(count: cells.count, threads: threads, chunk: 1024) { k -> CellKey in
                let c = Int(cells[k].column)
                return TableMeasurer.key(UnsafeBufferPointer(rebasing: bytes[block.range(Int(cells[k].record), c)]), column: c, style: cacheStyle)
            }
        }
        let natural = cells.map { needsNatural(Int($0.column)) }
        let known = Parallel.map(count: keys.count, threads: threads, chunk: 1024) { k -> CellSize? in
            if k + 8 < keys.count { cache.prefetch(keys[k + 8]) }
            guard let v = cache.size(for: keys[k]), !(v.natural.isNaN && natural[k]) else { return nil }
            return CellSize(natural: v.natural.isNaN ? 0 : v.natural, height: v.height, replaced: 0)
        }
        let unknown = known.indices.filter { known[$0] == nil }
        let (measured, measuredMissing) = prepare(block, unknown.map { cells[$0] }, style: style, measure: measure)
        var sizes: [CellSize] = []
        sizes.reserveCapacity(cells.count)
        var missing: [Int: MissingGlyphs] = [:]
        var next = 0
        for k in known.indices {
            if let size = known[k] { sizes.append(size); continue }
            let size = measured[next]
            if let m = measuredMissing[next] { missing[k] = m }
            next += 1
            sizes.append(size)
            // Cells with something to report are measured every time, so every run reports it.
            guard size.replaced == 0 && !size.hasMissingGlyphs else { continue }
            cache.store(CellCacheValue(natural: natural[k] ? size.natural : .nan, height: size.height), for: keys[k])
        }
        cachedCells += known.count - unknown.count
        return (sizes, missing)
    }

    /// Prepares the cells' fields on all cores and measures each; the clusters no face covers
    /// by cell, for the few that have any.
    private func prepare(_ block: CSVBlock, _ cells: [Cell], style: FontStyle,
                         measure: (Int, PreparedText) -> (natural: Double, height: Double)) -> ([CellSize], [Int: MissingGlyphs]) {
        let results = block.prepareFields(count: cells.count, field: { (Int(cells[$0].record), Int(cells[$0].column)) }, engine: engine,
                                          style: style, threads: threads) { i, prepared, replaced -> (CellSize, MissingGlyphs?) in
            let (natural, height) = measure(Int(cells[i].column), prepared)
            let glyphs = prepared.missingGlyphs
            return (CellSize(natural: natural, height: height, replaced: replaced, hasMissingGlyphs: !glyphs.isEmpty), glyphs.isEmpty ? nil : glyphs)
        }
        var missing: [Int: MissingGlyphs] = [:]
        for (i, result) in results.enumerated() where result.1 != nil { missing[i] = result.1 }
        let sizes = results.map(\.0)
        return (sizes, missing)
    }
}
