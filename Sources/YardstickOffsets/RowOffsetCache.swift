/// The vertical layout of a table of up to hundreds of millions of rows, kept incrementally:
/// row offsets, the row at a y, viewport queries and scroll anchoring, each in O(log n) after
/// any height change, estimate change, insert or delete.
///
/// The table is a list of sections; each has a header height, its rows and a footer height (both
/// 0 when absent). A row is either *measured* (its own height) or *estimated* (it takes the
/// table's current ``estimatedRowHeight``). All lengths are exact ``LayoutLength``s (integers of
/// 1/64 pt, sums in 64 bits), so every offset always equals a fresh recomputation exactly.
///
/// Complexities, n = rows + 2 × sections:
/// - build: O(n);
/// - ``setHeight(_:of:)``, ``invalidateHeight(of:)``, ``offset(of:)``, ``frame(of:)``,
///   ``item(at:)``, ``rowCount(inSection:)``, anchor capture and restore: O(log n);
/// - ``setEstimatedRowHeight(_:)``, ``totalHeight``, ``sectionCount``, ``rowCount``: O(1);
/// - set or invalidate k consecutive rows: O(k + (k/512 + 1) log n);
/// - insert k rows or sections of k items: O(k + log n); delete k rows or sections: O(log n + k/512);
///   move a row: O(log n);
/// - ``viewportRows(meeting:prefetch:)``: O(log n); ``unmeasuredRows(meeting:prefetch:limit:)``:
///   O((u + 1) log n) for u rows returned.
///
/// Memory: 5 bytes per row in full leaves of 512 rows (4 for the row, 1 for the leaf's block
/// index), plus about 0.5 bytes per row of interior nodes; leaves are packed full when built,
/// at least half full after inserts and at least a quarter full after deletes.
///
/// The cache is a value: copies share storage until one of them is mutated (that first mutation
/// copies, O(n)). Every throwing mutation either fully applies or leaves the cache unchanged.
public struct RowOffsetCache: Sendable {
    /// The tallest height a row, header, footer or estimate can have: 2^30 − 1 units,
    /// just under 16,777,216 pt.
    public static let maximumHeight = LayoutLength(units: Int64(ItemCode.maximumHeightUnits))

    /// The most items (rows plus two per section) a table may hold: 2^28, about 268 million,
    /// about 1.1 GB of storage.
    public static let maximumItemCount = 1 << 28

    /// Every header, row and footer, in order.
    var tree: ItemTree
    /// Where each section's items start in `tree`.
    var sections: SectionDirectory
    var estimateUnits: Int
    /// The anchor captured by ``captureScrollAnchor(viewportTop:)``, kept on its row through
    /// inserts, deletes and moves; nil when none has been captured.
    public internal(set) var scrollAnchor: RowOffsetCache.ScrollAnchor?

    // MARK: - Building

    /// An empty table (no sections) with an estimate of 0.
    public init() {
        estimateUnits = 0
        tree = ItemTree()
        sections = SectionDirectory(itemCounts: [], leafCapacity: ItemTree.defaultLeafCapacity, fanout: ItemTree.defaultFanout)
    }

    /// An empty table (no sections) whose rows, once added, are estimated at `estimatedRowHeight`.
    /// - Throws: ``RowOffsetCacheError`` if the estimate is negative or too large.
    public init(estimatedRowHeight: LayoutLength) throws(RowOffsetCacheError) {
        self.init()
        estimateUnits = try RowOffsetCache.validatedHeight(estimatedRowHeight)
    }

    /// A table of the given sections. O(n).
    /// - Throws: ``RowOffsetCacheError`` for a negative row count, an invalid height, or more than
    ///   ``maximumItemCount`` items.
    public init(sections: [RowOffsetCache.SectionLayout], estimatedRowHeight: LayoutLength) throws(RowOffsetCacheError) {
        try self.init(sections: sections, estimatedRowHeight: estimatedRowHeight,
                      leafCapacity: ItemTree.defaultLeafCapacity, fanout: ItemTree.defaultFanout)
    }

    /// One section without header or footer holding `rowCount` estimated rows. O(n).
    public init(estimatedRowCount rowCount: Int, estimatedRowHeight: LayoutLength) throws(RowOffsetCacheError) {
        try self.init(sections: [RowOffsetCache.SectionLayout(estimatedRowCount: rowCount)], estimatedRowHeight: estimatedRowHeight)
    }

    /// One section without header or footer holding rows measured at `heights`. O(n).
    public init(measuredRowHeights heights: [LayoutLength], estimatedRowHeight: LayoutLength = .zero) throws(RowOffsetCacheError) {
        try self.init(sections: [RowOffsetCache.SectionLayout(measuredRowHeights: heights)], estimatedRowHeight: estimatedRowHeight)
    }

    /// The designated initialiser; tests choose small node sizes to exercise the tree's structure.
    init(sections: [RowOffsetCache.SectionLayout], estimatedRowHeight: LayoutLength, leafCapacity: Int, fanout: Int) throws(RowOffsetCacheError) {
        estimateUnits = try RowOffsetCache.validatedHeight(estimatedRowHeight)
        let validated = try RowOffsetCache.validatedSections(sections, existingItems: 0)
        var source = SectionsCodeSource(validated)
        tree = ItemTree(leafCapacity: leafCapacity, fanout: fanout,
                        count: SectionsCodeSource.itemCount(of: validated), source: &source)
        self.sections = SectionDirectory(itemCounts: validated.map { $0.rowCount + 2 }, leafCapacity: leafCapacity, fanout: fanout)
    }

    // MARK: - Shape

    /// Number of sections. O(1).
    public var sectionCount: Int { sections.count }

    /// Number of rows in all sections. O(1).
    public var rowCount: Int { tree.total(RowMetric()) }

    /// Number of rows, in all sections, whose height is still estimated. O(1).
    public var estimatedRowCount: Int { tree.total(EstimatedRowMetric()) }

    /// Number of rows in `section`. O(log n).
    public func rowCount(inSection section: Int) throws(RowOffsetCacheError) -> Int {
        try checkSection(section)
        return rowCount(ofValidSection: section)
    }

    /// The height every estimated row takes.
    public var estimatedRowHeight: LayoutLength { LayoutLength(units: Int64(estimateUnits)) }

    /// The height of the whole table: headers, rows and footers. O(1).
    public var totalHeight: LayoutLength { LayoutLength(units: Int64(tree.totalSummary.height(estimate: estimateUnits))) }

    // MARK: - Internal helpers

    /// Makes the tree unshared before a mutation (copy-on-write).
    mutating func uniqueTree() -> ItemTree {
        if !isKnownUniquelyReferenced(&tree) { tree = tree.copy() }
        return tree
    }

    static func validatedHeight(_ height: LayoutLength) throws(RowOffsetCacheError) -> Int {
        guard height.units >= 0 else { throw .negativeHeight(height) }
        guard height <= maximumHeight else { throw .heightTooLarge(height) }
        return Int(height.units)
    }

    static func validatedSections(_ sections: [RowOffsetCache.SectionLayout], existingItems: Int) throws(RowOffsetCacheError) -> [SectionsCodeSource.Section] {
        var result = [SectionsCodeSource.Section]()
        result.reserveCapacity(sections.count)
        var items = existingItems
        for section in sections {
            let rowCount = section.rowCount
            guard rowCount >= 0 else { throw .negativeCount(rowCount) }
            let header = try validatedHeight(section.headerHeight)
            let footer = try validatedHeight(section.footerHeight)
            guard rowCount <= maximumItemCount - items - 2 else {
                throw .tooManyItems(requested: rowCount > Int.max - items - 2 ? Int.max : items + rowCount + 2, limit: maximumItemCount)
            }
            items += rowCount + 2
            var heights: [LayoutLength]?
            if case .measured(let measured) = section.rows {
                for height in measured { _ = try validatedHeight(height) }
                heights = measured
            }
            result.append(.init(headerHeight: header, footerHeight: footer, rowCount: rowCount, measuredRowHeights: heights))
        }
        return result
    }

    func checkSection(_ section: Int) throws(RowOffsetCacheError) {
        let count = sectionCount
        guard section >= 0 && section < count else { throw .sectionOutOfRange(section: section, sectionCount: count) }
    }

    /// Item index of a section's header (section must exist). O(log S).
    func headerIndex(ofSection section: Int) -> Int {
        sections.span(ofSection: section).start
    }

    /// Item index just past a section's footer (section must exist). O(log S).
    func endIndex(ofSection section: Int) -> Int {
        let span = sections.span(ofSection: section)
        return span.start + span.itemCount
    }

    func rowCount(ofValidSection section: Int) -> Int {
        sections.span(ofSection: section).itemCount - 2
    }

    /// Item index of an existing row. O(log S).
    /// - Throws: if the section or the row does not exist.
    func itemIndex(ofRow position: RowPosition) throws(RowOffsetCacheError) -> Int {
        try checkSection(position.section)
        let span = sections.span(ofSection: position.section)
        let rows = span.itemCount - 2
        guard position.row >= 0 && position.row < rows else { throw .rowOutOfRange(position, rowCount: rows) }
        return span.start + 1 + position.row
    }

    /// The header, row or footer at item `index` (within the table). O(log S).
    func tableItem(atItem index: Int, code: UInt32) -> RowOffsetCache.TableItem {
        let (section, start) = sections.section(containing: index)
        if ItemCode.isHeader(code) { return .header(section: section) }
        if ItemCode.isFooter(code) { return .footer(section: section) }
        return .row(RowPosition(section: section, row: index - start - 1))
    }

    /// The position of the row at item `index`. O(log S).
    func rowPosition(ofItem index: Int) -> RowPosition {
        let (section, start) = sections.section(containing: index)
        return RowPosition(section: section, row: index - start - 1)
    }

    /// Structural problems in either tree, or a section directory that disagrees with where the
    /// headers actually are; empty when the cache is consistent. For tests. O(n).
    func consistencyViolations() -> [String] {
        var problems = tree.invariantViolations() + sections.invariantViolations().map { "section directory: " + $0 }
        var counts = [Int]()
        var current = 0
        for code in tree.allCodes() {
            if ItemCode.isHeader(code) { if current > 0 { counts.append(current) }; current = 0 }
            current += 1
        }
        if current > 0 { counts.append(current) }
        if counts != sections.itemCounts { problems.append("section directory \(sections.itemCounts) but the items hold sections of \(counts)") }
        return problems
    }
}
