import YardstickLayout
import YardstickOffsets
import YardstickTemplates

extension TableLayout where Row == TableData.Row {
    /// A SwiftDataTables grid over rows the caller owns: `row(i)` gives row `i` (its position in
    /// the table, as a `UITableViewDataSource` is asked) when the table measures it, and the table
    /// never holds the data. Rows start estimated (or known, in a fixed mode).
    ///
    /// Column widths whose mode reads the rows (the default character-count estimate, sampling,
    /// `maxMeasured`) read every row once here (a pass over the source, in blocks); fixed and
    /// named widths read none. Sections grouped from a column and `heightForRowAt` need every row
    /// before anything is known: they are refused here (`notApplicable`); build a table of the
    /// rows (`grid(_:configuration:engine:threads:)`) for them.
    ///
    /// After the source's rows change, tell the table as you would a `UITableView`:
    /// `remeasureRow(at:)`, `insertRows(count:at:)`, `deleteRows(at:count:)`.
    /// - Complexity: O(n) to set up (5 bytes a row: a handle and the offsets' height),
    ///   plus the width pass; then as a table of its rows, each measured row read once.
    public static func grid(columns: [String], rowCount: Int, configuration: DataTableConfiguration, engine: TextEngine, threads: Int = 0,
                            row: @escaping @Sendable (Int) throws(SizingError) -> TableData.Row) throws(SizingError) -> TableLayout {
        try checkSource(rowCount: rowCount, grouping: configuration.grouping != nil, heightForRowAt: configuration.heightForRowAt != nil)
        var pass = try ColumnWidthPass(columns: columns, configuration: configuration, engine: engine, threads: threads)
        if pass.readsRows {
            try forEachBlock(rowCount: rowCount, row: row) { rows in
                pass.count(rows: rows.count, fieldCount: { rows[$0].fields.count }, row: { rows[$0] })
            }
            if pass.needsSamples {
                try forEachBlock(rowCount: rowCount, row: row) { rows in
                    pass.sample(rows: rows.count, fieldCount: { rows[$0].fields.count }, row: { rows[$0] })
                }
            }
        }
        let widths = try ColumnWidthPass.columns(columns, configuration: configuration, engine: engine, threads: threads, bases: pass.bases())
        var plan = try TablePlan.grid(TableData(columns: columns, rows: []), configuration, engine: engine, threads: threads, columns: widths)
        plan.sections[0].rows = SectionRows(count: rowCount, placeholder: TableData.Row([]))
        var table = try TableLayout(plan: plan, threads: threads)
        table.source = { p throws(SizingError) in try row(p.row) }
        return table
    }

    /// A list over rows the caller owns, one template per row (`ListConfiguration`): as
    /// `grid(columns:rowCount:configuration:engine:threads:row:)`, with no pass over the rows
    /// (a list's cells read only the rows measured). `columns` name the fields templates read.
    /// - Complexity: O(n) to set up (5 bytes a row); then each measured row read once.
    public static func list(columns: [String], rowCount: Int, configuration: ListConfiguration<TableData.Row>, engine: TextEngine,
                            threads: Int = 0, row: @escaping @Sendable (Int) throws(SizingError) -> TableData.Row) throws(SizingError) -> TableLayout {
        try checkSource(rowCount: rowCount, grouping: false, heightForRowAt: configuration.heightForRowAt != nil)
        let names = TableData(columns: columns, rows: [])
        var plan = try TablePlan.list([("", [])], configuration, engine: engine, column: names.columnReader)
        plan.sections[0].rows = SectionRows(count: rowCount, placeholder: TableData.Row([]))
        plan.sectionColumnNames = Set(columns)
        var table = try TableLayout(plan: plan, threads: threads)
        table.source = { p throws(SizingError) in try row(p.row) }
        return table
    }

    /// Whether the table reads its rows from a source (`grid(columns:…)`, `list(columns:…)`).
    public var readsRowsFromSource: Bool { source != nil }

    private static func checkSource(rowCount: Int, grouping: Bool, heightForRowAt: Bool) throws(SizingError) {
        guard rowCount >= 0 else { throw SizingError(path: "rowCount", .outOfRange(expected: "must be 0 or more", got: "\(rowCount)")) }
        if grouping { throw SizingError(path: "grouping", .notApplicable("sections grouped from a column need every row first; size a table of the rows")) }
        if heightForRowAt { throw SizingError(path: "heightForRowAt", .notApplicable("heightForRowAt reads every row first; size a table of the rows")) }
    }

    /// Hands the source's rows to `body` a block at a time, in order.
    private static func forEachBlock(rowCount: Int, row: (Int) throws(SizingError) -> TableData.Row,
                                     _ body: ([TableData.Row]) throws(SizingError) -> Void) throws(SizingError) {
        var start = 0
        while start < rowCount {
            let end = min(rowCount, start + blockSize)
            var rows: [TableData.Row] = []
            rows.reserveCapacity(end - start)
            for i in start..<end { rows.append(try row(i)) }
            try body(rows)
            start = end
        }
    }
}

extension TableLayout where Row == TableData.Row {
    /// `count` rows inserted in the source before `p.row` (a table over a data source): estimated
    /// until measured, the scroll kept anchored.
    public mutating func insertRows(count: Int, at p: RowPosition) throws(SizingError) {
        guard source != nil else { throw SizingError(path: "", .notApplicable("this table holds its rows: insert them with insertRows(_:at:)")) }
        guard count >= 0 else { throw SizingError(path: "count", .outOfRange(expected: "must be 0 or more", got: "\(count)")) }
        try insertRows(Array(repeating: TableData.Row([]), count: count), at: p)
    }
}
