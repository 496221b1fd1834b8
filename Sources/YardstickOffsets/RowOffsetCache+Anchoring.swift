extension RowOffsetCache {
    /// The anchor for a viewport whose top is at `viewportTop`, without storing it: the first row,
    /// in table order, whose bottom is below `viewportTop` (rows of zero height never anchor),
    /// with `delta = viewportTop − that row's top`. Nil when no row qualifies. O(log n).
    public func scrollAnchor(atViewportTop viewportTop: LayoutLength) -> RowOffsetCache.ScrollAnchor? {
        guard let found = firstPositiveRow(below: Int(viewportTop.units)) else { return nil }
        return RowOffsetCache.ScrollAnchor(row: rowPosition(ofItem: found.index),
                            delta: LayoutLength(units: viewportTop.units - Int64(found.top)), capturedViewportTop: viewportTop)
    }

    /// Captures and keeps the anchor for a viewport whose top is at `viewportTop` (see
    /// ``scrollAnchor(atViewportTop:)``), replacing any earlier one. When no row qualifies, no
    /// anchor is kept and nil is returned. O(log n).
    @discardableResult
    public mutating func captureScrollAnchor(viewportTop: LayoutLength) -> RowOffsetCache.ScrollAnchor? {
        scrollAnchor = scrollAnchor(atViewportTop: viewportTop)
        return scrollAnchor
    }

    /// Forgets the captured anchor. O(1).
    public mutating func clearScrollAnchor() {
        scrollAnchor = nil
    }

    /// The content offset that puts the captured anchor's row back where it was on screen: the
    /// row's current top plus the anchor's delta, clamped to `0...max(0, totalHeight −
    /// viewportHeight)`. When the anchor has lost its row, the captured viewport top, clamped.
    /// The anchor stays captured. O(log n).
    /// - Throws: ``RowOffsetCacheError/noScrollAnchor`` when none is captured,
    ///   ``RowOffsetCacheError/negativeHeight(_:)`` for a negative viewport height.
    public func restoredContentOffset(viewportHeight: LayoutLength) throws(RowOffsetCacheError) -> LayoutLength {
        guard let anchor = scrollAnchor else { throw .noScrollAnchor }
        return try contentOffset(restoring: anchor, viewportHeight: viewportHeight)
    }

    /// As ``restoredContentOffset(viewportHeight:)`` for an anchor the caller keeps (and moves
    /// with its row) itself. O(log n).
    public func contentOffset(restoring anchor: RowOffsetCache.ScrollAnchor, viewportHeight: LayoutLength) throws(RowOffsetCacheError) -> LayoutLength {
        guard viewportHeight.units >= 0 else { throw .negativeHeight(viewportHeight) }
        let unclamped: Int64
        if let row = anchor.row {
            unclamped = try offset(of: row).units + anchor.delta.units
        } else {
            unclamped = anchor.capturedViewportTop.units
        }
        let maximum = max(0, totalHeight.units - viewportHeight.units)
        return LayoutLength(units: min(max(unclamped, 0), maximum))
    }
}
