import YardstickOffsets
import YardstickTemplates

/// A SwiftDataTables grid: a cell per column, each row as tall as its tallest cell, the column
/// titles as the section header. Names and defaults are `DataTableConfiguration`'s.
/// A plain value; `TableLayout.grid` reads it once (column widths: O(rows × columns) when
/// measured from every cell, O(sample × columns) when sampled).
public struct DataTableConfiguration {
    public var rowHeightMode: RowHeightMode = .fixed(44)
    /// How the default cell sets its text.
    public var textLayout: DataTableConfiguration.TextLayoutMode = .singleLine
    public var heightForSectionHeader = 44.0
    public var heightForSectionFooter = 44.0
    /// Added after every row, the last included.
    public var heightOfInterRowSpacing = 1.0
    public var shouldShowFooter = true
    public var columnWidthMode: DataTableConfiguration.ColumnWidthMode = .fitContentText(.estimatedAverage(averageCharWidth: 7))
    /// A mode for some columns, by name (`columnWidthModeProvider`).
    public var columnWidthModes: [String: DataTableConfiguration.ColumnWidthMode] = [:]
    public var minColumnWidth = 70.0
    public var maxColumnWidth: Double?
    /// Widths that beat every mode, unclamped, by column name (`widthForColumnAt`).
    public var columnWidths: [String: Double] = [:]
    /// The table's frame width: columns narrower in all are widened in proportion to fill it
    /// (when `shouldContentWidthScaleToFillFrame`); nil: no frame, no scaling.
    public var frameWidth: Double?
    public var shouldContentWidthScaleToFillFrame = true
    /// Custom cells by column name, fitted at the column's width (`cellSizingMode.autoLayout`).
    public var cellTemplates: [String: CellTemplate<TableData.Row>] = [:]
    /// A row's height that beats every mode (`heightForRowAt`); nil keeps the mode's.
    public var heightForRowAt: (@Sendable (RowPosition, TableData.Row) -> Double?)?
    public var environment = SizingEnvironment()
    /// Rows grouped into sections, each with its own header and footer (an extension: a
    /// SwiftDataTables grid has one section).
    public var grouping: SectionGrouping?
    public var sections = SectionLevels<TableData.Row>()

    public init() {}
}

/// A list (UITableView, Braid): one cell template per row at the list's width.
/// A plain value; `TableLayout.list` reads it once, O(sections) to set up.
public struct ListConfiguration<Row> {
    public var width: Double
    public var cell: CellTemplate<Row>
    /// Self-sizing rows by default, as a UITableView with `automaticDimension`.
    public var rowHeightMode: RowHeightMode = .automatic(estimated: 44, prefetchWindow: 10)
    /// The table's default header and footer heights (every section's, unless its rules say otherwise).
    public var headerHeight = 0.0
    public var footerHeight = 0.0
    public var interRowSpacing = 0.0
    public var heightForRowAt: (@Sendable (RowPosition, Row) -> Double?)?
    public var environment = SizingEnvironment()
    public var sections = SectionLevels<Row>()
    public var display = SectionDisplayBehavior.manuallyManaged

    public init(width: Double, cell: CellTemplate<Row>) {
        self.width = width
        self.cell = cell
    }
}
