extension RowOffsetCache {
    /// The vertical extent of a row, header or footer in table coordinates: from `top` (inclusive)
    /// to `top + height` (exclusive). O(1).
    public struct VerticalSpan: Hashable, Sendable {
        public var top: LayoutLength
        public var height: LayoutLength

        public init(top: LayoutLength, height: LayoutLength) {
            self.top = top
            self.height = height
        }

        public var bottom: LayoutLength { top + height }
    }
}
