import YardstickFonts
import YardstickLayout

/// Sizes a grid's default cells straight from the bytes of a block of CSV records, one column
/// at a time: the core both grids share. The plain grid (`TableMeasurer`: a label with no insets
/// at the cap, the header row in bold) and the SwiftDataTables grid read in blocks (`RowSizer`:
/// its default cell's label at the column's width) differ only in the `measure` function they
/// hand it.
///
/// A value that repeats in a column is measured once (`CellMemo`, bounded; the columns are chosen
/// from the first block); other cells a persistent cache knows (`CellCache`) are taken from it,
/// and cells measured clean are stored there. Clusters no face covers are counted at every use
/// of a value, so the counts do not depend on what the memo or a cache holds.
///
/// - Complexity: O(length) per cell to find it, plus preparing each value not met before
///   (HarfBuzz only on shaping-cache misses), on all cores; the sizes do not depend on the
///   thread count or on where blocks begin.
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

    /// A cell as sized: its size and the clusters no face covers in it.
    package struct Sized {
        var size: CellSize
        package var missing: MissingGlyphs
        package var height: Double { size.height }
        package var natural: Double { size.natural }
        /// Invalid UTF-8 sequences replaced in the cell's text.
        package var replaced: Int { size.replaced }
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

    /// Sizes field `column` of each of `records` (every one has the field), in order.
    /// - Parameters:
    ///   - memoized: whether the column's values may be looked up in the memo (the header's are not).
    ///   - cacheStyle: the style in a persistent cache's key; nil: the cache is not asked.
    ///   - needsNatural: whether natural widths are needed: a cached cell without one is then
    ///     measured again, and one measured without it is stored as NaN.
    ///   - measure: a prepared text's natural width (0 when not needed) and height.
    package mutating func sizes(_ block: CSVBlock, records: [Int32], column: Int, style: FontStyle, memoized: Bool = true,
                                cacheStyle: UInt64? = nil, needsNatural: Bool = false,
                                measure: (PreparedText) -> (natural: Double, height: Double)) -> [Sized] {
        guard !records.isEmpty else { return [] }
        let usesMemo = memoized && column < (memoColumns?.count ?? 0) && memoColumns![column]
        // Each record's cell: a memo entry (>= 0) or a cell to size (-1 - index into `toSize`).
        var refs = [Int](repeating: 0, count: records.count)
        var toSize: [Int32] = []
        var filled: [(entry: Int, cell: Int)] = []
        block.bytes.withUnsafeBufferPointer { bytes in
            for (i, r) in records.enumerated() {
                if usesMemo {
                    let value = UnsafeBufferPointer(rebasing: bytes[block.range(Int(r), column)])
                    let hash = CellMemo.hash(value, column: column)
                    if let e = memo.find(value, hash: hash) { refs[i] = e; continue }
                    if let e = memo.insert(value, hash: hash) { filled.append((e, toSize.count)); refs[i] = e; toSize.append(r); continue }
                }
                refs[i] = -1 - toSize.count
                toSize.append(r)
            }
        }
        let sized: [Sized]
        if let cacheStyle, let cache {
            sized = cachedOrMeasured(block, toSize, column: column, textStyle: style, cache: cache, cacheStyle: cacheStyle,
                                     needsNatural: needsNatural, measure: measure)
        } else {
            sized = prepare(block, toSize, column: column, style: style, measure: measure)
        }
        for (e, cell) in filled {
            memo.sizes[e] = sized[cell].size
            if !sized[cell].missing.isEmpty { memoMissing[e] = sized[cell].missing }
        }
        return refs.map { ref in
            guard ref >= 0 else { return sized[-1 - ref] }
            let size = memo.sizes[ref]
            return Sized(size: size, missing: size.hasMissingGlyphs ? memoMissing[ref] ?? .none : .none)
        }
    }

    /// Sizes cells, taking those the persistent cache knows from it and storing the clean ones
    /// measured.
    private mutating func cachedOrMeasured(_ block: CSVBlock, _ records: [Int32], column: Int, textStyle: FontStyle, cache: CellCache,
                                           cacheStyle: UInt64, needsNatural: Bool,
                                           measure: (PreparedText) -> (natural: Double, height: Double)) -> [Sized] {
        let keys = block.bytes.withUnsafeBufferPointer { bytes in
            Parallel.map(count: records.count, threads: threads, chunk: 1024) { k -> CellKey in
                TableMeasurer.key(UnsafeBufferPointer(rebasing: bytes[block.range(Int(records[k]), column)]), column: column, style: cacheStyle)
            }
        }
        let known = Parallel.map(count: keys.count, threads: threads, chunk: 1024) { k -> CellSize? in
            if k + 8 < keys.count { cache.prefetch(keys[k + 8]) }
            guard let v = cache.size(for: keys[k]), !(v.natural.isNaN && needsNatural) else { return nil }
            return CellSize(natural: v.natural.isNaN ? 0 : v.natural, height: v.height, replaced: 0)
        }
        let missing = known.indices.filter { known[$0] == nil }
        let measured = prepare(block, missing.map { records[$0] }, column: column, style: textStyle, measure: measure)
        var sized: [Sized] = []
        sized.reserveCapacity(records.count)
        var next = 0
        for k in known.indices {
            if let size = known[k] { sized.append(Sized(size: size, missing: .none)); continue }
            let cell = measured[next]
            next += 1
            sized.append(cell)
            // Cells with something to report are measured every time, so every run reports it.
            guard cell.replaced == 0 && cell.missing.isEmpty else { continue }
            cache.store(CellCacheValue(natural: needsNatural ? cell.natural : .nan, height: cell.height), for: keys[k])
        }
        cachedCells += known.count - missing.count
        return sized
    }

    /// Prepares field `column` of each record on all cores and measures it.
    private func prepare(_ block: CSVBlock, _ records: [Int32], column: Int, style: FontStyle,
                         measure: (PreparedText) -> (natural: Double, height: Double)) -> [Sized] {
        block.prepareFields(count: records.count, field: { (Int(records[$0]), column) }, engine: engine, style: style,
                            threads: threads) { _, prepared, replaced in
            let (natural, height) = measure(prepared)
            let missing = prepared.missingGlyphs
            return Sized(size: CellSize(natural: natural, height: height, replaced: replaced, hasMissingGlyphs: !missing.isEmpty), missing: missing)
        }
    }
}
