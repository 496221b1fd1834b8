/// How rows get their heights (SwiftDataTables' `DataTableRowHeightMode`).
public enum RowHeightMode: Hashable, Sendable {
    /// Every row is this tall (SwiftDataTables' default, 44).
    case fixed(Double)
    /// Rows are measured; until then a row takes `estimated`. A lazy pass measures the rows a
    /// viewport meets, widened by `prefetchWindow` rows on each side.
    case automatic(estimated: Double = 44, prefetchWindow: Int = 10)

    /// The height in points a row counts as until it is measured: the fixed height, or the
    /// `automatic` estimate.
    public var estimatedHeight: Double {
        switch self {
        case .fixed(let h): return h
        case .automatic(let estimated, _): return estimated
        }
    }

    /// Rows measured beyond each side of the viewport: `automatic`'s window, 0 for `fixed`.
    public var prefetchWindow: Int {
        if case .automatic(_, let window) = self { return window }
        return 0
    }
}

extension DataTableConfiguration {
    /// How the grid's default cell sets its text (SwiftDataTables' `DataTableTextLayout`).
    public enum TextLayoutMode: String, Hashable, Sendable, CaseIterable {
        /// One line cut at the tail: every row is `ceil(line height + 10)` tall.
        case singleLine
        /// Wrapped in the column's width less 30 pt of margins.
        case wrap
    }
}
