/// A handle to one interior node of the item tree: up to `fanout` children, each with the summary
/// of its subtree, stored as parallel arrays in one manually managed block of words.
///
/// Layout (in `Int` words): `[count, fanout, children × F, items × F, headers × F, rows × F,
/// positiveMeasuredRows × F, estimatedRows × F, measuredHeight × F]`. A child reference is the bit
/// pattern of either another node's block or a leaf's code buffer, depending on the node's level.
/// Keeping each summary field contiguous makes the per-level scans of a descent tight loops.
///
/// The handle is a plain pointer: it neither retains nor frees; ``ItemTree`` owns every node.
/// Reading or writing one slot is O(1); inserting or removing slots is O(fanout).
struct InnerNode {
    let base: UnsafeMutablePointer<Int>

    static func allocate(fanout: Int) -> InnerNode {
        let base = UnsafeMutablePointer<Int>.allocate(capacity: 2 + 7 * fanout)
        base[0] = 0
        base[1] = fanout
        return InnerNode(base: base)
    }

    @inline(__always) init(base: UnsafeMutablePointer<Int>) { self.base = base }
    @inline(__always) init(reference: Int) { base = UnsafeMutablePointer<Int>(bitPattern: reference).unsafelyUnwrapped }

    func deallocate() { base.deallocate() }

    @inline(__always) var reference: Int { Int(bitPattern: base) }

    /// Number of children in use.
    @inline(__always) var count: Int {
        get { base[0] }
        nonmutating set { base[0] = newValue }
    }

    @inline(__always) var fanout: Int { base[1] }

    @inline(__always) var children: UnsafeMutablePointer<Int> { base + 2 }
    @inline(__always) var items: UnsafeMutablePointer<Int> { base + (2 + fanout) }
    @inline(__always) var headers: UnsafeMutablePointer<Int> { base + (2 + 2 * fanout) }
    @inline(__always) var rows: UnsafeMutablePointer<Int> { base + (2 + 3 * fanout) }
    @inline(__always) var positiveMeasuredRows: UnsafeMutablePointer<Int> { base + (2 + 4 * fanout) }
    @inline(__always) var estimatedRows: UnsafeMutablePointer<Int> { base + (2 + 5 * fanout) }
    @inline(__always) var measuredHeights: UnsafeMutablePointer<Int> { base + (2 + 6 * fanout) }

    @inline(__always) func innerChild(_ slot: Int) -> InnerNode { InnerNode(reference: children[slot]) }
    @inline(__always) func leafChild(_ slot: Int) -> UnsafeMutablePointer<UInt32> {
        UnsafeMutablePointer<UInt32>(bitPattern: children[slot]).unsafelyUnwrapped
    }

    @inline(__always) func summary(_ slot: Int) -> ItemSummary {
        ItemSummary(items: items[slot], headers: headers[slot], rows: rows[slot],
                    positiveMeasuredRows: positiveMeasuredRows[slot], estimatedRows: estimatedRows[slot],
                    measuredHeight: measuredHeights[slot])
    }

    @inline(__always) func setSummary(_ summary: ItemSummary, _ slot: Int) {
        items[slot] = summary.items
        headers[slot] = summary.headers
        rows[slot] = summary.rows
        positiveMeasuredRows[slot] = summary.positiveMeasuredRows
        estimatedRows[slot] = summary.estimatedRows
        measuredHeights[slot] = summary.measuredHeight
    }

    @inline(__always) func addToSummary(_ delta: ItemSummary, _ slot: Int) {
        items[slot] &+= delta.items
        headers[slot] &+= delta.headers
        rows[slot] &+= delta.rows
        positiveMeasuredRows[slot] &+= delta.positiveMeasuredRows
        estimatedRows[slot] &+= delta.estimatedRows
        measuredHeights[slot] &+= delta.measuredHeight
    }

    /// As ``addToSummary(_:_:)``, but only writes the fields that change, so a height change
    /// dirties one or two cache lines per level instead of six.
    @inline(__always) func addChangedFieldsToSummary(_ delta: ItemSummary, _ slot: Int) {
        if delta.items != 0 { items[slot] &+= delta.items }
        if delta.headers != 0 { headers[slot] &+= delta.headers }
        if delta.rows != 0 { rows[slot] &+= delta.rows }
        if delta.positiveMeasuredRows != 0 { positiveMeasuredRows[slot] &+= delta.positiveMeasuredRows }
        if delta.estimatedRows != 0 { estimatedRows[slot] &+= delta.estimatedRows }
        if delta.measuredHeight != 0 { measuredHeights[slot] &+= delta.measuredHeight }
    }

    /// The sum of all slot summaries: the summary of this node's whole subtree. O(count).
    func totalSummary() -> ItemSummary {
        var total = ItemSummary()
        for slot in 0..<count { total += summary(slot) }
        return total
    }

    /// Number of parallel arrays (the child references and six summary fields).
    private static let columnCount = 7

    /// The `index`-th parallel array; column 0 holds the child references.
    @inline(__always) private func column(_ index: Int) -> UnsafeMutablePointer<Int> { base + (2 + index * fanout) }

    /// Shifts slots `from..<count` by `distance` (positive: right, opening a gap; negative: left).
    func shiftSlots(from start: Int, by distance: Int) {
        let moved = count - start
        guard moved > 0, distance != 0 else { return }
        for index in 0..<InnerNode.columnCount {
            let values = column(index)
            (values + start + distance).update(from: values + start, count: moved)
        }
    }

    /// Copies `n` slots starting at `sourceSlot` of `source` into this node at `targetSlot`
    /// (the nodes must be distinct). Does not change either count.
    func copySlots(from source: InnerNode, _ sourceSlot: Int, to targetSlot: Int, count n: Int) {
        guard n > 0 else { return }
        for index in 0..<InnerNode.columnCount {
            (column(index) + targetSlot).update(from: source.column(index) + sourceSlot, count: n)
        }
    }

    /// Writes one child and its summary into `slot`.
    @inline(__always) func setEntry(_ entry: ChildEntry, _ slot: Int) {
        children[slot] = entry.reference
        setSummary(entry.summary, slot)
    }

    @inline(__always) func entry(_ slot: Int) -> ChildEntry {
        ChildEntry(reference: children[slot], summary: summary(slot))
    }
}

/// A child reference together with the summary of its subtree, as passed between tree levels
/// while inserting or building.
struct ChildEntry {
    var reference: Int
    var summary: ItemSummary
}
