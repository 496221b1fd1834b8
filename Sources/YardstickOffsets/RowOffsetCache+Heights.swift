extension RowOffsetCache {
    /// The height of a row: its measured height, or the estimate. O(log n).
    public func height(of row: RowPosition) throws(RowOffsetCacheError) -> LayoutLength {
        let code = tree.code(at: try itemIndex(ofRow: row))
        return LayoutLength(units: Int64(ItemCode.height(code, estimate: estimateUnits)))
    }

    /// Whether a row has been measured (rather than taking the estimate). O(log n).
    public func isMeasured(_ row: RowPosition) throws(RowOffsetCacheError) -> Bool {
        !ItemCode.isEstimatedRow(tree.code(at: try itemIndex(ofRow: row)))
    }

    /// Sets a row's height; the row becomes measured. O(log n).
    public mutating func setHeight(_ height: LayoutLength, of row: RowPosition) throws(RowOffsetCacheError) {
        let units = try RowOffsetCache.validatedHeight(height)
        let index = try itemIndex(ofRow: row)
        uniqueTree().replaceCode(at: index, with: ItemCode.measuredRow(units))
    }

    /// Sets the heights of consecutive rows of one section, starting at `firstRow`; the rows
    /// become measured. O(k + (k/512 + 1) log n) for k heights.
    public mutating func setHeights(_ heights: some Collection<LayoutLength>, startingAt firstRow: RowPosition) throws(RowOffsetCacheError) {
        var codes = [UInt32]()
        codes.reserveCapacity(heights.count)
        for height in heights { codes.append(ItemCode.measuredRow(try RowOffsetCache.validatedHeight(height))) }
        guard firstRow.row >= 0 && firstRow.row <= Int.max - codes.count else {
            throw .rowOutOfRange(firstRow, rowCount: try rowCount(inSection: firstRow.section))
        }
        let start = try checkedRowRange(firstRow.row..<(firstRow.row + codes.count), inSection: firstRow.section)
        guard !codes.isEmpty else { return }
        uniqueTree().updateCodes(in: start..<(start + codes.count)) { index, _ in codes[index - start] }
    }

    /// Returns a row to the estimate. O(log n).
    public mutating func invalidateHeight(of row: RowPosition) throws(RowOffsetCacheError) {
        let index = try itemIndex(ofRow: row)
        uniqueTree().replaceCode(at: index, with: ItemCode.estimatedRow)
    }

    /// Returns the rows `rows` of `section` to the estimate. O(k + (k/512 + 1) log n).
    public mutating func invalidateHeights(ofRows rows: Range<Int>, inSection section: Int) throws(RowOffsetCacheError) {
        let start = try checkedRowRange(rows, inSection: section)
        guard !rows.isEmpty else { return }
        uniqueTree().updateCodes(in: start..<(start + rows.count)) { _, _ in ItemCode.estimatedRow }
    }

    /// Changes the height every estimated row takes. O(1): no row is visited.
    public mutating func setEstimatedRowHeight(_ height: LayoutLength) throws(RowOffsetCacheError) {
        estimateUnits = try RowOffsetCache.validatedHeight(height)
    }

    /// Sets the height of a section's header (0 for none). O(log n).
    public mutating func setHeaderHeight(_ height: LayoutLength, ofSection section: Int) throws(RowOffsetCacheError) {
        let units = try RowOffsetCache.validatedHeight(height)
        try checkSection(section)
        let index = headerIndex(ofSection: section)
        uniqueTree().replaceCode(at: index, with: ItemCode.header(units))
    }

    /// Sets the height of a section's footer (0 for none). O(log n).
    public mutating func setFooterHeight(_ height: LayoutLength, ofSection section: Int) throws(RowOffsetCacheError) {
        let units = try RowOffsetCache.validatedHeight(height)
        try checkSection(section)
        let index = endIndex(ofSection: section) - 1
        uniqueTree().replaceCode(at: index, with: ItemCode.footer(units))
    }

    /// Checks that `rows` lies within `section` and returns the item index of its first row.
    func checkedRowRange(_ rows: Range<Int>, inSection section: Int) throws(RowOffsetCacheError) -> Int {
        try checkSection(section)
        let span = sections.span(ofSection: section)
        let header = span.start
        let rowCount = span.itemCount - 2
        guard rows.lowerBound >= 0 && rows.upperBound <= rowCount else {
            throw .rowRangeOutOfBounds(section: section, lower: rows.lowerBound, upper: rows.upperBound, rowCount: rowCount)
        }
        return header + 1 + rows.lowerBound
    }
}
