import YardstickFonts
import YardstickLayout
import YardstickOffsets
import YardstickShaping
import YardstickTemplates

/// What sizing a table needs, resolved from a configuration: the displayed sections with their
/// rows and dimension rules, the row's cells at their widths, and the table-wide rules.
package struct TablePlan<Row> {
    package struct Section {
        var key: String
        var rows: SectionRows<Row>
        var header: SectionDimension
        var footer: SectionDimension
        /// Where the header and footer come from in a configuration, for errors.
        var headerPath = "headerHeight"
        var footerPath = "footerHeight"
        /// Header and footer templates compiled, their texts prepared once (`prepareSectionFits`).
        var headerFit: SectionFit?
        var footerFit: SectionFit?
        var cellHeight: CellHeight<Row>
        /// Which of `rowCells` measures its rows.
        var rowCellsIndex: Int
        /// Estimates: a row's until measured, a template header's or footer's until fitted.
        var estimatedCellHeight: ((SectionInfo, Int, Row) -> Double)?
        var estimatedHeader: ((SectionInfo) -> Double)?
        var estimatedFooter: ((SectionInfo) -> Double)?
        /// Whether the header or footer still has its estimated height (`TableLayout` fits it
        /// when the section comes near the viewport).
        var headerIsEstimated = false
        var footerIsEstimated = false
        /// The row count headers and footers are told (`SectionInfo`), when the section holds
        /// only a block of a table read in blocks; else its rows' count.
        var infoRowCount: Int?
    }

    var sections: [Section]
    /// How rows are measured: a grid's one set of columns, or a list's templates (the table's
    /// first, then those its binding levels give sections).
    package var rowCells: [RowCells<Row>]
    /// Every header and footer template the binding levels give, with its configuration path:
    /// checked even for sections the table does not show.
    var levelTemplates: [(path: String, template: CellTemplate<SectionInfo>)] = []
    /// Whether lengths round up to 1/64 pt: cells round up to a display scale. Kept beside the
    /// row cells (reading it from them would copy one per row).
    var roundsUp = false

    /// The most text slots a row of any of them has.
    var slotCount: Int { rowCells.map(\.slotCount).max() ?? 0 }
    var interRowSpacing: Double
    var mode: RowHeightMode
    var heightForRowAt: ((RowPosition, Row) -> Double?)?
    /// The width section headers and footers are fitted at.
    var sectionWidth: Double
    /// Grid columns by name (empty for a list).
    var columnNames: [String] = []
    /// The clusters no face covers in the texts the plan measured itself: column titles,
    /// section headers and footers.
    var missingGlyphs = MissingGlyphs.none
    /// How a grid's column widths follow its frame and named widths (nil for a list).
    var gridColumns: GridColumns?
    var display = SectionDisplayBehavior.manuallyManaged
    /// The names a header or footer template's `.column` may use (each reads the section's
    /// key): a table's columns, or any name (nil) for sections of models.
    var sectionColumnNames: Set<String>?

    /// Whether the display behaviour shows a section with these rows and dimensions.
    func shows(_ section: Section) -> Bool { Self.shows(rows: section.rows.count, header: section.header, footer: section.footer, display) }

    static func shows(rows: Int, header: SectionDimension, footer: SectionDimension, _ display: SectionDisplayBehavior) -> Bool {
        func isData(_ d: SectionDimension) -> Bool {
            if case .height(let v) = d { return v > 0 }
            return true
        }
        switch display {
        case .manuallyManaged: return true
        case .hidesSectionsWithNoCellData: return rows > 0
        case .hidesSectionsWithNoData: return rows > 0 || isData(header) || isData(footer)
        }
    }

    /// The height a row has without measuring it (an override, a fixed height), or nil.
    func knownHeight(section s: Int, row r: Int, _ model: Row) -> Double? {
        if let h = heightForRowAt?(RowPosition(section: s, row: r), model) { return h }
        switch sections[s].cellHeight {
        case .automatic: return nil
        case .fixed(let h): return h
        case .computed(let f): return f(info(s), r, model)
        }
    }

    /// Whether some row may have a height without being measured.
    /// (Kept, not computed per batch: a scan of every section per scroll cost O(sections).)
    private(set) var hasKnownHeights = false

    /// Recomputes `hasKnownHeights` (after sections are made or removed). O(sections).
    mutating func refreshKnownHeightsFlag() {
        hasKnownHeights = heightForRowAt != nil || sections.contains { if case .automatic = $0.cellHeight { return false } else { return true } }
    }

    func info(_ s: Int) -> SectionInfo { SectionInfo(key: sections[s].key, index: s, rowCount: sections[s].infoRowCount ?? sections[s].rows.count) }

    /// A header's or footer's height.
    /// A header's or footer's height: its estimate while it has one, else fitted or given.
    func headerHeight(_ s: Int) throws(SizingError) -> Double {
        if sections[s].headerIsEstimated, let estimate = sections[s].estimatedHeader { return try checked(estimate(info(s)), s, sections[s].headerPath) }
        return try height(of: sections[s].header, fit: sections[s].headerFit, section: s, path: sections[s].headerPath)
    }

    func footerHeight(_ s: Int) throws(SizingError) -> Double {
        if sections[s].footerIsEstimated, let estimate = sections[s].estimatedFooter { return try checked(estimate(info(s)), s, sections[s].footerPath) }
        return try height(of: sections[s].footer, fit: sections[s].footerFit, section: s, path: sections[s].footerPath)
    }

    /// A row's estimate of its own, or nil (then the table's).
    func estimatedHeight(section s: Int, row r: Int, _ model: Row) -> Double? {
        sections[s].estimatedCellHeight?(info(s), r, model)
    }

    private func checked(_ h: Double, _ s: Int, _ path: String) throws(SizingError) -> Double {
        try SizingError.check(h, "\(path) of section \"\(sections[s].key)\"")
        return h
    }

    func height(of dimension: SectionDimension, fit: SectionFit?, section s: Int, path: String) throws(SizingError) -> Double {
        let h: Double
        switch dimension {
        case .height(let v): h = v
        case .computed(let f): h = f(info(s))
        case .template: h = fit?.height(width: sectionWidth) ?? 0 // prepared by prepareSectionFits
        }
        try SizingError.check(h, "\(path) of section \"\(sections[s].key)\"")
        return h
    }

    /// Compiles the header and footer templates for the current environment; their texts are
    /// prepared the first time only, so a new width or category fits them by arithmetic.
    mutating func prepareSectionFits() throws(SizingError) {
        let names = sectionColumnNames
        let column: @Sendable (String) -> ((SectionInfo) -> String?)? = { name in names == nil || names!.contains(name) ? { $0.key } : nil }
        let engine = rowCells[0].engine, environment = rowCells[0].environment
        var compiled: [String: CellSizer<SectionInfo>] = [:] // one per binding level, not per section
        func fit(_ dimension: SectionDimension, _ old: SectionFit?, _ s: Int, _ path: String) throws(SizingError) -> SectionFit? {
            guard case .template(let t) = dimension else { return nil }
            let sizer: CellSizer<SectionInfo>
            if let known = compiled[path] { sizer = known } else {
                sizer = try CellSizer(t, engine: engine, environment: environment, path: path, column: column)
                compiled[path] = sizer
            }
            if let old { return SectionFit(sizer: sizer, texts: old.texts) }
            let texts = sizer.prepare(count: 1, threads: 1) { _ in info(s) }
            missingGlyphs.formUnion(texts.missingGlyphs)
            return SectionFit(sizer: sizer, texts: texts)
        }
        for s in sections.indices {
            sections[s].headerFit = try fit(sections[s].header, sections[s].headerFit, s, sections[s].headerPath)
            sections[s].footerFit = try fit(sections[s].footer, sections[s].footerFit, s, sections[s].footerPath)
        }
        for (path, template) in levelTemplates { _ = try CellSizer(template, engine: engine, environment: environment, path: path, column: column) }
    }

    /// The header and footer templates of every binding level, with their paths.
    static func templates(of levels: SectionLevels<Row>) -> [(path: String, template: CellTemplate<SectionInfo>)] {
        var result: [(String, CellTemplate<SectionInfo>)] = []
        let all = [("sections", levels.allSections), ("anySection", levels.anySection)] + levels.named.sorted { $0.key < $1.key }.map { ("sectionOverrides.\($0.key)", $0.value) }
        for (path, rules) in all {
            if case .template(let t)? = rules.header { result.append((path + ".header", t)) }
            if case .template(let t)? = rules.footer { result.append((path + ".footer", t)) }
        }
        return result
    }

    /// Resolves each section's dimensions through the binding levels and drops the sections the
    /// display behaviour hides.
    static func sections(_ groups: [(key: String, rows: [Row])], levels: SectionLevels<Row>, header: Double, footer: Double,
                         mode: RowHeightMode, display: SectionDisplayBehavior) -> [Section] {
        var result: [Section] = []
        for group in groups {
            func path(_ level: String?, _ part: String) -> String {
                switch level {
                case nil: return part + "Height"
                case "all"?: return "sections." + part
                case "any"?: return "anySection." + part
                case let named?: return "sectionOverrides.\(named.dropFirst("named:".count))." + part
                }
            }
            let hl = levels.resolveWithLevel(group.key) { $0.header }, fl = levels.resolveWithLevel(group.key) { $0.footer }
            let h = hl?.value ?? .height(header), f = fl?.value ?? .height(footer)
            let fixed: CellHeight<Row>
            if case .fixed(let v) = mode { fixed = .fixed(v) } else { fixed = .automatic }
            let cellHeight = levels.resolve(group.key) { $0.cellHeight } ?? fixed
            guard shows(rows: group.rows.count, header: h, footer: f, display) else { continue }
            var section = Section(key: group.key, rows: SectionRows(group.rows), header: h, footer: f, headerPath: path(hl?.level, "header"),
                                  footerPath: path(fl?.level, "footer"), cellHeight: cellHeight, rowCellsIndex: 0)
            section.estimatedCellHeight = levels.resolve(group.key) { $0.estimatedCellHeight }
            if case .template = h { section.estimatedHeader = levels.resolve(group.key) { $0.estimatedHeader } }
            if case .template = f { section.estimatedFooter = levels.resolve(group.key) { $0.estimatedFooter } }
            section.headerIsEstimated = section.estimatedHeader != nil
            section.footerIsEstimated = section.estimatedFooter != nil
            result.append(section)
        }
        return result
    }
}

/// A section header's or footer's template with its texts prepared.
struct SectionFit {
    var sizer: CellSizer<SectionInfo>
    var texts: PreparedCells

    func height(width: Double) -> Double {
        var scratch = FitScratch(nodeCount: sizer.layout.nodes.count)
        return texts.withRow(0) { sizer.layout.height(width: width, texts: $0, scratch: &scratch) }
    }
}

extension TablePlan where Row == TableData.Row {
    /// A SwiftDataTables grid over `data`.
    /// A grid's plan; with `columns`, at those column widths (chosen over the whole table while
    /// `data` is one block of it) instead of widths chosen from `data`.
    static func grid(_ data: TableData, _ configuration: DataTableConfiguration, engine: TextEngine, threads: Int,
                     columns given: GridColumns? = nil) throws(SizingError) -> TablePlan {
        let c = configuration
        try c.validate()
        let templates = try gridTemplates(data.columns, c, engine: engine)
        let columns: GridColumns
        if let given { columns = given } else { columns = try ColumnWidths.compute(data, c, templates: templates, engine: engine, threads: threads) }
        let widths = columns.widths(frame: columns.frameWidth)
        let wraps = c.textLayout == .wrap
        let minimum: Double
        if case .automatic(let estimated, _) = c.rowHeightMode { minimum = estimated } else { minimum = 0 }
        let cells: [PlannedCell<TableData.Row>] = data.columns.indices.map { i in
            if let sizer = templates[i] { return .template(sizer, width: widths[i], gridRounding: true, minimum: minimum) }
            return .dataCell(read: { $0[column: i] }, width: widths[i], wraps: wraps)
        }
        let groups: [(key: String, rows: [TableData.Row])] = try c.grouping?.sections(of: data) ?? [("", data.rows)]
        let footer = c.shouldShowFooter ? c.heightForSectionFooter : 0
        let sections = Self.sections(groups, levels: c.sections, header: c.heightForSectionHeader, footer: footer,
                                     mode: c.rowHeightMode, display: c.grouping?.display ?? .manuallyManaged)
        var plan = TablePlan(sections: sections, rowCells: [RowCells(cells: cells, engine: engine, environment: c.environment)],
                             interRowSpacing: c.heightOfInterRowSpacing, mode: c.rowHeightMode, heightForRowAt: c.heightForRowAt,
                             sectionWidth: widths.reduce(0, +))
        plan.columnNames = data.columns
        plan.missingGlyphs = columns.titleMissingGlyphs
        plan.roundsUp = c.environment.displayScale != nil
        plan.sectionColumnNames = Set(data.columns)
        plan.gridColumns = columns
        plan.display = c.grouping?.display ?? .manuallyManaged
        plan.levelTemplates = Self.templates(of: c.sections)
        return plan
    }
}

extension TablePlan where Row == TableData.Row {
    /// The cell templates of a grid's columns, by column index.
    static func gridTemplates(_ columns: [String], _ c: DataTableConfiguration, engine: TextEngine) throws(SizingError) -> [Int: CellSizer<TableData.Row>] {
        let names = TableData(columns: columns, rows: [])
        var templates: [Int: CellSizer<TableData.Row>] = [:]
        for (name, template) in c.cellTemplates.sorted(by: { $0.key < $1.key }) {
            guard let index = names.columnIndex(name) else { throw SizingError(path: "columns.\(name)", .noSuchColumn(name)) }
            templates[index] = try CellSizer(template, engine: engine, environment: c.environment, path: "columns.\(name).cell",
                                             column: names.columnReader).ceilingToWholePoints()
        }
        return templates
    }
}

extension TablePlan {
    /// A list of sections of rows, each row one template at the list's width.
    static func list(_ groups: [(key: String, rows: [Row])], _ c: ListConfiguration<Row>, engine: TextEngine,
                     column: @escaping @Sendable (String) -> ((Row) -> String?)?) throws(SizingError) -> TablePlan {
        try SizingError.check(c.width, "width", allowZero: false)
        try SizingError.check(c.headerHeight, "headerHeight")
        try SizingError.check(c.footerHeight, "footerHeight")
        try SizingError.check(c.interRowSpacing, "interRowSpacing")
        try c.rowHeightMode.validate()
        func cells(_ template: CellTemplate<Row>, _ path: String) throws(SizingError) -> RowCells<Row> {
            let sizer = try CellSizer(template, engine: engine, environment: c.environment, path: path, column: column)
            return RowCells(cells: [.template(sizer, width: c.width, gridRounding: false, minimum: 0)], engine: engine, environment: c.environment)
        }
        var rowCells = [try cells(c.cell, "cell")]
        var sections = Self.sections(groups, levels: c.sections, header: c.headerHeight, footer: c.footerHeight, mode: c.rowHeightMode, display: c.display)
        // A section whose binding levels give it a template of its own is measured with it.
        var byLevel: [String: Int] = [:]
        for s in sections.indices {
            guard let (template, level) = c.sections.resolveWithLevel(sections[s].key, { $0.cell }) else { continue }
            if byLevel[level] == nil {
                let path = level == "all" ? "sections.cell" : level == "any" ? "anySection.cell" : "sectionOverrides.\(sections[s].key).cell"
                byLevel[level] = rowCells.count
                rowCells.append(try cells(template, path))
            }
            sections[s].rowCellsIndex = byLevel[level]!
        }
        // Templates of sections not shown are checked too (a typo must not wait for the data).
        for (name, rules) in c.sections.named.sorted(by: { $0.key < $1.key }) where byLevel["named:" + name] == nil {
            if let template = rules.cell { _ = try cells(template, "sectionOverrides.\(name).cell") }
        }
        var plan = TablePlan(sections: sections, rowCells: rowCells,
                             interRowSpacing: c.interRowSpacing, mode: c.rowHeightMode, heightForRowAt: c.heightForRowAt, sectionWidth: c.width)
        plan.display = c.display
        plan.levelTemplates = Self.templates(of: c.sections)
        plan.roundsUp = c.environment.displayScale != nil
        return plan
    }
}

extension RowHeightMode {
    func validate() throws(SizingError) {
        switch self {
        case .fixed(let h): try SizingError.check(h, "rowHeightMode.fixed")
        case .automatic(let e, let window):
            try SizingError.check(e, "rowHeightMode.automatic.estimated", allowZero: false) // 0 would hide every estimated row from viewports
            guard window >= 0 else { throw SizingError(path: "rowHeightMode.automatic.prefetchWindow", .outOfRange(expected: "must be 0 or more", got: "\(window)")) }
        }
    }
}

extension DataTableConfiguration {
    func validate() throws(SizingError) {
        try environment.validate()
        try rowHeightMode.validate()
        let levels = [("sections", sections.allSections), ("anySection", sections.anySection)] + sections.named.sorted { $0.key < $1.key }.map { ("sectionOverrides.\($0.key)", $0.value) }
        if let (path, _) = levels.first(where: { $0.1.cell != nil }) {
            throw SizingError(path: path + ".cell", .notApplicable("a grid's cells are its columns' (columns.NAME.cell); a section template is for lists"))
        }
        try SizingError.check(heightForSectionHeader, "headerHeight")
        try SizingError.check(heightForSectionFooter, "footerHeight")
        try SizingError.check(heightOfInterRowSpacing, "interRowSpacing")
        try SizingError.check(minColumnWidth, "minColumnWidth")
        if let m = maxColumnWidth { try SizingError.check(m, "maxColumnWidth", allowZero: false) }
        if let f = frameWidth { try SizingError.check(f, "width", allowZero: false) }
        for (name, w) in columnWidths { try SizingError.check(w, "columns.\(name).width", allowZero: false) }
        try columnWidthMode.validate("columnWidthMode")
        for (name, mode) in columnWidthModes { try mode.validate("columns.\(name).widthMode") }
    }
}
