import YardstickOffsets
import YardstickTemplates

/// A SwiftDataTables grid: a cell per column, each row as tall as its tallest cell, the column
/// titles as the section header. Names and defaults are SwiftDataTables' `DataTableConfiguration`'s.
/// A plain value; `TableLayout.grid` reads it once (column widths: O(rows × columns) when
/// measured from every cell, O(sample × columns) when sampled).
public struct DataTableConfiguration {
    /// How rows get their heights; by default every row is 44 pt (SwiftDataTables' default).
    public var rowHeightMode: RowHeightMode = .fixed(44)
    /// How the default cell sets its text.
    public var textLayout: DataTableConfiguration.TextLayoutMode = .singleLine
    /// Height in points of each section's header, the column titles' row (default 44); a
    /// section's rules (`sections`) may give another.
    public var heightForSectionHeader = 44.0
    /// Height in points of each section's footer (default 44), counted only when
    /// `shouldShowFooter`.
    public var heightForSectionFooter = 44.0
    /// Added after every row, the last included.
    public var heightOfInterRowSpacing = 1.0
    /// Whether sections get the default footer (SwiftDataTables repeats the column titles there);
    /// false makes it 0 pt, though a section's rules may still give one.
    public var shouldShowFooter = true
    /// How a column's width is chosen unless named in `columnWidthModes` or `columnWidths`; by
    /// default the rows' mean character count at 7 pt a character.
    public var columnWidthMode: DataTableConfiguration.ColumnWidthMode = .fitContentText(.estimatedAverage(averageCharWidth: 7))
    /// A mode for some columns, by name (`columnWidthModeProvider`).
    public var columnWidthModes: [String: DataTableConfiguration.ColumnWidthMode] = [:]
    /// The narrowest a column's mode may make it, in points (default 70); `columnWidths` are
    /// not clamped.
    public var minColumnWidth = 70.0
    /// The widest a column's mode may make it, in points; nil (the default): no limit. A mode
    /// never makes a column narrower than its bold title + 45, though.
    public var maxColumnWidth: Double?
    /// Widths that beat every mode, unclamped, by column name (`widthForColumnAt`).
    public var columnWidths: [String: Double] = [:]
    /// The table's frame width: columns narrower in all are widened in proportion to fill it
    /// (when `shouldContentWidthScaleToFillFrame`); nil: no frame, no scaling.
    public var frameWidth: Double?
    /// Whether columns narrower in all than `frameWidth` widen in proportion to fill it
    /// (default true).
    public var shouldContentWidthScaleToFillFrame = true
    /// Custom cells by column name, fitted at the column's width (`cellSizingMode.autoLayout`).
    public var cellTemplates: [String: CellTemplate<TableData.Row>] = [:]
    /// A row's height that beats every mode (`heightForRowAt`); nil keeps the mode's.
    public var heightForRowAt: (@Sendable (RowPosition, TableData.Row) -> Double?)?
    /// The Dynamic Type category and display scale cells are sized under (the default cell's
    /// text is the body style).
    public var environment = SizingEnvironment()
    /// Rows grouped into sections, each with its own header and footer (an extension: a
    /// SwiftDataTables grid has one section).
    public var grouping: SectionGrouping?
    /// Header, footer and row-height rules per section, at Braid's binding levels (no `cell`:
    /// a grid's cells are its columns').
    public var sections = SectionLevels<TableData.Row>()

    /// A configuration with SwiftDataTables' defaults; set the properties to change them.
    public init() {}
}

/// A list (UITableView, Braid): one cell template per row at the list's width.
/// A plain value; `TableLayout.list` reads it once, O(sections) to set up.
public struct ListConfiguration<Row> {
    /// The list's width in points: every cell, header and footer template is fitted at it.
    public var width: Double
    /// The cell of every row, unless a section's rules (`sections`) give it another.
    public var cell: CellTemplate<Row>
    /// Self-sizing rows by default, as a UITableView with `automaticDimension`.
    public var rowHeightMode: RowHeightMode = .automatic(estimated: 44, prefetchWindow: 10)
    /// The table's default header and footer heights (every section's, unless its rules say otherwise).
    public var headerHeight = 0.0
    /// The default footer height in points, for sections whose rules give none; 0 = no footer.
    public var footerHeight = 0.0
    /// Points added after every row, the last included (default 0).
    public var interRowSpacing = 0.0
    /// A row's height in points that beats every rule (UITableView's `heightForRowAt`); nil
    /// keeps the rule's.
    public var heightForRowAt: (@Sendable (RowPosition, Row) -> Double?)?
    /// The Dynamic Type category and display scale cells are fitted under.
    public var environment = SizingEnvironment()
    /// Cell, header, footer and row-height rules per section, at Braid's binding levels.
    public var sections = SectionLevels<Row>()
    /// Which sections are shown; by default every section given, empty or not.
    public var display = SectionDisplayBehavior.manuallyManaged

    /// A list of `cell` rows at `width` points; the other properties start at their defaults.
    public init(width: Double, cell: CellTemplate<Row>) {
        self.width = width
        self.cell = cell
    }
}

// Configurations are values: made on one thread, sized on another.
extension DataTableConfiguration: Sendable {}
extension ListConfiguration: Sendable {}
