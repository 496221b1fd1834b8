import YardstickFonts
import YardstickLayout
import YardstickOffsets
import YardstickShaping

/// The result of sizing a table: the width chosen for each column, the height of each row, and
/// a `RowOffsetCache` holding those heights for scrolling (offsets, row at y, anchoring).
///
/// Heights are kept in the cache's exact unit (1/64 pt, rounded to nearest), so every offset is
/// the exact sum of the heights above it, however many rows there are.
package struct TableMeasurement: Sendable {
    /// Width of each column in points: its widest cell on one line, capped at the maximum column width.
    package var columnWidths: [Double]
    /// Row heights, one section, row 0 being the header row when the table has one.
    package var offsets: RowOffsetCache
    /// Cells measured.
    package var cellCount: Int
    /// The clusters no face covers, over every cell.
    package var missingGlyphs: MissingGlyphs

    package var rowCount: Int { offsets.rowCount }
    /// Height of each row in points (multiples of 1/64).
    package var rowHeights: [Double] { (0..<rowCount).map { try! offsets.height(of: RowPosition(section: 0, row: $0)).points } }
    /// Top of each row in points.
    package var rowOffsets: [Double] { (0..<rowCount).map { try! offsets.offset(of: RowPosition(section: 0, row: $0)).points } }
    package var totalHeight: Double { offsets.totalHeight.points }
}

/// Why a table could not be sized.
package struct TableMeasurementError: Error, CustomStringConvertible {
    package var description: String
}

/// Sizes a table the way SwiftDataTables lays out a grid: each column as wide as its widest
/// cell's single-line text, up to a maximum; every cell wrapped in its column's width; each
/// row as tall as its tallest cell. The header row is set in bold.
///
/// Cost: every cell is prepared once (analysis + shaping, HarfBuzz only on shaping-cache
/// misses), then natural widths and wrapped heights are arithmetic. Runs on all cores; the
/// result does not depend on the thread count.
package struct TableMeasurer {
    package var engine: TextEngine
    package var attributes: TextAttributes
    package var maxColumnWidth: Double
    package var threads: Int

    package init(engine: TextEngine, attributes: TextAttributes = TextAttributes(), maxColumnWidth: Double, threads: Int = 0) {
        self.engine = engine
        self.attributes = attributes
        self.maxColumnWidth = maxColumnWidth
        self.threads = threads
    }

    /// Measures `rows`; the first row is the header when `hasHeader`. Rows may have different
    /// numbers of fields: missing cells count as empty (one line high, as an empty UILabel).
    /// - Parameters:
    ///   - rows: the records, each a list of cells.
    ///   - hasHeader: the first record is the header row (set in bold).
    ///   - progress: called on the calling thread with (cells done, cells in all).
    /// - Throws: `TableMeasurementError` when a row is taller than `RowOffsetCache.maximumHeight`.
    package func measure(_ rows: [[String]], hasHeader: Bool = true, progress: ((Int, Int) -> Void)? = nil) throws -> TableMeasurement {
        guard maxColumnWidth.isFinite, maxColumnWidth > 0 else {
            throw TableMeasurementError(description: "the maximum column width must be a finite number above 0 (got \(maxColumnWidth))")
        }
        if let problem = attributes.validationError { throw TableMeasurementError(description: problem) }
        let columns = max(1, rows.map(\.count).max() ?? 0) // a row without cells is one empty cell
        var header = attributes
        header.fontStyle = .bold
        let headerAttributes = header
        let body = attributes
        // Flatten cells so work splits evenly however the rows are shaped.
        var cellRow: [Int32] = []
        var cellColumn: [Int32] = []
        for r in rows.indices {
            for c in 0..<columns { cellRow.append(Int32(r)); cellColumn.append(Int32(c)) }
        }
        let total = cellRow.count
        progress?(0, total)

        // 1. Prepare every cell (in blocks, to report progress) and take its natural width.
        var prepared: [PreparedText] = []
        prepared.reserveCapacity(total)
        var natural = [Double](repeating: 0, count: columns)
        var missing = MissingGlyphs.none
        let block = 16_384
        var done = 0
        while done < total {
            let end = min(total, done + block)
            let texts = (done..<end).map { i -> String in
                let row = rows[Int(cellRow[i])]
                let c = Int(cellColumn[i])
                return c < row.count ? row[c] : ""
            }
            let headerBlock = hasHeader ? max(0, min(end, columns) - done) : 0
            var batch = engine.prepare(Array(texts[0..<headerBlock]), style: .bold, threads: threads)
            batch += engine.prepare(Array(texts[headerBlock...]), style: attributes.fontStyle, threads: threads)
            let widths = Parallel.map(count: batch.count, threads: threads) { k in
                batch[k].naturalWidth(attributes: (hasHeader && done + k < columns) ? headerAttributes : body)
            }
            for k in 0..<batch.count {
                let c = Int(cellColumn[done + k])
                natural[c] = max(natural[c], widths[k])
            }
            for text in batch { missing.formUnion(text.missingGlyphs) }
            prepared += batch
            done = end
            progress?(done / 2, total)
        }
        let columnWidths = natural.map { min($0, maxColumnWidth) }

        // 2. Wrap every cell in its column's width; a row is as tall as its tallest cell.
        var heights: [Double] = []
        heights.reserveCapacity(total)
        var measured = 0
        while measured < total {
            let start = measured, end = min(total, measured + block)
            heights += Parallel.map(count: end - start, threads: threads, chunk: 256) { k -> Double in
                let i = start + k
                let a = (hasHeader && Int(cellRow[i]) == 0) ? headerAttributes : body
                return prepared[i].heightAndLineCount(width: columnWidths[Int(cellColumn[i])], attributes: a).height
            }
            measured = end
            progress?((total + measured) / 2, total)
        }
        var rowHeights = [Double](repeating: 0, count: rows.count)
        for i in 0..<total { rowHeights[Int(cellRow[i])] = max(rowHeights[Int(cellRow[i])], heights[i]) }
        let cache: RowOffsetCache
        do {
            cache = try RowOffsetCache(measuredRowHeights: rowHeights.map { try LayoutLength(roundingPoints: $0) })
        } catch {
            let r = rowHeights.firstIndex { $0 > RowOffsetCache.maximumHeight.points } ?? 0
            throw TableMeasurementError(description: "row \(r) is \(rowHeights[r]) pt tall; the offsets cache holds rows up to \(RowOffsetCache.maximumHeight.points) pt (\(error))")
        }
        progress?(total, total)
        return TableMeasurement(columnWidths: columnWidths, offsets: cache, cellCount: total, missingGlyphs: missing)
    }
}
