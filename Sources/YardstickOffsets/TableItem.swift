extension RowOffsetCache {
    /// One vertical piece of the table, as found at a y: a section's header, a row, or a section's
    /// footer. Values are O(1) to compare.
    public enum TableItem: Hashable, Sendable {
        case header(section: Int)
        case row(RowPosition)
        case footer(section: Int)

        /// The section the item belongs to.
        public var section: Int {
            switch self {
            case .header(let section), .footer(let section): return section
            case .row(let position): return position.section
            }
        }
    }
}
