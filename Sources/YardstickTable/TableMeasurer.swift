import YardstickFonts
import YardstickLayout
import YardstickOffsets
import YardstickShaping

/// Why a table could not be sized.
package struct TableMeasurementError: Error, CustomStringConvertible {
    package var description: String
}

/// Sizes a table the way SwiftDataTables lays out a grid: each column as wide as its widest
/// cell's single-line text, up to a maximum; every cell wrapped in its column's width; each
/// row as tall as its tallest cell. The header row is set in bold.
///
/// Streams: `measure(_:)` takes the table block by block and returns each block's row heights
/// at once, keeping nothing of the rows. That is exact without a second pass because a column
/// is never narrower than the cap unless all its cells fit on one line: a cell wider than the
/// cap wraps at the cap, and any other fits its column, so every cell's height is its height at
/// the cap. Values that repeat in a column (decided from the first block: half or fewer of its
/// values distinct) are measured once (`CellMemo`, bounded).
///
/// Cost: each distinct cell is prepared once (analysis + shaping, HarfBuzz only on
/// shaping-cache misses) and measured while its batch is in cache; on all cores; the result
/// does not depend on the thread count or on where blocks begin.
package struct TableMeasurer {
    package var engine: TextEngine
    package var attributes: TextAttributes
    package var maxColumnWidth: Double
    package var threads: Int
    /// Whether the table's first record is a header row (set in bold).
    package var hasHeader = true
    /// The widest single line in each column so far (uncapped).
    package private(set) var naturalWidths: [Double] = []
    package private(set) var rowCount = 0
    package private(set) var cellCount = 0
    package private(set) var missingGlyphs = MissingGlyphs.none
    package private(set) var replacedInvalidUTF8 = 0
    /// Rows whose number of fields is not the header's, and the first few of their lines.
    package private(set) var ragged = RaggedRows()
    private var headerFieldCount: Int?
    private var memo = CellMemo()
    /// Per column: are its values looked up in the memo (decided at the first body block).
    private var memoColumns: [Bool]?
    private var emptyHeight: Double?
    /// Cells measured in earlier runs, asked before measuring (`--cache`).
    package var cache: CellCache?
    /// Cells taken from `cache`.
    package private(set) var cachedCells = 0

    package init(engine: TextEngine, attributes: TextAttributes = TextAttributes(), maxColumnWidth: Double, threads: Int = 0) {
        self.engine = engine
        self.attributes = attributes
        self.maxColumnWidth = maxColumnWidth
        self.threads = threads
    }

    /// For a share of a table that does not start with its header (`measure --shard`): the
    /// header's number of fields, which decides the empty cells of short rows.
    package mutating func startWithoutHeader(headerFieldCount: Int) {
        hasHeader = false
        self.headerFieldCount = headerFieldCount
    }

    /// The columns' widths: their widest single line, capped.
    package var columnWidths: [Double] { naturalWidths.map { min($0, maxColumnWidth) } }

    /// Checks the settings (call before the first block).
    package func validate() throws(TableMeasurementError) {
        guard maxColumnWidth.isFinite, maxColumnWidth > 0 else {
            throw TableMeasurementError(description: "the maximum column width must be a finite number above 0 (got \(maxColumnWidth))")
        }
        if let problem = attributes.validationError { throw TableMeasurementError(description: problem) }
    }

    /// The heights of the block's rows, in order, rounded to 1/64 pt. Fields missing from a row
    /// shorter than the header are empty cells (one line high, as an empty UILabel); extra
    /// fields are measured in columns of their own.
    /// - Throws: `TableMeasurementError` when a row is taller than `RowOffsetCache.maximumHeight`
    ///   (the measurer's counts then stay as they were).
    package mutating func measure(_ block: CSVBlock) throws(TableMeasurementError) -> [LayoutLength] {
        try validate()
        guard block.count > 0 else { return [] }
        let cap = maxColumnWidth
        let body = attributes
        var bold = attributes
        bold.fontStyle = .bold
        let headerRecord = hasHeader && rowCount == 0 ? 0 : -1
        if headerFieldCount == nil { headerFieldCount = block.fieldCount(0) }
        let headerFields = headerFieldCount!
        if emptyHeight == nil { emptyHeight = engine.prepare("", style: body.fontStyle).heightAndLineCount(width: cap, attributes: body).height }
        if memoColumns == nil && block.count > headerRecord + 1 {
            memoColumns = CellMemo.repeatingColumns(block, from: headerRecord + 1, columns: headerFields)
        }
        let memoColumns = memoColumns ?? []
        // A rerun over the same records: the whole block from the persistent cache.
        let blockKey = cache.map { _ in Self.blockKey(block, hasHeaderRecord: headerRecord == 0, headerFields: headerFields) }
        if let cache, let blockKey, let stored = cache.block(for: blockKey), let heights = reuse(stored, rows: block.count, fields: headerFields) {
            return heights
        }

        // Each cell: a memo entry (>= 0), a cell to measure (-2 - index), or empty (-1).
        var cells: [Int] = []
        cells.reserveCapacity(block.count * headerFields)
        var toMeasure: [(record: Int32, column: Int32)] = []
        var filled: [(entry: Int, cell: Int)] = [] // entries added in this block, and the cell measuring each
        block.bytes.withUnsafeBufferPointer { bytes in
            for r in 0..<block.count {
                let fields = block.fieldCount(r)
                for c in 0..<max(fields, headerFields) {
                    if c >= fields { cells.append(-1); continue }
                    if r != headerRecord && c < memoColumns.count && memoColumns[c] {
                        let value = UnsafeBufferPointer(rebasing: bytes[block.range(r, c)])
                        let hash = CellMemo.hash(value, column: c)
                        if let e = memo.find(value, hash: hash) { cells.append(e); continue }
                        if let e = memo.insert(value, hash: hash) {
                            filled.append((e, toMeasure.count))
                            cells.append(e)
                            toMeasure.append((Int32(r), Int32(c)))
                            continue
                        }
                    }
                    cells.append(-2 - toMeasure.count)
                    toMeasure.append((Int32(r), Int32(c)))
                }
            }
        }
        // Measure the cells not seen before (the header's in bold), each batch while in cache;
        // body cells a persistent cache knows are taken from it.
        let headerCells = headerRecord == 0 ? toMeasure.prefix { $0.record == 0 }.count : 0
        // A column already as wide as the cap stays so: its cells' natural widths are not needed.
        let capped = naturalWidths.map { $0 >= cap }
        var sizes = measureCells(block, toMeasure[..<headerCells], attributes: bold, capped: capped)
        if let cache {
            let style = UInt64(body.fontStyle.weight.rawValue << 1 | (body.fontStyle.isItalic ? 1 : 0))
            let body = toMeasure[headerCells...]
            let keys = block.bytes.withUnsafeBufferPointer { bytes in
                Parallel.map(count: body.count, threads: threads, chunk: 1024) { k -> CellKey in
                    let cell = body[body.startIndex + k]
                    return Self.key(UnsafeBufferPointer(rebasing: bytes[block.range(Int(cell.record), Int(cell.column))]), column: Int(cell.column), style: style)
                }
            }
            let known = Parallel.map(count: keys.count, threads: threads, chunk: 1024) { k -> CellSize? in
                if k + 8 < keys.count { cache.prefetch(keys[k + 8]) }
                guard let v = cache.size(for: keys[k]) else { return nil }
                let column = Int(body[body.startIndex + k].column)
                let isCapped = column < capped.count && capped[column]
                if v.natural.isNaN && !isCapped { return nil }
                return CellSize(natural: v.natural.isNaN ? 0 : v.natural, height: v.height, replaced: 0)
            }
            let missing = known.indices.filter { known[$0] == nil }
            let measured = measureCells(block, ArraySlice(missing.map { body[body.startIndex + $0] }), attributes: self.attributes, capped: capped)
            var next = 0
            for k in known.indices {
                if let size = known[k] { sizes.append(size); continue }
                let size = measured[next]
                next += 1
                sizes.append(size)
                let column = Int(body[body.startIndex + k].column)
                let skipped = column < capped.count && capped[column]
                // Cells with something to report are measured every time, so every run reports it.
                guard size.replaced == 0 && !size.hasMissingGlyphs else { continue }
                cache.store(CellCacheValue(natural: skipped ? .nan : size.natural, height: size.height), for: keys[k])
            }
            cachedCells += known.count - missing.count
        } else {
            sizes += measureCells(block, toMeasure[headerCells...], attributes: body, capped: capped)
        }
        for (e, cell) in filled { memo.sizes[e] = sizes[cell] }

        // Rows: the tallest cell; columns: the widest line.
        var heights: [LayoutLength] = []
        heights.reserveCapacity(block.count)
        var natural = naturalWidths
        var blockNatural = [Double](repeating: 0, count: headerFields)
        var replaced = 0
        var ragged = RaggedRows()
        var hasMissingGlyphs = false
        var k = 0
        for r in 0..<block.count {
            let fields = block.fieldCount(r)
            let width = max(fields, headerFields)
            if natural.count < width { natural += [Double](repeating: 0, count: width - natural.count) }
            if fields != headerFields { ragged.add(line: block.lines[r]) }
            var tallest = 0.0
            for c in 0..<width {
                let ref = cells[k]
                k += 1
                let size = ref == -1 ? CellSize(natural: 0, height: emptyHeight!, replaced: 0) : ref >= 0 ? memo.sizes[ref] : sizes[-2 - ref]
                tallest = max(tallest, size.height)
                natural[c] = max(natural[c], size.natural)
                if c < headerFields { blockNatural[c] = max(blockNatural[c], size.natural) }
                replaced += size.replaced
                hasMissingGlyphs = hasMissingGlyphs || size.hasMissingGlyphs
            }
            // With a display scale the height is a whole pixel: rounded up to 1/64 as well, never
            // below the pixel (as `TableLayout` rounds).
            let rounded = attributes.displayScale == nil || !tallest.isFinite ? tallest : ((tallest * 64 - 1e-6).rounded(.up)) / 64
            guard let length = try? LayoutLength(roundingPoints: rounded), length <= RowOffsetCache.maximumHeight else {
                throw TableMeasurementError(description: "row \(rowCount + r) (line \(block.lines[r])) is \(tallest) pt tall; the offsets cache holds rows up to \(RowOffsetCache.maximumHeight.points) pt")
            }
            heights.append(length)
        }
        if let cache, let blockKey, replaced == 0, ragged.count == 0, !hasMissingGlyphs {
            let widths = blockNatural.indices.map { c in c < capped.count && capped[c] ? Double.nan : blockNatural[c] }
            cache.storeBlock(MeasuredBlock(heights: heights.map(\.units), naturalWidths: widths), for: blockKey)
        }
        naturalWidths = natural
        replacedInvalidUTF8 += replaced
        self.ragged.append(ragged)
        cellCount += k
        rowCount += block.count
        return heights
    }

    /// Takes a block's result from the cache, when it fits this run: a column the stored block
    /// did not measure widths in must already be as wide as the cap. Nil when it does not fit.
    private mutating func reuse(_ stored: MeasuredBlock, rows: Int, fields: Int) -> [LayoutLength]? {
        guard stored.heights.count == rows, stored.naturalWidths.count == fields else { return nil }
        var natural = naturalWidths
        if natural.count < fields { natural += [Double](repeating: 0, count: fields - natural.count) }
        for (c, width) in stored.naturalWidths.enumerated() {
            if width.isNaN { guard natural[c] >= maxColumnWidth else { return nil } } else { natural[c] = max(natural[c], width) }
        }
        let maximum = RowOffsetCache.maximumHeight.units
        guard stored.heights.allSatisfy({ $0 >= 0 && $0 <= maximum }) else { return nil }
        naturalWidths = natural
        rowCount += rows
        cellCount += rows * fields
        cachedCells += rows * fields
        return stored.heights.map { LayoutLength(units: $0) }
    }

    /// A block's key in a persistent cache: its bytes, where its fields and records end, whether
    /// it starts with the header row and the header's number of fields (which decides empty cells).
    package static func blockKey(_ block: CSVBlock, hasHeaderRecord: Bool, headerFields: Int) -> CellKey {
        let seed = 0x424C_4F43_4B4B_4559 ^ UInt64(headerFields) &* 0x9E37_79B9_7F4A_7C15 ^ (hasHeaderRecord ? 1 : 0)
        var (a, b) = block.bytes.withUnsafeBytes { ByteHash.bulkPair($0.baseAddress, count: $0.count, seed: seed) }
        for ends in [block.fieldEnds, block.recordEnds] {
            let (c, d) = ends.withUnsafeBytes { ByteHash.bulkPair($0.baseAddress, count: $0.count, seed: a ^ b) }
            a ^= c
            b = b &* 0x9E37_79B9_7F4A_7C15 ^ d
        }
        return CellKey(a: a, b: b)
    }

    /// Prepares and measures cells in batches on all cores; their missing glyphs are added up.
    private mutating func measureCells(_ block: CSVBlock, _ cells: ArraySlice<(record: Int32, column: Int32)>,
                                       attributes: TextAttributes, capped: [Bool]) -> [CellSize] {
        guard !cells.isEmpty else { return [] }
        let cap = maxColumnWidth
        let first = cells.startIndex
        let results: [(CellSize, MissingGlyphs)] = block.prepareFields(count: cells.count, field: { (Int(cells[first + $0].record), Int(cells[first + $0].column)) },
                                                                        engine: engine, style: attributes.fontStyle, threads: threads) { i, prepared, replaced in
            let column = Int(cells[first + i].column)
            let natural = column < capped.count && capped[column] ? 0 : prepared.naturalWidth(attributes: attributes)
            let missing = prepared.missingGlyphs
            let size = CellSize(natural: natural, height: prepared.heightAndLineCount(width: cap, attributes: attributes).height,
                                replaced: replaced, hasMissingGlyphs: !missing.isEmpty)
            return (size, missing)
        }
        for (_, missing) in results { missingGlyphs.formUnion(missing) }
        return results.map(\.0)
    }

    /// A cell's key in a persistent cache: two independent 64-bit hashes of its bytes, seeded
    /// with its column and style.
    static func key(_ bytes: UnsafeBufferPointer<UInt8>, column: Int, style: UInt64) -> CellKey {
        let seed = UInt64(column) &* 0x9E37_79B9_7F4A_7C15 ^ style
        let (a, b) = ByteHash.pair(UnsafeRawPointer(bytes.baseAddress), count: bytes.count,
                                   seedA: seed ^ 0x4345_4C4C_4B45_5941, seedB: seed ^ 0x7A3D_1C55_E0F1_2B6B)
        return CellKey(a: a, b: b ^ UInt64(bytes.count))
    }
}
