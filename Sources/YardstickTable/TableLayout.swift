import YardstickFonts
import YardstickLayout
import YardstickOffsets
import YardstickShaping
import YardstickTemplates

/// A sized table: its sections, each row's height (measured, known, or still estimated) and a
/// `RowOffsetCache` answering every scroll question in O(log n). The headless UITableView or
/// SwiftDataTables grid.
///
/// Make one with `grid(_:configuration:engine:)` (SwiftDataTables) or `list(…)` (UITableView,
/// Braid); rows start estimated unless their height is known without measuring (a fixed mode,
/// a section's fixed height, a `heightForRowAt` answer). Then either measure every row
/// (`measureAll`, on all cores; the same heights at any thread count) or measure lazily as a
/// table view would (`scroll(to:viewportHeight:)` measures the rows a viewport meets, widened by
/// the prefetch window, and keeps the row at the top where it was). Prepared texts are kept,
/// so a new width, column width or content size category re-measures by arithmetic.
///
/// Heights are stored in the cache's unit, 1/64 pt; the inter-row spacing follows every row,
/// the last included (SwiftDataTables' `RowMetricsStore`), and is part of the offsets but not
/// of a row's `height`. Memory: the rows, 5 bytes per row in the cache, 4 per row of handles,
/// and the prepared texts of measured rows.
public struct TableLayout<Row> {
    package internal(set) var plan: TablePlan<Row>
    /// Heights and offsets (rows include the inter-row spacing).
    public internal(set) var offsets: RowOffsetCache
    /// Per section and row: the prepared texts' handle (≥ 0), or `Self.estimated`, `known`, `dropped`.
    var handles: [[Int32]]
    var slab: PreparedSlab
    var spacingUnits: Int64
    /// The viewport of the last scroll (top, height), kept anchored through changes.
    public internal(set) var viewport: (top: Double, height: Double)?
    /// Worker threads for batches (0 = all cores); results never depend on it.
    public var threads: Int
    /// Keep prepared texts of measured rows for re-layout (off: they are prepared again when needed).
    public var keepsPreparedText = true
    /// The most measured rows whose prepared texts are kept (nil: no limit); past it, every
    /// row's are dropped, and a re-layout prepares those rows again (from the source, for a
    /// table over one), so memory stays bounded however far a lazy table is scrolled.
    public var keptRowLimit: Int?
    /// A table over a data source (`TableLayout+Source`): reads a row's model when the row is
    /// measured, by its position; the rows the table holds are then placeholders. Nil: the
    /// table's own rows.
    var source: (@Sendable (RowPosition) throws(SizingError) -> Row)?
    /// Estimated rows take the median height of the rows measured so far (until one is, the
    /// mode's estimate), as a table view that learns its estimate.
    public var estimateFollowsMedian = false {
        didSet { if estimateFollowsMedian != oldValue { _ = try? anchored { (t: inout TableLayout) throws(SizingError) in t.rebuildMeasuredHeights() } } }
    }
    /// Stored heights (1/64 pt, spacing included) of the rows measured from their cells, and
    /// how many rows have each: the median's source when `estimateFollowsMedian`.
    var measuredHeights: [Int64: Int] = [:]
    var initialEstimate: LayoutLength
    /// Rows whose texts were prepared (analysed and shaped) so far: what re-layouts avoid.
    var preparedRowCount = 0
    /// The clusters no face covers in the row texts measured so far (a row measured again counts again).
    package internal(set) var rowMissingGlyphs = MissingGlyphs.none
    /// The clusters no face covers in what was measured so far: row texts (a row measured again
    /// counts again), column titles, section headers and footers. They are measured as `.notdef`,
    /// so those widths and heights are not what a real font gives.
    public var missingGlyphs: MissingGlyphs {
        var all = plan.missingGlyphs
        all.formUnion(rowMissingGlyphs)
        return all
    }

    /// Where a style the table's texts ask for (a grid's body and bold titles, each template
    /// text's weight and slant) is measured with a face of another weight or slant: the facts
    /// `FontCollection.substitution(for:)` gives, one per style, in the order the styles are met.
    public var fontSubstitutions: [FontSubstitution] {
        var styles: [FontStyle] = [.regular, .bold]
        for row in plan.rowCells {
            for case .template(let layout, _, _) in row.geometry.cells {
                for slot in layout.slots where !styles.contains(slot.fontStyle) { styles.append(slot.fontStyle) }
            }
        }
        let fonts = plan.rowCells[0].engine.fonts
        return styles.compactMap { fonts.substitution(for: $0) }
    }

    /// The constraint cells whose rules leave views free (UIKit's ambiguous layouts), each once
    /// in the order met: rows' cells, then sections' headers and footers. They are sized at the
    /// least height the rules allow, free views at their least positions.
    public var ambiguousLayouts: [AmbiguousLayout] {
        var all: [AmbiguousLayout] = []
        func add(_ layout: TemplateLayout) { for a in layout.ambiguousLayouts where !all.contains(where: { $0.path == a.path }) { all.append(a) } }
        for row in plan.rowCells {
            for case .template(let layout, _, _) in row.geometry.cells { add(layout) }
        }
        for section in plan.sections {
            for fit in [section.headerFit, section.footerFit].compactMap({ $0 }) { add(fit.sizer.layout) }
        }
        return all
    }

    /// The clusters no face covers in the column titles and section headers and footers only.
    package var planMissingGlyphs: MissingGlyphs { plan.missingGlyphs }

    static var estimated: Int32 { -1 }
    static var known: Int32 { -2 }
    static var dropped: Int32 { -3 }
    /// Not measured, at an estimate of its own (stored in the cache as a height).
    static var provisional: Int32 { -4 }
    /// Rows at an estimate of their own, not yet measured.
    var provisionalRowCount = 0
    /// Headers and footers still at their estimates.
    var estimatedPartCount = 0

    package init(plan: TablePlan<Row>, threads: Int) throws(SizingError) {
        var plan = plan
        try plan.prepareSectionFits()
        plan.refreshKnownHeightsFlag()
        self.plan = plan
        self.threads = threads
        slab = PreparedSlab(stride: plan.slotCount)
        spacingUnits = try Self.units(plan.interRowSpacing, "interRowSpacing")
        let estimate = try Self.units(plan.mode.estimatedHeight, "rowHeightMode estimate")
        if case .automatic(let estimated, _) = plan.mode, estimated > 0, estimate == 0 {
            throw SizingError(path: "rowHeightMode.automatic.estimated", .belowResolution(points: estimated))
        }
        initialEstimate = LayoutLength(units: estimate + spacingUnits)
        var sectionLayouts: [RowOffsetCache.SectionLayout] = []
        for s in plan.sections.indices {
            let (header, footer) = try Self.sectionLengths(plan, s)
            sectionLayouts.append(RowOffsetCache.SectionLayout(estimatedRowCount: plan.sections[s].rows.count, headerHeight: header, footerHeight: footer))
        }
        do {
            offsets = try RowOffsetCache(sections: sectionLayouts, estimatedRowHeight: LayoutLength(units: estimate + spacingUnits))
        } catch { throw SizingError(path: "", .tableTooLarge("\(error)")) }
        handles = plan.sections.map { Array(repeating: Self.estimated, count: $0.rows.count) }
        if plan.hasKnownHeights { try setKnownHeights() }
        for s in plan.sections.indices where plan.sections[s].estimatedCellHeight != nil {
            try setOwnEstimates(section: s, rows: 0..<plan.sections[s].rows.count)
        }
        estimatedPartCount = plan.sections.reduce(0) { $0 + ($1.headerIsEstimated ? 1 : 0) + ($1.footerIsEstimated ? 1 : 0) }
    }

    /// Sets every row whose height needs no measuring. O(n) calls, O(k log n) for k such rows.
    mutating func setKnownHeights() throws(SizingError) {
        for s in plan.sections.indices {
            var r = 0
            let rows = plan.sections[s].rows
            while r < rows.count {
                guard plan.knownHeight(section: s, row: r, rows[r]) != nil else { r += 1; continue }
                var heights: [LayoutLength] = []
                let start = r
                while r < rows.count, let h = plan.knownHeight(section: s, row: r, rows[r]) {
                    heights.append(try rowLength(h, RowPosition(section: s, row: r)))
                    releaseHandle(s, r, to: Self.known)
                    r += 1
                }
                try! offsets.setHeights(heights, startingAt: RowPosition(section: s, row: start))
            }
        }
    }

    /// Gives the estimated rows among `rows` their own estimates (`SectionRules.estimatedCellHeight`).
    /// All or nothing.
    mutating func setOwnEstimates(section s: Int, rows: Range<Int>) throws(SizingError) {
        var lengths: [LayoutLength] = [], positions: [RowPosition] = []
        for r in rows where handles[s][r] == Self.estimated {
            let p = RowPosition(section: s, row: r)
            guard let h = plan.estimatedHeight(section: s, row: r, row(at: p)) else { continue }
            let length = try rowLength(h, p)
            guard length.units > 0 else { // a row of height 0 meets no viewport: it would never be measured
                throw SizingError(path: "estimatedCellHeight", .outOfRange(expected: "row \(r) of section \"\(plan.sections[s].key)\": an estimate must be above 0", got: "\(h)"))
            }
            lengths.append(length)
            positions.append(p)
        }
        for p in positions { handles[p.section][p.row] = Self.provisional }
        provisionalRowCount += positions.count
        store(lengths, at: positions[...])
    }

    mutating func releaseHandle(_ s: Int, _ r: Int, to value: Int32) {
        if handles[s][r] == Self.provisional { provisionalRowCount -= 1 }
        slab.release(handles[s][r])
        handles[s][r] = value
    }

    // MARK: - Reading

    public var sectionCount: Int { plan.sections.count }
    /// Every section's key, in table order. O(sections).
    public var sectionKeys: [String] { plan.sections.map(\.key) }
    /// Every section's row count, in table order. O(sections).
    public var rowCounts: [Int] { plan.sections.map(\.rows.count) }

    /// - Throws: `SizingError` for a section that does not exist.
    public func rowCount(inSection s: Int) throws(SizingError) -> Int {
        try checkSection(s)
        return plan.sections[s].rows.count
    }

    /// The key of a section (grouping value or binder section).
    public func sectionKey(_ s: Int) throws(SizingError) -> String {
        try checkSection(s)
        return plan.sections[s].key
    }

    /// The model of a row. - Throws: `SizingError` for a row that does not exist.
    public func model(at p: RowPosition) throws(SizingError) -> Row {
        try check(p)
        if let source { return try source(p) }
        return row(at: p)
    }

    func row(at p: RowPosition) -> Row { plan.sections[p.section].rows[p.row] }
    /// The grid's column widths (empty for a list).
    public var columnWidths: [Double] { plan.columnNames.isEmpty ? [] : plan.rowCells[0].cells.map(\.width) }

    /// A row's height without the inter-row spacing, estimated or not. O(log n).
    public func height(of p: RowPosition) throws(RowOffsetCacheError) -> LayoutLength {
        LayoutLength(units: try offsets.height(of: p).units - spacingUnits)
    }

    public func isMeasured(_ p: RowPosition) throws(RowOffsetCacheError) -> Bool {
        try offsets.isMeasured(p) && handles[p.section][p.row] != Self.provisional
    }

    /// Rows measured so far, or known without measuring.
    public var measuredRowCount: Int { offsets.rowCount - offsets.estimatedRowCount - provisionalRowCount }

    public var totalHeight: LayoutLength { offsets.totalHeight }

    /// The space after every row, included in the offsets (in the cache's 1/64 pt units).
    public var interRowSpacing: LayoutLength { LayoutLength(units: spacingUnits) }

    // MARK: - Units

    static func units(_ points: Double, _ what: @autoclosure () -> String) throws(SizingError) -> Int64 {
        try length(points, what()).units
    }

    /// A length in the cache's unit: to the nearest 1/64 pt, or up to it (`up`), so heights
    /// rounded up to device pixels are never stored below them.
    static func length(_ points: Double, _ what: @autoclosure () -> String, up: Bool = false) throws(SizingError) -> LayoutLength {
        guard points.isFinite, points >= 0, points <= RowOffsetCache.maximumHeight.points else {
            throw SizingError(path: "", .notAHeight(what: what(), points: points, limit: RowOffsetCache.maximumHeight.points))
        }
        let units = points * Double(LayoutLength.unitsPerPoint)
        return LayoutLength(units: Int64(up ? (units - 1e-6).rounded(.up) : units.rounded(.toNearestOrAwayFromZero)))
    }

    /// A section's header and footer lengths.
    static func sectionLengths(_ plan: TablePlan<Row>, _ s: Int) throws(SizingError) -> (header: LayoutLength, footer: LayoutLength) {
        (try length(plan.headerHeight(s), "the header of section \(s)", up: plan.roundsUp),
         try length(plan.footerHeight(s), "the footer of section \(s)", up: plan.roundsUp))
    }

    /// Runs of consecutive rows of one section in `positions` (which is in table order), as
    /// index ranges into it.
    static func runs(_ positions: ArraySlice<RowPosition>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var k = positions.startIndex
        while k < positions.endIndex {
            let start = k
            k += 1
            while k < positions.endIndex && positions[k].section == positions[k - 1].section && positions[k].row == positions[k - 1].row + 1 { k += 1 }
            result.append(start..<k)
        }
        return result
    }

    /// Whether lengths round up to 1/64 pt (when cells round up to a display scale).
    var roundsUp: Bool { plan.roundsUp }

    /// A row as errors name it.
    func name(_ p: RowPosition) -> String { "row \(p.row) of section \(p.section)" }

    /// A row's stored length: its height in 1/64 pt plus the spacing.
    func rowLength(_ points: Double, _ p: RowPosition) throws(SizingError) -> LayoutLength {
        try Self.rowLength(points, spacingUnits: spacingUnits, roundsUp: roundsUp, name: name(p))
    }

    /// A row's stored length, for any sizer of rows (`RowSizer` too): the height in 1/64 pt
    /// (rounded up with a display scale) plus the spacing; an error names the row `name`.
    static func rowLength(_ points: Double, spacingUnits: Int64, roundsUp: Bool, name: @autoclosure () -> String) throws(SizingError) -> LayoutLength {
        let h = try length(points, name(), up: roundsUp)
        let total = LayoutLength(units: h.units + spacingUnits)
        guard total <= RowOffsetCache.maximumHeight else {
            throw SizingError(path: "", .rowTooTall(row: name(), points: total.points, limit: RowOffsetCache.maximumHeight.points))
        }
        return total
    }
}

extension TableLayout where Row == TableData.Row {
    /// A SwiftDataTables grid over a text table: column widths chosen now; rows estimated or known.
    public static func grid(_ data: TableData, configuration: DataTableConfiguration, engine: TextEngine, threads: Int = 0) throws(SizingError) -> TableLayout {
        try TableLayout(plan: .grid(data, configuration, engine: engine, threads: threads), threads: threads)
    }

    /// A list of a text table's rows, one template per row, in sections when `grouping` is set.
    public static func list(_ data: TableData, configuration: ListConfiguration<TableData.Row>, grouping: SectionGrouping? = nil,
                            engine: TextEngine, threads: Int = 0) throws(SizingError) -> TableLayout {
        var c = configuration
        let groups: [(key: String, rows: [TableData.Row])]
        if let grouping {
            groups = try grouping.sections(of: data)
            c.display = grouping.display
        } else {
            groups = [("", data.rows)]
        }
        var plan = try TablePlan.list(groups, c, engine: engine, column: data.columnReader)
        plan.sectionColumnNames = Set(data.columns)
        return try TableLayout(plan: plan, threads: threads)
    }
}

extension TableLayout where Row == TableData.Row {
    /// One block of a table read in blocks (`measure --config` streaming), as one section: a
    /// grid at column widths chosen over the whole table, or a list; headers and footers told
    /// the whole table's row count.
    package static func block(_ data: TableData, grid: DataTableConfiguration?, list: ListConfiguration<TableData.Row>?, columns: GridColumns?,
                              tableRowCount: Int, engine: TextEngine, threads: Int) throws(SizingError) -> TableLayout {
        var plan: TablePlan<TableData.Row>
        if let list {
            plan = try TablePlan.list([("", data.rows)], list, engine: engine, column: data.columnReader)
            plan.sectionColumnNames = Set(data.columns)
        } else {
            plan = try TablePlan.grid(data, grid ?? DataTableConfiguration(), engine: engine, threads: threads, columns: columns)
        }
        for s in plan.sections.indices { plan.sections[s].infoRowCount = tableRowCount }
        return try TableLayout(plan: plan, threads: threads)
    }
}

extension TableLayout {
    /// A list of sections of models (Braid's binder ends here), each row one template.
    public static func list(sections: [(key: String, rows: [Row])], configuration: ListConfiguration<Row>, engine: TextEngine,
                            threads: Int = 0) throws(SizingError) -> TableLayout {
        try TableLayout(plan: .list(sections, configuration, engine: engine, column: { _ in nil }), threads: threads)
    }
}

// A sized table is a value (its caches included): it may be built in an actor or a task and
// handed to the main actor when its rows are.
extension TableLayout: Sendable where Row: Sendable {}
