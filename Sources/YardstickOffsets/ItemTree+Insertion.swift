extension ItemTree {
    /// Inserts `count` codes from `source` so that the first of them lands at item index `position`
    /// (0 ≤ position ≤ itemCount). O(count + log n).
    func insert<Source: ItemCodeSource>(count: Int, at position: Int, source: inout Source) {
        guard count > 0 else { return }
        defer { refreshTotalSummary() }
        if root.count == 0 {
            let leaves = makeLeaves(count: count, source: &source)
            root.deallocate()
            (root, height) = assembleLevels(leaves)
            return
        }
        let overflow = insert(into: root, level: height, count: count, at: position, source: &source)
        guard !overflow.isEmpty else { return }
        let (newRoot, newHeight) = assembleLevels([ChildEntry(reference: root.reference, summary: root.totalSummary())] + overflow,
                                                   startingLevel: height + 1)
        root = newRoot
        height = newHeight
    }

    /// Inserts into the subtree of `node`; returns new right siblings of `node` when it overflowed.
    private func insert<Source: ItemCodeSource>(into node: InnerNode, level: Int, count: Int, at position: Int,
                                                source: inout Source) -> [ChildEntry] {
        var slot = 0
        var offset = position
        let last = node.count - 1
        while slot < last && offset > node.items[slot] {
            offset -= node.items[slot]
            slot += 1
        }
        let newSiblings: [ChildEntry]
        if level == 1 {
            newSiblings = insertIntoLeaf(of: node, slot, count: count, at: offset, source: &source)
        } else {
            let child = node.innerChild(slot)
            newSiblings = insert(into: child, level: level - 1, count: count, at: offset, source: &source)
            node.setSummary(child.totalSummary(), slot)
        }
        guard !newSiblings.isEmpty else { return [] }
        return insertEntries(newSiblings, into: node, after: slot)
    }

    /// Inserts codes into the leaf under `slot`, splitting it evenly into several leaves when it
    /// overflows; returns the leaves after the first.
    private func insertIntoLeaf<Source: ItemCodeSource>(of node: InnerNode, _ slot: Int, count: Int, at offset: Int,
                                                        source: inout Source) -> [ChildEntry] {
        let leaf = node.leafChild(slot)
        let oldCount = node.items[slot]
        if oldCount + count <= leafCapacity {
            (leaf + offset + count).update(from: leaf + offset, count: oldCount - offset)
            source.fill(UnsafeMutableBufferPointer(start: leaf + offset, count: count))
            rebuildBlockIndex(leaf, count: oldCount + count, changedFrom: offset)
            node.addToSummary(ItemSummary(codes: UnsafeBufferPointer(start: leaf + offset, count: count)), slot)
            return []
        }
        let total = oldCount + count
        let (parts, base, extra) = ItemTree.evenPartSizes(total: total, capacity: leafCapacity)
        var leaves = [leaf]
        leaves.reserveCapacity(parts)
        for _ in 1..<parts { leaves.append(allocateLeaf()) }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(1, oldCount)) { old in
            let oldCodes = old.baseAddress!
            oldCodes.update(from: leaf, count: oldCount)
            var filler = LeafFiller(leaves: leaves, base: base, extra: extra)
            filler.append(UnsafeBufferPointer(start: oldCodes, count: offset))
            filler.append(count: count, from: &source)
            filler.append(UnsafeBufferPointer(start: oldCodes + offset, count: oldCount - offset))
        }
        var siblings = [ChildEntry]()
        siblings.reserveCapacity(parts - 1)
        for part in 0..<parts {
            let size = base + (part < extra ? 1 : 0)
            rebuildBlockIndex(leaves[part], count: size)
            let summary = ItemSummary(codes: UnsafeBufferPointer(start: leaves[part], count: size))
            if part == 0 {
                node.setSummary(summary, slot)
            } else {
                siblings.append(ChildEntry(reference: Int(bitPattern: leaves[part]), summary: summary))
            }
        }
        return siblings
    }

    /// Inserts child entries after `slot`; when the node overflows, splits it evenly and returns
    /// the nodes after the first.
    private func insertEntries(_ entries: [ChildEntry], into node: InnerNode, after slot: Int) -> [ChildEntry] {
        let count = node.count
        if count + entries.count <= fanout {
            node.shiftSlots(from: slot + 1, by: entries.count)
            for (index, entry) in entries.enumerated() { node.setEntry(entry, slot + 1 + index) }
            node.count = count + entries.count
            return []
        }
        var all = [ChildEntry]()
        all.reserveCapacity(count + entries.count)
        for index in 0...slot { all.append(node.entry(index)) }
        all.append(contentsOf: entries)
        for index in (slot + 1)..<count { all.append(node.entry(index)) }
        return Array(groupIntoNodes(all, reusing: node).dropFirst())
    }
}

/// Writes a stream of codes across a run of leaves whose sizes were chosen in advance
/// (`base + 1` codes for the first `extra` leaves, `base` for the rest). O(1) per code.
private struct LeafFiller {
    let leaves: [UnsafeMutablePointer<UInt32>]
    let base: Int
    let extra: Int
    var leafIndex = 0
    var offset = 0

    init(leaves: [UnsafeMutablePointer<UInt32>], base: Int, extra: Int) {
        self.leaves = leaves
        self.base = base
        self.extra = extra
    }

    private func size(_ index: Int) -> Int { base + (index < extra ? 1 : 0) }

    /// The room left in the current leaf, moving to the next leaf when it is full.
    private mutating func room() -> Int {
        if offset == size(leafIndex) {
            leafIndex += 1
            offset = 0
        }
        return size(leafIndex) - offset
    }

    mutating func append(_ codes: UnsafeBufferPointer<UInt32>) {
        var done = 0
        while done < codes.count {
            let n = min(room(), codes.count - done)
            (leaves[leafIndex] + offset).update(from: codes.baseAddress! + done, count: n)
            offset += n
            done += n
        }
    }

    mutating func append<Source: ItemCodeSource>(count: Int, from source: inout Source) {
        var done = 0
        while done < count {
            let n = min(room(), count - done)
            source.fill(UnsafeMutableBufferPointer(start: leaves[leafIndex] + offset, count: n))
            offset += n
            done += n
        }
    }
}
