import YardstickTemplates

/// A section as header and footer templates and height closures see it.
public struct SectionInfo: Hashable, Sendable {
    /// The section's name: the value of the grouping column, or the binder's section.
    public var key: String
    /// Position among the displayed sections.
    public var index: Int
    /// Number of rows in the section.
    public var rowCount: Int

    /// A section's name, position and row count.
    public init(key: String, index: Int, rowCount: Int) {
        self.key = key
        self.index = index
        self.rowCount = rowCount
    }
}

/// A section header's or footer's height: a constant, a closure of the section, or a template
/// fitted at the table's width (its `.column` texts read the section's key).
public enum SectionDimension {
    /// This height in points; 0 = no header or footer.
    case height(Double)
    /// A height in points computed from the section.
    case computed(@Sendable (SectionInfo) -> Double)
    /// A template fitted at the table's width (a list's width, or a grid's columns together).
    case template(CellTemplate<SectionInfo>)
}

/// A row's height rule within a section (Braid's `cellHeight`).
public enum CellHeight<Row> {
    /// Measured from the cell (UITableView.automaticDimension).
    case automatic
    /// Every row of the section is this tall, in points.
    case fixed(Double)
    /// A height per row; nil measures the row.
    case computed(@Sendable (_ section: SectionInfo, _ row: Int, _ model: Row) -> Double?)
}

/// What one binding level gives its sections (a list's cell template, header, footer, row
/// heights); nil leaves it to the next level.
public struct SectionRules<Row> {
    /// The template of the section's rows (lists only: a grid's cells are its columns').
    public var cell: CellTemplate<Row>?
    /// The section header's height: a constant, a closure or a template.
    public var header: SectionDimension?
    /// The section footer's height: a constant, a closure or a template.
    public var footer: SectionDimension?
    /// How the section's rows get their heights; when no level gives one, the table's row
    /// height mode (`.fixed` rows stay fixed, `.automatic` ones are measured).
    public var cellHeight: CellHeight<Row>?
    /// What a row to be measured counts as until it is (Braid's `estimatedCellHeight`; else the
    /// table's estimate).
    public var estimatedCellHeight: (@Sendable (_ section: SectionInfo, _ row: Int, _ model: Row) -> Double)?
    /// What a header or footer template counts as until its section comes near the viewport
    /// (Braid's `estimatedHeaderHeight`, `estimatedFooterHeight`; else it is fitted at once).
    public var estimatedHeader: (@Sendable (SectionInfo) -> Double)?
    /// What a footer template counts as until its section comes near the viewport (Braid's
    /// `estimatedFooterHeight`; else it is fitted at once).
    public var estimatedFooter: (@Sendable (SectionInfo) -> Double)?

    /// Rules giving the dimensions passed; each one left nil falls to the next level.
    public init(cell: CellTemplate<Row>? = nil, header: SectionDimension? = nil, footer: SectionDimension? = nil, cellHeight: CellHeight<Row>? = nil,
                estimatedCellHeight: (@Sendable (SectionInfo, Int, Row) -> Double)? = nil,
                estimatedHeader: (@Sendable (SectionInfo) -> Double)? = nil, estimatedFooter: (@Sendable (SectionInfo) -> Double)? = nil) {
        self.cell = cell
        self.header = header
        self.footer = footer
        self.cellHeight = cellHeight
        self.estimatedCellHeight = estimatedCellHeight
        self.estimatedHeader = estimatedHeader
        self.estimatedFooter = estimatedFooter
    }
}

/// Section dimensions at Braid's binding levels. A section takes each dimension from the first
/// level that gives it: its own name's rules (`onSection`), then `allSections`
/// (`onAllSections`), then `anySection` (`onAnySection`, the fallback), then the table's
/// defaults. (In Braid `onAllSections` binds only sections not bound by name; a dimension a
/// named binding leaves unset falls through to it here, as the precedence chain reads.)
public struct SectionLevels<Row> {
    /// Rules by section name, the first level a section looks in (Braid's `onSection`).
    public var named: [String: SectionRules<Row>]
    /// Rules for every section, after its named ones (Braid's `onAllSections`).
    public var allSections: SectionRules<Row>
    /// The fallback rules, before the table's defaults (Braid's `onAnySection`).
    public var anySection: SectionRules<Row>

    /// Levels of these rules; each defaults to giving nothing.
    public init(named: [String: SectionRules<Row>] = [:], allSections: SectionRules<Row> = SectionRules(),
                anySection: SectionRules<Row> = SectionRules()) {
        self.named = named
        self.allSections = allSections
        self.anySection = anySection
    }

    func resolve<T>(_ key: String, _ value: (SectionRules<Row>) -> T?) -> T? {
        resolveWithLevel(key, value)?.value
    }

    /// The value and the level that gave it (`named:KEY`, `all`, `any`).
    func resolveWithLevel<T>(_ key: String, _ value: (SectionRules<Row>) -> T?) -> (value: T, level: String)? {
        if let rules = named[key], let v = value(rules) { return (v, "named:" + key) }
        if let v = value(allSections) { return (v, "all") }
        if let v = value(anySection) { return (v, "any") }
        return nil
    }
}

/// Which sections are shown (Braid's section display behaviour). A section's header or footer
/// counts as data when it is a template or a height above 0.
public enum SectionDisplayBehavior: String, Hashable, Sendable, CaseIterable {
    /// Every section given is shown, empty or not.
    case manuallyManaged
    /// Sections without rows are hidden, headers or not.
    case hidesSectionsWithNoCellData
    /// Sections without rows, header or footer are hidden.
    case hidesSectionsWithNoData
}

/// The order of sections made by grouping rows on a column.
public enum SectionOrder: Hashable, Sendable {
    /// As each value first appears.
    case input
    /// By value, ascending (Unicode scalar order, as Swift compares strings).
    case ascending
    /// These sections in this order (listed sections without rows are empty sections); values
    /// not listed follow in input order.
    case explicit([String])
}

/// Rows of a text table grouped into sections by the value of one column.
public struct SectionGrouping: Hashable, Sendable {
    /// The column whose value names each row's section; a row without that field goes to the
    /// section named "" (empty).
    public var column: String
    /// The sections' order (default: as each value first appears).
    public var order: SectionOrder
    /// Which sections are shown (default: every one, empty or not).
    public var display: SectionDisplayBehavior

    /// Rows grouped on `column`, sections in `order`, shown as `display` says.
    public init(column: String, order: SectionOrder = .input, display: SectionDisplayBehavior = .manuallyManaged) {
        self.column = column
        self.order = order
        self.display = display
    }

    /// The sections of `data`, each with its rows in input order. O(rows).
    func sections(of data: TableData) throws(SizingError) -> [(key: String, rows: [TableData.Row])] {
        guard let column = data.columnIndex(self.column) else {
            throw SizingError(path: "sections.column", .noSuchColumn(self.column))
        }
        var index: [String: Int] = [:]
        var groups: [(key: String, rows: [TableData.Row])] = []
        if case .explicit(let names) = order {
            for name in names where index[name] == nil {
                index[name] = groups.count
                groups.append((name, []))
            }
        }
        for row in data.rows {
            let key = row[column: column] ?? ""
            if let i = index[key] {
                groups[i].rows.append(row)
            } else {
                index[key] = groups.count
                groups.append((key, [row]))
            }
        }
        if order == .ascending { groups.sort { $0.key < $1.key } }
        return groups
    }
}

// Rules are values and `@Sendable` closures.
extension SectionDimension: Sendable {}
extension CellHeight: Sendable {}
extension SectionRules: Sendable {}
extension SectionLevels: Sendable {}
