extension RowOffsetCache {
    /// Inserts `count` rows before the row at `position` (`position.row` may equal the section's
    /// row count to append). The new rows are measured at `height`, or estimated when it is nil.
    /// Later rows of the section shift down by `count`; a captured anchor on one of them follows
    /// it. O(count + log n).
    public mutating func insertRows(at position: RowPosition, count: Int, height: LayoutLength? = nil) throws(RowOffsetCacheError) {
        guard count >= 0 else { throw .negativeCount(count) }
        let code = try height.map { height throws(RowOffsetCacheError) in ItemCode.measuredRow(try RowOffsetCache.validatedHeight(height)) }
            ?? ItemCode.estimatedRow
        let index = try insertionIndex(for: position, adding: count)
        guard count > 0 else { return }
        var source = RepeatedCodeSource(code: code)
        uniqueTree().insert(count: count, at: index, source: &source)
        sections.resize(section: position.section, by: count)
        shiftAnchorForInsertedRows(at: position, count: count)
    }

    /// Inserts rows measured at `heights` before the row at `position`, as
    /// ``insertRows(at:count:height:)``. O(k + log n).
    public mutating func insertRows(at position: RowPosition, measuredHeights heights: some Collection<LayoutLength>) throws(RowOffsetCacheError) {
        var codes = [UInt32]()
        codes.reserveCapacity(heights.count)
        for height in heights { codes.append(ItemCode.measuredRow(try RowOffsetCache.validatedHeight(height))) }
        let index = try insertionIndex(for: position, adding: codes.count)
        guard !codes.isEmpty else { return }
        codes.withUnsafeBufferPointer { buffer in
            var source = BufferCodeSource(buffer)
            uniqueTree().insert(count: buffer.count, at: index, source: &source)
        }
        sections.resize(section: position.section, by: codes.count)
        shiftAnchorForInsertedRows(at: position, count: codes.count)
    }

    /// Deletes rows `rows` of `section`; later rows shift up. A captured anchor on a deleted row
    /// moves to the row now at `rows.lowerBound`, or to the section's last row if none follows,
    /// or is lost when the section is left empty. O(log n + k/512).
    public mutating func deleteRows(_ rows: Range<Int>, inSection section: Int) throws(RowOffsetCacheError) {
        let start = try checkedRowRange(rows, inSection: section)
        guard !rows.isEmpty else { return }
        let remaining = rowCount(ofValidSection: section) - rows.count
        uniqueTree().remove(start..<(start + rows.count))
        sections.resize(section: section, by: -rows.count)
        guard var anchor = scrollAnchor, let anchorRow = anchor.row, anchorRow.section == section else { return }
        if anchorRow.row >= rows.upperBound {
            anchor.row = RowPosition(section: section, row: anchorRow.row - rows.count)
        } else if anchorRow.row >= rows.lowerBound {
            anchor.row = remaining == 0 ? nil : RowPosition(section: section, row: min(rows.lowerBound, remaining - 1))
        }
        scrollAnchor = anchor
    }

    /// Moves a row, keeping its height (measured or estimated), so that it ends up at
    /// `destination` (an index in the destination section as it is after the row was taken out,
    /// like `UITableView.moveRow(at:to:)`). A captured anchor on the moved row follows it.
    /// O(log n).
    public mutating func moveRow(from source: RowPosition, to destination: RowPosition) throws(RowOffsetCacheError) {
        let sourceIndex = try itemIndex(ofRow: source)
        try checkSection(destination.section)
        let destinationRows = rowCount(ofValidSection: destination.section) - (destination.section == source.section ? 1 : 0)
        guard destination.row >= 0 && destination.row <= destinationRows else {
            throw .rowOutOfRange(destination, rowCount: destinationRows)
        }
        let tree = uniqueTree()
        let code = tree.code(at: sourceIndex)
        tree.remove(sourceIndex..<(sourceIndex + 1))
        sections.resize(section: source.section, by: -1)
        let destinationIndex = headerIndex(ofSection: destination.section) + 1 + destination.row
        var codeSource = RepeatedCodeSource(code: code)
        tree.insert(count: 1, at: destinationIndex, source: &codeSource)
        sections.resize(section: destination.section, by: 1)

        guard var anchor = scrollAnchor, var anchorRow = anchor.row else { return }
        if anchorRow == source {
            anchorRow = destination
        } else {
            if anchorRow.section == source.section && anchorRow.row > source.row { anchorRow.row -= 1 }
            if anchorRow.section == destination.section && anchorRow.row >= destination.row { anchorRow.row += 1 }
        }
        anchor.row = anchorRow
        scrollAnchor = anchor
    }

    /// Inserts sections before section `index` (`index` may equal ``sectionCount`` to append).
    /// Later sections' indices shift by `sections.count`. O(k + log n) for k items added.
    public mutating func insertSections(_ sections: [RowOffsetCache.SectionLayout], at index: Int) throws(RowOffsetCacheError) {
        let count = sectionCount
        guard index >= 0 && index <= count else { throw .sectionRangeOutOfBounds(lower: index, upper: index, sectionCount: count) }
        let validated = try RowOffsetCache.validatedSections(sections, existingItems: tree.itemCount)
        guard !validated.isEmpty else { return }
        let position = index < count ? headerIndex(ofSection: index) : tree.itemCount
        var source = SectionsCodeSource(validated)
        uniqueTree().insert(count: SectionsCodeSource.itemCount(of: validated), at: position, source: &source)
        self.sections.insert(itemCounts: validated.map { $0.rowCount + 2 }, at: index)
        if var anchor = scrollAnchor, let row = anchor.row, row.section >= index {
            anchor.row = RowPosition(section: row.section + sections.count, row: row.row)
            scrollAnchor = anchor
        }
    }

    /// Deletes the sections `sections`. Later sections' indices shift down; a captured anchor in a
    /// deleted section is lost. O(log n + k/512).
    public mutating func deleteSections(_ sections: Range<Int>) throws(RowOffsetCacheError) {
        let count = sectionCount
        guard sections.lowerBound >= 0 && sections.upperBound <= count else {
            throw .sectionRangeOutOfBounds(lower: sections.lowerBound, upper: sections.upperBound, sectionCount: count)
        }
        guard !sections.isEmpty else { return }
        let start = headerIndex(ofSection: sections.lowerBound)
        let end = sections.upperBound < count ? headerIndex(ofSection: sections.upperBound) : tree.itemCount
        uniqueTree().remove(start..<end)
        self.sections.remove(sections)
        if var anchor = scrollAnchor, let row = anchor.row, row.section >= sections.lowerBound {
            anchor.row = row.section < sections.upperBound ? nil : RowPosition(section: row.section - sections.count, row: row.row)
            scrollAnchor = anchor
        }
    }

    /// Checks an insertion point and the size limit; returns the item index to insert at.
    private func insertionIndex(for position: RowPosition, adding count: Int) throws(RowOffsetCacheError) -> Int {
        try checkSection(position.section)
        let span = sections.span(ofSection: position.section)
        let rows = span.itemCount - 2
        guard position.row >= 0 && position.row <= rows else { throw .rowOutOfRange(position, rowCount: rows) }
        let items = tree.itemCount
        guard count <= RowOffsetCache.maximumItemCount - items else {
            throw .tooManyItems(requested: count > Int.max - items ? Int.max : items + count, limit: RowOffsetCache.maximumItemCount)
        }
        return span.start + 1 + position.row
    }

    private mutating func shiftAnchorForInsertedRows(at position: RowPosition, count: Int) {
        if var anchor = scrollAnchor, let row = anchor.row, row.section == position.section, row.row >= position.row {
            anchor.row = RowPosition(section: row.section, row: row.row + count)
            scrollAnchor = anchor
        }
    }
}
