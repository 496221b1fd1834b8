extension RowOffsetCache {
    /// The description of one section to build or insert: header height, rows, footer height.
    ///
    /// Heights must be between 0 and ``RowOffsetCache/maximumHeight``; the cache checks them when the
    /// section is added. Creating one is O(1) (O(k) to copy k heights).
    public struct SectionLayout: Hashable, Sendable {
        /// A section's rows: all estimated, or each measured.
        public enum Rows: Hashable, Sendable {
            /// `count` rows that take the table's estimate.
            case estimated(count: Int)
            /// One row per height.
            case measured([LayoutLength])
        }

        public var headerHeight: LayoutLength
        public var footerHeight: LayoutLength
        public var rows: Rows

        public init(rows: Rows, headerHeight: LayoutLength = .zero, footerHeight: LayoutLength = .zero) {
            self.headerHeight = headerHeight
            self.footerHeight = footerHeight
            self.rows = rows
        }

        /// A section of `rowCount` estimated rows.
        public init(estimatedRowCount rowCount: Int, headerHeight: LayoutLength = .zero, footerHeight: LayoutLength = .zero) {
            self.init(rows: .estimated(count: rowCount), headerHeight: headerHeight, footerHeight: footerHeight)
        }

        /// A section whose rows are measured at the given heights.
        public init(measuredRowHeights: [LayoutLength], headerHeight: LayoutLength = .zero, footerHeight: LayoutLength = .zero) {
            self.init(rows: .measured(measuredRowHeights), headerHeight: headerHeight, footerHeight: footerHeight)
        }

        /// Number of rows.
        public var rowCount: Int {
            switch rows {
            case .estimated(let count): return count
            case .measured(let heights): return heights.count
            }
        }
    }
}
