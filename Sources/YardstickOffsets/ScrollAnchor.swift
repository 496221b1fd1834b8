extension RowOffsetCache {
    /// A scroll anchor: the row that keeps its place on screen across a change, and how far the
    /// viewport top was below that row's top when it was captured (CSS scroll anchoring, Zed's list).
    ///
    /// Captured by ``RowOffsetCache/captureScrollAnchor(viewportTop:)`` as the first row, in table
    /// order, whose bottom is below the viewport top (rows of zero height never anchor). The cache
    /// keeps the captured anchor and moves it with its row through later inserts, deletes and moves;
    /// ``RowOffsetCache/restoredContentOffset(viewportHeight:)`` then gives the content offset that
    /// puts the row back where it was. Plain value, O(1) to copy.
    public struct ScrollAnchor: Hashable, Sendable {
        /// The anchor row, or nil once its section has lost all its rows or been deleted.
        public var row: RowPosition?
        /// The viewport top minus the anchor row's top at capture time (negative when the viewport
        /// top was above the row).
        public var delta: LayoutLength
        /// The viewport top at capture time; restoring falls back to it (clamped) when `row` is nil.
        public var capturedViewportTop: LayoutLength

        public init(row: RowPosition?, delta: LayoutLength, capturedViewportTop: LayoutLength) {
            self.row = row
            self.delta = delta
            self.capturedViewportTop = capturedViewportTop
        }
    }
}
