extension RowOffsetCache {
    /// The rows meeting a viewport, and how many rows around them still have estimated heights:
    /// what a lazy sizing pass must measure next. Plain value, O(1) to copy.
    public struct ViewportRows: Hashable, Sendable {
        /// The first row of non-zero height whose top is above the viewport's bottom edge and whose
        /// bottom is below its top edge.
        public var first: RowPosition
        /// The last such row.
        public var last: RowPosition
        /// Estimated rows from `prefetch` rows before `first` through `prefetch` rows after `last`,
        /// counted in table order across sections.
        public var unmeasuredRowCount: Int

        public init(first: RowPosition, last: RowPosition, unmeasuredRowCount: Int) {
            self.first = first
            self.last = last
            self.unmeasuredRowCount = unmeasuredRowCount
        }
    }
}
