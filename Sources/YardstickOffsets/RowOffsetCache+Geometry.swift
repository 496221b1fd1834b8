extension RowOffsetCache {
    /// The top of a row. O(log n).
    public func offset(of row: RowPosition) throws(RowOffsetCacheError) -> LayoutLength {
        let location = tree.locate(try itemIndex(ofRow: row), countingHeaders: false)
        return LayoutLength(units: Int64(location.top(estimate: estimateUnits)))
    }

    /// The top and height of a row. O(log n).
    public func frame(of row: RowPosition) throws(RowOffsetCacheError) -> RowOffsetCache.VerticalSpan {
        span(ofItem: try itemIndex(ofRow: row))
    }

    /// The top and height of a section's header (height 0 when it has none). O(log n).
    public func headerFrame(ofSection section: Int) throws(RowOffsetCacheError) -> RowOffsetCache.VerticalSpan {
        try checkSection(section)
        return span(ofItem: headerIndex(ofSection: section))
    }

    /// The top and height of a section's footer (height 0 when it has none). O(log n).
    public func footerFrame(ofSection section: Int) throws(RowOffsetCacheError) -> RowOffsetCache.VerticalSpan {
        try checkSection(section)
        return span(ofItem: endIndex(ofSection: section) - 1)
    }

    /// The header, row or footer containing `y` (top ≤ y < bottom), or nil when y is above the
    /// table or at or below its end. Items of zero height never contain y. O(log n).
    public func item(at y: LayoutLength) -> RowOffsetCache.TableItem? {
        guard y.units >= 0 else { return nil }
        let found = tree.search(height: Int(y.units), estimate: estimateUnits)
        guard found.index < tree.itemCount else { return nil }
        return tableItem(atItem: found.index, code: found.code)
    }

    /// The first and last rows of non-zero height that meet `viewport`, that is whose top is
    /// below `viewport.upperBound` and whose bottom is beyond `viewport.lowerBound`; nil when none
    /// does. (An empty range y..<y meets the rows strictly containing y.) O(log n).
    public func rows(meeting viewport: Range<LayoutLength>) -> ClosedRange<RowPosition>? {
        guard let (first, last) = rowItems(meeting: viewport) else { return nil }
        return rowPosition(ofItem: first)...rowPosition(ofItem: last)
    }

    /// The rows meeting `viewport` (as ``rows(meeting:)``) and the number of estimated rows from
    /// `prefetch` rows before the first through `prefetch` rows after the last, counted in table
    /// order across sections. Nil when no row meets the viewport. O(log n).
    /// - Throws: ``RowOffsetCacheError/negativeCount(_:)`` if `prefetch` is negative.
    public func viewportRows(meeting viewport: Range<LayoutLength>, prefetch: Int) throws(RowOffsetCacheError) -> RowOffsetCache.ViewportRows? {
        guard prefetch >= 0 else { throw .negativeCount(prefetch) }
        guard let (first, last) = rowItems(meeting: viewport) else { return nil }
        let window = prefetchWindow(first: first, last: last, prefetch: prefetch)
        let unmeasured = tree.count(EstimatedRowMetric(), before: window.upperBound)
            - tree.count(EstimatedRowMetric(), before: window.lowerBound)
        return RowOffsetCache.ViewportRows(first: rowPosition(ofItem: first), last: rowPosition(ofItem: last), unmeasuredRowCount: unmeasured)
    }

    /// The estimated rows a lazy sizing pass should measure next: those within the rows meeting
    /// `viewport` widened by `prefetch` rows on each side (as ``viewportRows(meeting:prefetch:)``
    /// counts them), in table order, at most `limit` of them. O((u + 1) log n) for u rows returned.
    public func unmeasuredRows(meeting viewport: Range<LayoutLength>, prefetch: Int, limit: Int = .max) throws(RowOffsetCacheError) -> [RowPosition] {
        guard prefetch >= 0 else { throw .negativeCount(prefetch) }
        guard limit >= 0 else { throw .negativeCount(limit) }
        guard let (first, last) = rowItems(meeting: viewport) else { return [] }
        let window = prefetchWindow(first: first, last: last, prefetch: prefetch)
        let firstRank = tree.count(EstimatedRowMetric(), before: window.lowerBound)
        let endRank = min(tree.count(EstimatedRowMetric(), before: window.upperBound), firstRank + min(limit, Int.max - firstRank))
        var result = [RowPosition]()
        result.reserveCapacity(endRank - firstRank)
        for rank in firstRank..<endRank {
            result.append(rowPosition(ofItem: tree.select(EstimatedRowMetric(), rank: rank)))
        }
        return result
    }

    // MARK: - Helpers

    func span(ofItem index: Int) -> RowOffsetCache.VerticalSpan {
        let location = tree.locate(index, countingHeaders: false)
        return RowOffsetCache.VerticalSpan(top: LayoutLength(units: Int64(location.top(estimate: estimateUnits))),
                            height: LayoutLength(units: Int64(ItemCode.height(location.code, estimate: estimateUnits))))
    }

    /// A row found by a geometric query: its item index and top.
    struct FoundRow {
        var index: Int
        var top: Int
    }

    /// The first row of non-zero height whose bottom is below `y`, if any. Usually one descent
    /// (the item containing y is that row); when y falls in a header, a footer or above the table,
    /// three more. O(log n).
    func firstPositiveRow(below y: Int) -> FoundRow? {
        var start = 0
        if y >= 0 {
            let found = tree.search(height: y, estimate: estimateUnits)
            guard found.index < tree.itemCount else { return nil }
            // The item containing y has non-zero height, so if it is a row it is the one.
            if ItemCode.isRow(found.code) { return FoundRow(index: found.index, top: found.top) }
            start = found.index
        }
        let metric = PositiveRowMetric(estimate: estimateUnits)
        let rank = tree.count(metric, before: start)
        guard rank < tree.total(metric) else { return nil }
        let index = tree.select(metric, rank: rank)
        return FoundRow(index: index, top: tree.height(before: index, estimate: estimateUnits))
    }

    /// Item indices of the first and last rows of non-zero height meeting the viewport.
    func rowItems(meeting viewport: Range<LayoutLength>) -> (Int, Int)? {
        let lower = Int(viewport.lowerBound.units), upper = Int(viewport.upperBound.units)
        // Every top is ≥ 0, so nothing has its top below an upper bound ≤ 0.
        guard upper > 0, let first = firstPositiveRow(below: lower)?.index else { return nil }
        let itemCount = tree.itemCount
        // The last item whose top is below `upper`, i.e. at most upper − 1.
        let lastCandidate = min(tree.search(height: upper - 1, estimate: estimateUnits).index, itemCount - 1)
        let metric = PositiveRowMetric(estimate: estimateUnits)
        let rank = tree.count(metric, before: lastCandidate + 1)
        guard rank > 0 else { return nil }
        let last = tree.select(metric, rank: rank - 1)
        return first <= last ? (first, last) : nil
    }

    /// Item indices `lower..<upper` spanning `prefetch` rows before the first row item through
    /// `prefetch` rows after the last, clamped to the table's rows.
    func prefetchWindow(first: Int, last: Int, prefetch: Int) -> Range<Int> {
        let rows = RowMetric()
        let firstRank = tree.count(rows, before: first)
        let lastRank = tree.count(rows, before: last)
        let lowerRank = firstRank - min(firstRank, prefetch)
        let upperRank = lastRank + min(tree.total(rows) - 1 - lastRank, prefetch)
        return tree.select(rows, rank: lowerRank)..<(tree.select(rows, rank: upperRank) + 1)
    }
}
