import YardstickFonts
import YardstickLayout
import YardstickTemplates

/// One cell of a row, at its width.
package enum PlannedCell<Row> {
    /// SwiftDataTables' `DataCell`: a label 15 pt from each side and 5 pt from top and bottom.
    /// On one line every row is `ceil(line height + 10)`; wrapped, `ceil(max(text height, line
    /// height)) + 10` with the text in `max(width − 30, 20)` (its label is at least 20 wide).
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
        case .template(let sizer, _, _, _): return sizer.layout.slots.count
        }
    }
}

/// A row's cells (one per grid column, or a list's one template) and how to measure a row: its
/// texts prepared slot by slot, then each cell fitted; the row is as tall as its tallest cell.
package struct RowCells<Row> {
    package private(set) var cells: [PlannedCell<Row>]
    package let engine: TextEngine
    /// What fitting needs, without the row type (so the per-row code is not generic).
    package private(set) var geometry: RowGeometry
    /// Every cell's text slots, in the row's slot order.
    private(set) var slotReaders: [SlotReader<Row>] = []

    /// Cells whose templates were compiled for `environment`.
    package init(cells: [PlannedCell<Row>], engine: TextEngine, environment: SizingEnvironment) {
        self.cells = cells
        self.engine = engine
        geometry = RowGeometry(cells: [], slotStarts: [], slotCount: 0, environment: environment, dataCellAttributes: TextAttributes(), dataCellLineHeight: 0)
        setDataCellAttributes()
        refreshGeometry()
    }

    package var environment: SizingEnvironment { geometry.environment }
    package var slotCount: Int { geometry.slotCount }

    /// Another category or display scale: templates are compiled again, prepared texts stay valid.
    package mutating func setEnvironment(_ environment: SizingEnvironment) throws(SizingError) {
        for i in cells.indices {
            if case .template(let sizer, let width, let rounding, let minimum) = cells[i] {
                cells[i] = .template(try sizer.with(environment: environment), width: width, gridRounding: rounding, minimum: minimum)
            }
        }
        geometry.environment = environment
        setDataCellAttributes()
        refreshGeometry()
    }

    /// The default cell's text: the body style at the category, UIKit wrapping; and one line's height.
    private mutating func setDataCellAttributes() {
        let environment = geometry.environment
        var a = TextAttributes(textStyle: .body, category: environment.category, maximumCategory: environment.maximumCategory)
        a.opticalSizing = environment.opticalSizing
        a.hyphenateWordBreaks = false
        geometry.dataCellAttributes = a
        geometry.dataCellLineHeight = engine.prepare("").heightAndLineCount(width: 1000, attributes: a).height
    }

    package mutating func setWidth(_ width: Double, ofCell i: Int) {
        cells[i] = cells[i].with(width: width)
        refreshGeometry()
    }

    private mutating func refreshGeometry() {
        geometry.cells = cells.map { cell in
            switch cell {
            case .dataCell(_, let width, let wraps): return .dataCell(width: width, wraps: wraps)
            case .template(let sizer, let width, _, let minimum): return .template(sizer.layout, width: width, minimum: minimum)
            }
        }
        geometry.slotStarts = []
        var count = 0
        for cell in cells {
            geometry.slotStarts.append(count)
            count += cell.slotCount
        }
        geometry.slotCount = count
        slotReaders = cells.flatMap { cell -> [SlotReader<Row>] in
            switch cell {
            case .dataCell(let read, _, let wraps): // an empty default cell is one line: nothing to prepare
                return wraps ? [SlotReader(read: read, fontStyle: geometry.dataCellAttributes.fontStyle, skipsEmpty: true)] : []
            case .template(let sizer, _, _, _): return sizer.slotReaders
            }
        }
    }

    /// Prepares the texts of `count` rows, row by row (`slotCount` per row): each row is read
    /// once, each slot's texts prepared together.
    package func prepare(count: Int, threads: Int, row: (Int) -> Row) -> PreparedCells {
        PreparedCells(slotReaders, count: count, engine: engine, threads: threads, row: row)
    }
}

/// The cells of a row as fitting sees them: kinds, widths and where each cell's texts are.
package struct RowGeometry: Sendable {
    package enum Cell: Sendable {
        case dataCell(width: Double, wraps: Bool)
        case template(TemplateLayout, width: Double, minimum: Double)
    }
    package var cells: [Cell]
    package var slotStarts: [Int]
    package var slotCount: Int
    package var environment: SizingEnvironment
    /// The default cell's text attributes (body at the category, UIKit wrapping) and one line's height.
    var dataCellAttributes: TextAttributes
    var dataCellLineHeight: Double

    /// Scratch space for one worker: one per template cell.
    package func makeScratch() -> [FitScratch] {
        cells.map { cell in
            if case .template(let layout, _, _) = cell { return FitScratch(nodeCount: layout.nodes.count) }
            return FitScratch(nodeCount: 0)
        }
    }

    /// A default cell's height: one line when it does not wrap or is empty (no text), else its
    /// text wrapped in the label's width.
    @inline(__always)
    package func dataCellHeight(width: Double, wraps: Bool, text: PreparedText?) -> Double {
        let line = dataCellLineHeight
        if !wraps { return (line + 10 - 1e-9).rounded(.up) }
        guard let text else { return (line - 1e-9).rounded(.up) + 10 }
        // The label keeps its 20 pt minimum width in a column too narrow for it.
        return (max(text.heightAndLineCount(width: max(width - 30, 20), attributes: dataCellAttributes).height, line) - 1e-9).rounded(.up) + 10
    }

    /// The row's height from its prepared texts.
    package func height(texts: UnsafeBufferPointer<PreparedText?>, scratch: inout [FitScratch]) -> Double {
        var tallest = 0.0
        for c in cells.indices {
            let h: Double
            switch cells[c] {
            case .dataCell(let width, let wraps):
                h = dataCellHeight(width: width, wraps: wraps, text: wraps ? texts[slotStarts[c]] : nil)
            case .template(let layout, let width, let minimum):
                let own = UnsafeBufferPointer(rebasing: texts[slotStarts[c]..<slotStarts[c] + layout.slots.count])
                h = max(layout.height(width: width, texts: own, scratch: &scratch[c]), minimum)
            }
            tallest = max(tallest, h)
        }
        return tallest
    }

    /// Heights of `count` rows from their prepared texts (`texts(k, body)` hands row k's to
    /// `body`), on all cores, each worker with its own scratch space; the same numbers whatever
    /// the thread count.
    package func heights(count: Int, threads: Int, texts: (Int, (UnsafeBufferPointer<PreparedText?>) -> Double) -> Double) -> [Double] {
        let workers = Parallel.workerCount(count: count, threads: threads, chunk: 64)
        let scratch = UnsafeMutableBufferPointer<[FitScratch]>.allocate(capacity: workers)
        _ = scratch.initialize(from: (0..<workers).map { _ in makeScratch() })
        defer { scratch.deinitialize(); scratch.deallocate() }
        return Parallel.map(count: count, threads: workers, chunk: 64) { k, worker in
            texts(k) { height(texts: $0, scratch: &scratch[worker]) }
        }
    }
}
