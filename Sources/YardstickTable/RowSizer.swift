import YardstickFonts
import YardstickLayout
import YardstickOffsets
import YardstickTemplates

/// Sizes rows given as CSV records at the cells of a laid-out table: the lengths the table would
/// store for them (1/64 pt, the spacing included), without a table to store them in. A table read
/// in blocks (`measure --config`) is laid out once, from its first row, and every block's records
/// are then sized here.
///
/// A grid's default cells go through `GridCellSizer`, as the plain grid's (`TableMeasurer`) do:
/// fields read where they lie in the block (no `String` is made), a value that repeats in a
/// column measured once (a default cell's height depends only on its text at its column's
/// width). Template cells read rows made of the fields' text.
///
/// - Complexity: O(fields) per block, plus preparing each text not met before (HarfBuzz only on
///   shaping-cache misses), on all cores. The lengths do not depend on the thread count, on
///   where blocks begin or on what the memo holds.
package struct RowSizer {
    private let plan: TablePlan<TableData.Row>
    private var cells: RowCells<TableData.Row>
    private let spacingUnits: Int64
    /// Whether every cell is a grid's default cell, read from the block's bytes.
    private let readsBytes: Bool
    package var threads: Int
    /// The default cells' sizes (the memo of repeated values).
    private var defaultCells: GridCellSizer
    /// The clusters no face covers in the rows sized so far (each row counts).
    package private(set) var missingGlyphs = MissingGlyphs.none

    /// What `lengths` found of the records it sized, in their order.
    package struct Sized {
        /// The stored lengths: 1/64 pt, the inter-row spacing included.
        package var lengths: [LayoutLength]
        /// Per record: nothing to report (no invalid UTF-8 replaced, every cluster drawn).
        package var clean: [Bool]
        /// Invalid UTF-8 sequences replaced by U+FFFD in these records' texts.
        package var replaced: Int
    }

    /// A sizer of rows at the cells of `table`'s first section (a block's table: one section).
    package init(_ table: TableLayout<TableData.Row>) {
        var plan = table.plan
        for s in plan.sections.indices { plan.sections[s].rows = [] }
        cells = plan.rowCells[plan.sections.first?.rowCellsIndex ?? 0]
        self.plan = plan
        spacingUnits = table.spacingUnits
        threads = table.threads
        defaultCells = GridCellSizer(engine: cells.engine, threads: table.threads)
        // A grid's cell i is its column i (`TablePlan.grid`).
        readsBytes = !plan.columnNames.isEmpty && cells.geometry.cells.allSatisfy { if case .dataCell = $0 { true } else { false } }
    }

    /// The lengths of records `records` of `block` (indices into it, in order). `name(k)` names
    /// `records[k]` in errors.
    /// - Throws: `SizingError` (no path) when a row is too tall for the offsets cache or its
    ///   height is not a length; nothing is counted then.
    package mutating func lengths(_ block: CSVBlock, records: [Int], name: (Int) -> String) throws(SizingError) -> Sized {
        var heights = [Double](repeating: 0, count: records.count)
        var clean = [Bool](repeating: true, count: records.count)
        var replaced = [Int](repeating: 0, count: records.count)
        var missing = MissingGlyphs.none
        // Rows whose height is known (a height column, a fixed mode) are not fitted.
        var toFit = Array(records.indices)
        if plan.hasKnownHeights {
            toFit = []
            for k in records.indices {
                let (row, count) = Self.row(block, records[k])
                if let h = plan.knownHeight(section: 0, row: k, row) {
                    heights[k] = h
                    replaced[k] = count
                } else {
                    toFit.append(k)
                }
            }
        }
        if !toFit.isEmpty {
            if readsBytes {
                for k in toFit { replaced[k] = Self.replacedCount(block, records[k]) }
                fitDefaultCells(block, records: toFit.map { records[$0] }) { i, height, rowMissing in
                    let k = toFit[i]
                    heights[k] = max(heights[k], height)
                    if !rowMissing.isEmpty {
                        missing.formUnion(rowMissing)
                        clean[k] = false
                    }
                }
            } else {
                var rows: [TableData.Row] = []
                rows.reserveCapacity(toFit.count)
                for k in toFit {
                    let (row, count) = Self.row(block, records[k])
                    rows.append(row)
                    replaced[k] = count
                }
                let prepared = cells.prepare(count: rows.count, threads: threads) { rows[$0] }
                let fitted = cells.geometry.heights(count: rows.count, threads: threads) { i, body in prepared.withRow(i, body) }
                for (i, k) in toFit.enumerated() {
                    heights[k] = fitted[i]
                    let rowMissing = prepared.withRow(i) { texts in
                        texts.reduce(into: MissingGlyphs.none) { all, text in if let text { all.formUnion(text.missingGlyphs) } }
                    }
                    if !rowMissing.isEmpty { clean[k] = false }
                }
                missing.formUnion(prepared.missingGlyphs)
            }
        }
        var lengths: [LayoutLength] = []
        lengths.reserveCapacity(records.count)
        for k in records.indices {
            lengths.append(try TableLayout<TableData.Row>.rowLength(heights[k], spacingUnits: spacingUnits, roundsUp: plan.roundsUp, name: name(k)))
            if replaced[k] > 0 { clean[k] = false }
        }
        missingGlyphs.formUnion(missing)
        return Sized(lengths: lengths, clean: clean, replaced: replaced.reduce(0, +))
    }

    /// Record `r` of a block as a row of text, and the invalid UTF-8 sequences replaced in it.
    package static func row(_ block: CSVBlock, _ r: Int) -> (row: TableData.Row, replaced: Int) {
        var replaced = 0
        let fields = (0..<block.fieldCount(r)).map { c in
            let (text, count) = block.string(r, c)
            replaced += count
            return text
        }
        return (TableData.Row(fields), replaced)
    }

    /// The invalid UTF-8 sequences in record `r`'s fields (all of them, as in its row of text).
    static func replacedCount(_ block: CSVBlock, _ r: Int) -> Int {
        block.bytes.withUnsafeBufferPointer { bytes in
            var count = 0
            for c in 0..<block.fieldCount(r) {
                let field = UnsafeBufferPointer(rebasing: bytes[block.range(r, c)])
                if !UTF8Validation.isValid(field) { count += CSVBlock.decode(field).replaced }
            }
            return count
        }
    }

    /// A grid of default cells: each cell's height from its field's bytes, handed to `cell(i,
    /// height, missing)` for record `records[i]`, column by column. Empty and missing
    /// fields are one line.
    private mutating func fitDefaultCells(_ block: CSVBlock, records: [Int], _ cell: (Int, Double, MissingGlyphs) -> Void) {
        let geometry = cells.geometry
        defaultCells.threads = threads
        defaultCells.chooseMemoColumns(block, from: records[0], columns: geometry.cells.count)
        // Every wrapping column's non-empty fields at once; the others are one line.
        var widths: [Double] = []
        var list: [GridCellSizer.Cell] = []
        var at: [Int] = [] // the index in `records` of each of `list`
        for case .dataCell(let width, _) in geometry.cells { widths.append(width) }
        for (i, r) in records.enumerated() {
            for c in geometry.cells.indices {
                guard case .dataCell(let width, let wraps) = geometry.cells[c] else { continue }
                if wraps && c < block.fieldCount(r) && !block.range(r, c).isEmpty {
                    list.append((Int32(r), Int32(c)))
                    at.append(i)
                } else {
                    cell(i, geometry.dataCellHeight(width: width, wraps: wraps, text: nil), .none)
                }
            }
        }
        let sizes = defaultCells.sizes(block, cells: list, style: geometry.dataCellAttributes.fontStyle) { c, text in
            (0, geometry.dataCellHeight(width: widths[c], wraps: true, text: text))
        }
        var missing = sizes.missing[...]
        for (k, i) in at.enumerated() {
            var glyphs = MissingGlyphs.none
            if let first = missing.first, first.cell == k { glyphs = first.glyphs; missing = missing.dropFirst() }
            cell(i, sizes.heights[k], glyphs)
        }
    }
}
