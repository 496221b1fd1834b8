extension ItemTree {
    /// Replaces the code at item `index` (within 0..<itemCount) and returns the old one.
    /// O(log n): one descent recording the path, then the summary difference is added to each
    /// slot on the path.
    @discardableResult
    func replaceCode(at index: Int, with code: UInt32) -> UInt32 {
        withUnsafeTemporaryAllocation(of: PathStep.self, capacity: height) { path in
            let (node, slot, offset) = descend(to: index) { node, slot, depth in path[depth] = PathStep(node: node, slot: slot) }
            let leaf = node.leafChild(slot)
            let old = leaf[offset]
            guard old != code else { return old }
            leaf[offset] = code
            let delta = ItemSummary(code: code) - ItemSummary(code: old)
            adjustBlockIndex(leaf, after: offset, by: delta)
            for step in path { step.node.addChangedFieldsToSummary(delta, step.slot) }
            addToTotalSummary(delta)
            return old
        }
    }

    /// Rewrites the codes at item indices `range` with `transform(index, oldCode)`. Each leaf
    /// touched is reached by one descent and its summary change propagated once.
    /// O(k + (k/L + 1) log n).
    func updateCodes(in range: Range<Int>, _ transform: (Int, UInt32) -> UInt32) {
        guard !range.isEmpty else { return }
        withUnsafeTemporaryAllocation(of: PathStep.self, capacity: height) { path in
            var index = range.lowerBound
            while index < range.upperBound {
                let (node, leafSlot, offset) = descend(to: index) { node, slot, depth in path[depth] = PathStep(node: node, slot: slot) }
                let leaf = node.leafChild(leafSlot)
                let end = min(node.items[leafSlot], offset + (range.upperBound - index))
                let segment = UnsafeMutableBufferPointer(start: leaf + offset, count: end - offset)
                let before = ItemSummary(codes: UnsafeBufferPointer(segment))
                for position in 0..<segment.count {
                    segment[position] = transform(index + position, segment[position])
                }
                let delta = ItemSummary(codes: UnsafeBufferPointer(segment)) - before
                rebuildBlockIndex(leaf, count: node.items[leafSlot], changedFrom: offset)
                for step in path { step.node.addToSummary(delta, step.slot) }
                addToTotalSummary(delta)
                index += segment.count
            }
        }
    }
}

/// One step of a root-to-leaf path: a node and the child slot taken.
struct PathStep {
    var node: InnerNode
    var slot: Int
}
