extension TableData {
    /// One row of a text table (a CSV record): its fields by column position.
    public struct Row: Hashable, Sendable {
        /// The row's fields in column order; a ragged CSV record may have fewer or more than the
        /// table has columns.
        public var fields: [String]

        /// A row of these fields, in column order.
        public init(_ fields: [String]) { self.fields = fields }

        /// The field in column `index`; nil past the row's last field (a short, ragged row).
        public subscript(column index: Int) -> String? { index < fields.count ? fields[index] : nil }
    }
}

/// A text table: its column names (a CSV file's first record, which is not a row) and rows.
///
/// Column lookups by name are O(columns); rows are held as given.
public struct TableData: Sendable {
    /// The column names in order (the CSV file's first record); lookups of a repeated name find
    /// its first column.
    public var columns: [String]
    /// The data rows in input order, the header record excluded.
    public var rows: [TableData.Row]

    /// A table of these column names and rows.
    public init(columns: [String], rows: [TableData.Row]) {
        self.columns = columns
        self.rows = rows
    }

    /// A table from CSV records: the first names the columns, the rest are rows.
    public init(records: [[String]]) {
        columns = records.first ?? []
        rows = records.dropFirst().map(TableData.Row.init)
    }

    /// The position of the first column named `name`.
    public func columnIndex(_ name: String) -> Int? { columns.firstIndex(of: name) }

    /// A reader of a column by name, for templates' `.column` texts; nil when there is none.
    @Sendable public func columnReader(_ name: String) -> ((TableData.Row) -> String?)? {
        guard let index = columnIndex(name) else { return nil }
        return { $0[column: index] }
    }
}
