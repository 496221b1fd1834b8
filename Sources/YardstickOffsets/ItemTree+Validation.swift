extension ItemTree {
    /// Checks the structural invariants and returns a description of each violation (empty when
    /// the tree is sound): every slot summary equals a recomputation from its subtree, no node or
    /// leaf is empty, capacities are respected, and every node but the root is at least at its
    /// minimum fill. For tests. O(n).
    func invariantViolations() -> [String] {
        var problems = [String]()
        if height > 1 && root.count < 2 { problems.append("root at height \(height) has \(root.count) children") }
        if root.count > fanout { problems.append("root overflows: \(root.count) children") }
        func check(_ node: InnerNode, level: Int) -> ItemSummary {
            var total = ItemSummary()
            for slot in 0..<node.count {
                let actual: ItemSummary
                if level == 1 {
                    let size = node.items[slot]
                    if size < 1 || size > leafCapacity { problems.append("level \(level) slot \(slot): leaf size \(size)") }
                    if size < leafMinimum && !(node.reference == root.reference && node.count == 1) {
                        problems.append("level \(level) slot \(slot): leaf underfull (\(size) < \(leafMinimum))")
                    }
                    let leaf = node.leafChild(slot)
                    actual = ItemSummary(codes: UnsafeBufferPointer(start: leaf, count: max(0, size)))
                    for block in 0..<leafBlockCount {
                        let end = min(block << LeafBlockPrefix.blockShift, max(0, size))
                        let expected = LeafBlockPrefix(ItemSummary(codes: UnsafeBufferPointer(start: leaf, count: end)))
                        let stored = blockPrefix(leaf, block).pointee
                        if stored.measuredHeight != expected.measuredHeight || stored.estimatedRows != expected.estimatedRows
                            || stored.headers != expected.headers || stored.rows != expected.rows
                            || stored.positiveMeasuredRows != expected.positiveMeasuredRows {
                            problems.append("level \(level) slot \(slot): block index entry \(block) is stale")
                        }
                    }
                } else {
                    let child = node.innerChild(slot)
                    if child.count < 1 || child.count > fanout { problems.append("level \(level) slot \(slot): node size \(child.count)") }
                    if child.count < innerMinimum { problems.append("level \(level) slot \(slot): node underfull (\(child.count) < \(innerMinimum))") }
                    actual = check(child, level: level - 1)
                }
                if actual != node.summary(slot) {
                    problems.append("level \(level) slot \(slot): summary \(node.summary(slot)) but subtree holds \(actual)")
                }
                total += actual
            }
            return total
        }
        let total = check(root, level: height)
        if total != totalSummary { problems.append("cached total \(totalSummary) but the tree holds \(total)") }
        return problems
    }
}
