import YardstickFonts
import YardstickLayout
import YardstickOffsets
import YardstickShaping

/// Why a table could not be sized.
package struct TableMeasurementError: Error, CustomStringConvertible {
    package var description: String
}

/// The plain grid (`measure --max-column-width`): each column as wide as its widest cell's
/// single-line text, up to a maximum; every cell a label with no insets wrapped in its column's
/// width; each row as tall as its tallest cell; the header row in bold. A preset of the grid
/// `RowSizer` sizes: the cells go through the same `GridCellSizer`, with this label.
///
/// Streams: `measure(_:)` takes the table block by block and returns each block's row heights
/// at once, keeping nothing of the rows. That is exact without a second pass because a column
/// is never narrower than the cap unless all its cells fit on one line: a cell wider than the
/// cap wraps at the cap, and any other fits its column, so every cell's height is its height at
/// the cap.
///
/// - Complexity: O(fields) per block, plus preparing each distinct cell once (`GridCellSizer`),
///   on all cores; the result does not depend on the thread count or on where blocks begin.
package struct TableMeasurer {
    package let engine: TextEngine
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
    /// The cells' sizes: the memo of repeated values, the persistent cache.
    private var cells: GridCellSizer
    private var emptyHeight: Double?
    /// Cells measured in earlier runs, asked before measuring (`--cache`).
    package var cache: CellCache?
    /// Cells of whole blocks taken from `cache`.
    private var reusedCells = 0
    /// Cells taken from `cache`.
    package var cachedCells: Int { reusedCells + cells.cachedCells }

    package init(engine: TextEngine, attributes: TextAttributes = TextAttributes(), maxColumnWidth: Double, threads: Int = 0) {
        self.engine = engine
        self.attributes = attributes
        self.maxColumnWidth = maxColumnWidth
        self.threads = threads
        cells = GridCellSizer(engine: engine, threads: threads)
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
        if block.count > headerRecord + 1 { cells.chooseMemoColumns(block, from: headerRecord + 1, columns: headerFields) }
        // A rerun over the same records: the whole block from the persistent cache.
        let blockKey = cache.map { _ in Self.blockKey(block, hasHeaderRecord: headerRecord == 0, headerFields: headerFields) }
        if let cache, let blockKey, let stored = cache.block(for: blockKey), let heights = reuse(stored, rows: block.count, fields: headerFields) {
            return heights
        }
        cells.cache = cache
        cells.threads = threads

        // Every cell at once (the header's in bold): its height at the cap and, while its column
        // is narrower than the cap, its natural width; a row is as tall as its tallest cell.
        var widest = headerFields
        var cellList: [GridCellSizer.Cell] = []
        var headerCells: [GridCellSizer.Cell] = []
        var tallest = [Double](repeating: 0, count: block.count)
        for r in 0..<block.count {
            let fields = block.fieldCount(r)
            widest = max(widest, fields)
            if r == headerRecord {
                for c in 0..<fields { headerCells.append((Int32(r), Int32(c))) }
            } else {
                for c in 0..<fields { cellList.append((Int32(r), Int32(c))) }
            }
            if fields < headerFields { tallest[r] = emptyHeight! } // empty cells, one line high
        }
        // A column already as wide as the cap stays so: its cells' natural widths are not needed.
        let widths = naturalWidths
        let capped = { (c: Int) in c < widths.count && widths[c] >= cap }
        func measure(_ attributes: TextAttributes) -> (Int, PreparedText) -> (natural: Double, height: Double) {
            { c, prepared in (capped(c) ? 0 : prepared.naturalWidth(attributes: attributes), prepared.heightAndLineCount(width: cap, attributes: attributes).height) }
        }
        let style = UInt64(body.fontStyle.weight.rawValue << 1 | (body.fontStyle.isItalic ? 1 : 0))
        let header = cells.sizes(block, cells: headerCells, style: bold.fontStyle, memoized: false, measure: measure(bold))
        let sizes = cells.sizes(block, cells: cellList, style: body.fontStyle, cacheStyle: cache == nil ? nil : style,
                                needsNatural: { !capped($0) }, measure: measure(body))
        var natural = naturalWidths
        if natural.count < widest { natural += [Double](repeating: 0, count: widest - natural.count) }
        var blockNatural = [Double](repeating: 0, count: headerFields)
        for (list, sized) in [(headerCells, header), (cellList, sizes)] {
            for (k, cell) in list.enumerated() {
                let r = Int(cell.record), c = Int(cell.column)
                tallest[r] = max(tallest[r], sized.heights[k])
                natural[c] = max(natural[c], sized.naturals[k])
                if c < headerFields { blockNatural[c] = max(blockNatural[c], sized.naturals[k]) }
            }
        }
        let replaced = header.replaced + sizes.replaced
        var missing = MissingGlyphs.none
        for (_, glyphs) in header.missing + sizes.missing { missing.formUnion(glyphs) }
        let hasMissingGlyphs = !missing.isEmpty

        var heights: [LayoutLength] = []
        heights.reserveCapacity(block.count)
        var ragged = RaggedRows()
        var cellCount = 0
        for r in 0..<block.count {
            let fields = block.fieldCount(r)
            cellCount += max(fields, headerFields)
            if fields != headerFields { ragged.add(line: block.lines[r]) }
            // With a display scale the height is a whole pixel: rounded up to 1/64 as well, never
            // below the pixel (as `TableLayout` rounds).
            let rounded = attributes.displayScale == nil || !tallest[r].isFinite ? tallest[r] : ((tallest[r] * 64 - 1e-6).rounded(.up)) / 64
            guard let length = try? LayoutLength(roundingPoints: rounded), length <= RowOffsetCache.maximumHeight else {
                throw TableMeasurementError(description: "row \(rowCount + r) (line \(block.lines[r])) is \(tallest[r]) pt tall; the offsets cache holds rows up to \(RowOffsetCache.maximumHeight.points) pt")
            }
            heights.append(length)
        }
        if let cache, let blockKey, replaced == 0, ragged.count == 0, !hasMissingGlyphs {
            let widths = blockNatural.indices.map { c in capped(c) ? Double.nan : blockNatural[c] }
            cache.storeBlock(MeasuredBlock(heights: heights.map(\.units), naturalWidths: widths), for: blockKey)
        }
        naturalWidths = natural
        replacedInvalidUTF8 += replaced
        missingGlyphs.formUnion(missing)
        self.ragged.append(ragged)
        self.cellCount += cellCount
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
        reusedCells += rows * fields
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

    /// A cell's key in a persistent cache: two independent 64-bit hashes of its bytes, seeded
    /// with its column and style.
    static func key(_ bytes: UnsafeBufferPointer<UInt8>, column: Int, style: UInt64) -> CellKey {
        let seed = UInt64(column) &* 0x9E37_79B9_7F4A_7C15 ^ style
        let (a, b) = ByteHash.pair(UnsafeRawPointer(bytes.baseAddress), count: bytes.count,
                                   seedA: seed ^ 0x4345_4C4C_4B45_5941, seedB: seed ^ 0x7A3D_1C55_E0F1_2B6B)
        return CellKey(a: a, b: b ^ UInt64(bytes.count))
    }
}
