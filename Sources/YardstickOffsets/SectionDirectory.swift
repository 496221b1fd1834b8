/// Where each section's items lie in the table's flat item sequence: one entry per section
/// holding its item count (rows + 2, for its header and footer), kept in an ``ItemTree`` that
/// treats each count as a height.
///
/// The flat start of a section is then the "offset" of its entry and the section holding an
/// item is the entry "at" that item's index, both one descent in a tree of S entries, which is
/// small and stays in cache even when the table is not. Every section has at least 2 items, so
/// no entry is empty. All operations are O(log S), plus O(k) for k sections inserted.
struct SectionDirectory {
    private var tree: ItemTree

    init(itemCounts: [Int], leafCapacity: Int, fanout: Int) {
        let codes = itemCounts.map { ItemCode.measuredRow($0) }
        tree = codes.withUnsafeBufferPointer { buffer in
            var source = BufferCodeSource(buffer)
            return ItemTree(leafCapacity: leafCapacity, fanout: fanout, count: buffer.count, source: &source)
        }
    }

    /// Number of sections.
    @inline(__always) var count: Int { tree.itemCount }

    /// The flat index of a section's header and its number of items (section must exist).
    @inline(__always) func span(ofSection section: Int) -> (start: Int, itemCount: Int) {
        let location = tree.locate(section, countingHeaders: false)
        return (location.measuredHeightBefore, ItemCode.storedHeight(location.code))
    }

    /// The section holding flat item `index` (within the table) and that section's start.
    @inline(__always) func section(containing index: Int) -> (section: Int, start: Int) {
        let found = tree.search(height: index, estimate: 0)
        return (found.index, found.top)
    }

    /// Adds `delta` items to a section (rows inserted or deleted).
    mutating func resize(section: Int, by delta: Int) {
        guard delta != 0 else { return }
        makeUnique()
        let current = ItemCode.storedHeight(tree.code(at: section))
        tree.replaceCode(at: section, with: ItemCode.measuredRow(current + delta))
    }

    mutating func insert(itemCounts: [Int], at index: Int) {
        guard !itemCounts.isEmpty else { return }
        makeUnique()
        let codes = itemCounts.map { ItemCode.measuredRow($0) }
        codes.withUnsafeBufferPointer { buffer in
            var source = BufferCodeSource(buffer)
            tree.insert(count: buffer.count, at: index, source: &source)
        }
    }

    mutating func remove(_ sections: Range<Int>) {
        guard !sections.isEmpty else { return }
        makeUnique()
        tree.remove(sections)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&tree) { tree = tree.copy() }
    }

    /// Item counts of all sections, in order; for consistency checks.
    var itemCounts: [Int] { tree.allCodes().map(ItemCode.storedHeight) }

    /// The underlying tree's structural problems; for consistency checks.
    func invariantViolations() -> [String] { tree.invariantViolations() }
}
