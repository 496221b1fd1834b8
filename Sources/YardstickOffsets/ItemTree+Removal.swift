extension ItemTree {
    /// Removes the items in `range` (within 0..<itemCount). Subtrees entirely inside the range are
    /// freed without being read; the at most two partly covered nodes per level are then merged
    /// with or refilled from a neighbour. O(log n + k/L).
    func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        defer { refreshTotalSummary() }
        removeRange(in: root, level: height, range.lowerBound, range.upperBound)
        while height > 1 && root.count == 1 {
            let child = root.innerChild(0)
            root.deallocate()
            root = child
            height -= 1
        }
        if root.count == 0 { height = 1 }
    }

    /// Removes items `lower..<upper` (relative to the node) from the subtree of `node`.
    private func removeRange(in node: InnerNode, level: Int, _ lower: Int, _ upper: Int) {
        var start = 0
        var slot = 0
        var removedStart = -1
        var removedCount = 0
        var firstPartial = -1
        var lastPartial = -1
        let count = node.count
        while slot < count && start < upper {
            let size = node.items[slot]
            let end = start + size
            if end > lower {
                let childLower = max(lower - start, 0)
                let childUpper = min(upper - start, size)
                if childLower == 0 && childUpper == size {
                    freeChild(of: node, slot, level: level)
                    if removedStart < 0 { removedStart = slot }
                    removedCount += 1
                } else {
                    if level == 1 {
                        removeFromLeaf(of: node, slot, childLower, childUpper)
                    } else {
                        let child = node.innerChild(slot)
                        removeRange(in: child, level: level - 1, childLower, childUpper)
                        node.setSummary(child.totalSummary(), slot)
                    }
                    if firstPartial < 0 { firstPartial = slot }
                    lastPartial = slot
                }
            }
            start = end
            slot += 1
        }
        if removedCount > 0 {
            node.shiftSlots(from: removedStart + removedCount, by: -removedCount)
            node.count = count - removedCount
            if lastPartial >= removedStart + removedCount { lastPartial -= removedCount }
            if firstPartial >= removedStart + removedCount { firstPartial -= removedCount }
        }
        if firstPartial >= 0 {
            fixUnderfullChildren(of: node, level: level, from: firstPartial, through: lastPartial)
        }
    }

    private func removeFromLeaf(of node: InnerNode, _ slot: Int, _ lower: Int, _ upper: Int) {
        let leaf = node.leafChild(slot)
        let size = node.items[slot]
        var summary = node.summary(slot)
        summary -= ItemSummary(codes: UnsafeBufferPointer(start: leaf + lower, count: upper - lower))
        (leaf + lower).update(from: leaf + upper, count: size - upper)
        rebuildBlockIndex(leaf, count: size - (upper - lower), changedFrom: lower)
        node.setSummary(summary, slot)
    }

    /// The number of entries held by the child under `slot` (codes for a leaf, children for a node).
    @inline(__always) private func childSize(of node: InnerNode, _ slot: Int, level: Int) -> Int {
        level == 1 ? node.items[slot] : node.innerChild(slot).count
    }

    @inline(__always) private func isUnderfull(_ node: InnerNode, _ slot: Int, level: Int) -> Bool {
        level == 1 ? node.items[slot] < leafMinimum : node.innerChild(slot).count < innerMinimum
    }

    /// Brings every underfull child in slots `first...last` (as far as they exist) back to the
    /// minimum by merging it with, or refilling it from, an adjacent sibling.
    func fixUnderfullChildren(of node: InnerNode, level: Int, from first: Int, through last: Int) {
        var slot = max(0, first)
        var last = last
        while slot <= last && slot < node.count {
            var current = slot
            while node.count > 1 && isUnderfull(node, current, level: level) {
                let result = fixChild(of: node, current, level: level)
                if result.merged { last -= 1 }
                current = result.slot
            }
            // Whether the child merged left, merged right or was refilled, the next unexamined
            // child now sits right after it.
            slot = current + 1
        }
    }

    /// Merges the child under `slot` with an adjacent sibling, or moves entries between them so
    /// both are at least half full. Returns the slot now holding the child's entries and whether
    /// a merge happened.
    private func fixChild(of node: InnerNode, _ slot: Int, level: Int) -> (slot: Int, merged: Bool) {
        let left = slot > 0 ? slot - 1 : slot
        let right = left + 1
        let leftSize = childSize(of: node, left, level: level)
        let rightSize = childSize(of: node, right, level: level)
        let capacity = level == 1 ? leafCapacity : fanout
        if leftSize + rightSize <= capacity {
            mergeChildren(of: node, left, level: level, leftSize: leftSize, rightSize: rightSize)
            return (left, true)
        }
        redistributeChildren(of: node, left, level: level, leftSize: leftSize, rightSize: rightSize)
        return (slot, false)
    }

    /// Appends the child at `left + 1` to the child at `left` and removes the emptied slot.
    private func mergeChildren(of node: InnerNode, _ left: Int, level: Int, leftSize: Int, rightSize: Int) {
        let right = left + 1
        var summary = node.summary(left)
        summary += node.summary(right)
        if level == 1 {
            let leftLeaf = node.leafChild(left), rightLeaf = node.leafChild(right)
            (leftLeaf + leftSize).update(from: rightLeaf, count: rightSize)
            rebuildBlockIndex(leftLeaf, count: leftSize + rightSize, changedFrom: leftSize)
            deallocateLeaf(rightLeaf)
        } else {
            let leftNode = node.innerChild(left), rightNode = node.innerChild(right)
            leftNode.copySlots(from: rightNode, 0, to: leftSize, count: rightSize)
            leftNode.count = leftSize + rightSize
            rightNode.deallocate()
            // The old last child of the left node and the old first child of the right node are now
            // neighbours; either may have been left underfull for want of a sibling.
            fixUnderfullChildren(of: leftNode, level: level - 1, from: leftSize - 1, through: leftSize)
        }
        node.setSummary(summary, left)
        node.shiftSlots(from: right + 1, by: -1)
        node.count -= 1
    }

    /// Evens out the children at `left` and `left + 1`, whose sizes add up to more than a capacity.
    private func redistributeChildren(of node: InnerNode, _ left: Int, level: Int, leftSize: Int, rightSize: Int) {
        let right = left + 1
        let total = leftSize + rightSize
        let newLeftSize = total / 2
        if level == 1 {
            let leftLeaf = node.leafChild(left), rightLeaf = node.leafChild(right)
            if leftSize < newLeftSize {
                let moved = newLeftSize - leftSize
                (leftLeaf + leftSize).update(from: rightLeaf, count: moved)
                rightLeaf.update(from: rightLeaf + moved, count: rightSize - moved)
            } else {
                let moved = leftSize - newLeftSize
                (rightLeaf + moved).update(from: rightLeaf, count: rightSize)
                rightLeaf.update(from: leftLeaf + newLeftSize, count: moved)
            }
            rebuildBlockIndex(leftLeaf, count: newLeftSize, changedFrom: min(leftSize, newLeftSize))
            rebuildBlockIndex(rightLeaf, count: total - newLeftSize)
            node.setSummary(ItemSummary(codes: UnsafeBufferPointer(start: leftLeaf, count: newLeftSize)), left)
            node.setSummary(ItemSummary(codes: UnsafeBufferPointer(start: rightLeaf, count: total - newLeftSize)), right)
            return
        }
        let leftNode = node.innerChild(left), rightNode = node.innerChild(right)
        if leftSize < newLeftSize {
            let moved = newLeftSize - leftSize
            leftNode.copySlots(from: rightNode, 0, to: leftSize, count: moved)
            rightNode.shiftSlots(from: moved, by: -moved)
        } else {
            let moved = leftSize - newLeftSize
            rightNode.shiftSlots(from: 0, by: moved)
            rightNode.copySlots(from: leftNode, newLeftSize, to: 0, count: moved)
        }
        leftNode.count = newLeftSize
        rightNode.count = total - newLeftSize
        // The old seam (old last child of the left node, old first child of the right node) sits at
        // positions leftSize - 1 and leftSize of the combined sequence; fix it wherever it landed.
        let seam = leftSize - 1
        if seam < newLeftSize {
            fixUnderfullChildren(of: leftNode, level: level - 1, from: seam, through: min(seam + 1, newLeftSize - 1))
        }
        if seam + 1 >= newLeftSize {
            fixUnderfullChildren(of: rightNode, level: level - 1, from: max(seam - newLeftSize, 0), through: seam + 1 - newLeftSize)
        }
        node.setSummary(leftNode.totalSummary(), left)
        node.setSummary(rightNode.totalSummary(), right)
    }
}
