import YardstickFonts
import YardstickLayout
import YardstickTemplates

/// One cell of a row, at its width.
package enum PlannedCell<Row> {
    /// SwiftDataTables' `DataCell`: a label 15 pt from each side and 5 pt from top and bottom.
    /// On one line every row is `ceil(line height + 10)`; wrapped, `ceil(max(text height, line
    /// height)) + 10` with the text in `width − 30`.
    case dataCell(read: (Row) -> String?, width: Double, wraps: Bool)
    /// A template fitted at `width`; in a grid its height is rounded up to whole points and is
    /// at least `minimum` (SwiftDataTables' Auto Layout cells never go under the estimate).
    case template(CellSizer<Row>, width: Double, gridRounding: Bool, minimum: Double)

    package var width: Double {
        switch self {
        case .dataCell(_, let w, _), .template(_, let w, _, _): return w
        }
    }

    package func with(width: Double) -> PlannedCell {
        switch self {
        case .dataCell(let read, _, let wraps): return .dataCell(read: read, width: width, wraps: wraps)
        case .template(let sizer, _, let rounding, let minimum): return .template(sizer, width: width, gridRounding: rounding, minimum: minimum)
        }
    }

    /// Text elements the cell reads from a row.
    var slotCount: Int {
        switch self {
        case .dataCell(_, _, let wraps): return wraps ? 1 : 0
        case .template(let sizer, _, _, _): return sizer.compiled.slots.count
        }
    }
}

/// A row's cells (one per grid column, or a list's one template) and how to measure a row: its
/// texts prepared slot by slot, then each cell fitted; the row is as tall as its tallest cell.
package struct RowCells<Row> {
    package var cells: [PlannedCell<Row>]
    package let engine: TextEngine
    package private(set) var environment: SizingEnvironment
    /// The default cell's text attributes (body at the category, UIKit wrapping) and one line's height.
    private(set) var dataCellAttributes: TextAttributes
    private(set) var dataCellLineHeight: Double
    /// Where each cell's texts start in a row's slots.
    private(set) var slotStarts: [Int]
    package private(set) var slotCount: Int

    package init(cells: [PlannedCell<Row>], engine: TextEngine, environment: SizingEnvironment) {
        self.cells = cells
        self.engine = engine
        self.environment = environment
        dataCellAttributes = TextAttributes()
        dataCellLineHeight = 0
        slotStarts = []
        slotCount = 0
        for cell in cells {
            slotStarts.append(slotCount)
            slotCount += cell.slotCount
        }
        setEnvironment(environment)
    }

    /// Another category or display scale: templates are compiled again, prepared texts stay valid.
    package mutating func setEnvironment(_ environment: SizingEnvironment) {
        self.environment = environment
        var a = TextAttributes(textStyle: .body, category: environment.category, maximumCategory: environment.maximumCategory)
        a.hyphenateWordBreaks = false
        dataCellAttributes = a
        dataCellLineHeight = engine.prepare("").measure(width: 1000, attributes: a).height
        for i in cells.indices {
            if case .template(let sizer, let width, let rounding, let minimum) = cells[i] {
                let s = sizer.with(environment: environment)
                cells[i] = .template(rounding ? s.ceilingToWholePoints() : s, width: width, gridRounding: rounding, minimum: minimum)
            }
        }
    }

    /// Prepares the texts of `count` rows, row by row (`slotCount` per row).
    package func prepare(count: Int, threads: Int, row: (Int) -> Row) -> PreparedCells {
        var all = PreparedCells(rowCount: count, slotCount: slotCount)
        for (c, cell) in cells.enumerated() {
            switch cell {
            case .dataCell(let read, _, let wraps):
                guard wraps else { continue }
                var texts: [String] = [], rows: [Int32] = []
                for r in 0..<count {
                    guard let value = read(row(r)), !value.isEmpty else { continue } // empty: one line, nothing to prepare
                    texts.append(value)
                    rows.append(Int32(r))
                }
                let prepared = engine.prepare(texts, style: .regular, threads: threads)
                for k in prepared.indices { all.texts[Int(rows[k]) * slotCount + slotStarts[c]] = prepared[k] }
            case .template(let sizer, _, _, _):
                let own = sizer.prepare(count: count, threads: threads, row: row)
                let n = own.slotCount
                guard n > 0 else { continue }
                for r in 0..<count {
                    for s in 0..<n { all.texts[r * slotCount + slotStarts[c] + s] = own.texts[r * n + s] }
                }
            }
        }
        return all
    }

    /// Scratch space for one worker: one per template cell.
    package func makeScratch() -> [FitScratch] {
        cells.map { cell in
            if case .template(let sizer, _, _, _) = cell { return FitScratch(nodeCount: sizer.compiled.nodes.count) }
            return FitScratch(nodeCount: 0)
        }
    }

    /// The row's height from its prepared texts.
    package func height(texts: UnsafeBufferPointer<PreparedText?>, scratch: inout [FitScratch]) -> Double {
        var tallest = 0.0
        for (c, cell) in cells.enumerated() {
            let h: Double
            switch cell {
            case .dataCell(_, let width, let wraps):
                let line = dataCellLineHeight
                if !wraps {
                    h = (line + 10 - 1e-9).rounded(.up)
                } else if let text = texts[slotStarts[c]], width - 30 > 0 {
                    h = (max(text.measure(width: width - 30, attributes: dataCellAttributes).height, line) - 1e-9).rounded(.up) + 10
                } else {
                    h = (line - 1e-9).rounded(.up) + 10
                }
            case .template(let sizer, let width, _, let minimum):
                let own = UnsafeBufferPointer(rebasing: texts[slotStarts[c]..<slotStarts[c] + cell.slotCount])
                h = max(sizer.compiled.height(width: width, texts: own, scratch: &scratch[c]), minimum)
            }
            tallest = max(tallest, h)
        }
        return tallest
    }
}
