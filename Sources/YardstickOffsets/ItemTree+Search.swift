/// An item reached by a descent: its code and what comes before it.
struct ItemLocation {
    var code: UInt32
    /// Measured height (rows, headers and footers) of the items before this one, in units.
    var measuredHeightBefore: Int
    /// Estimated rows before this item.
    var estimatedRowsBefore: Int
    /// Headers before this item, that is the number of sections started before it.
    var headersBefore: Int

    /// The item's top given the estimate, in units.
    @inline(__always) func top(estimate: Int) -> Int { measuredHeightBefore &+ estimatedRowsBefore &* estimate }
}

/// The result of searching by height: `index` is the largest item count whose total height is at
/// most the searched y (so item `index`, if any, contains y) and `top` that height.
struct HeightSearchResult {
    var index: Int
    var top: Int
    /// The code of item `index`; 0 when `index` is the item count.
    var code: UInt32
}

extension ItemTree {
    /// Walks from the root to the leaf holding item `index` (within 0..<itemCount), calling
    /// `visit(node, slot, depth)` for each inner node passed (depth 0 is the root). Returns the
    /// leaf's parent, the leaf's slot in it and the item's position in the leaf. O(log n).
    @inline(__always)
    func descend(to index: Int, _ visit: (InnerNode, Int, Int) -> Void = { _, _, _ in }) -> (parent: InnerNode, slot: Int, offset: Int) {
        var node = root
        var offset = index
        var level = height
        while true {
            var slot = 0
            let items = node.items
            while offset >= items[slot] {
                offset -= items[slot]
                slot += 1
            }
            visit(node, slot, height - level)
            if level == 1 { return (node, slot, offset) }
            node = node.innerChild(slot)
            level -= 1
        }
    }

    /// The code at item `index` (within 0..<itemCount). O(log n).
    func code(at index: Int) -> UInt32 {
        let (parent, slot, offset) = descend(to: index)
        return parent.leafChild(slot)[offset]
    }

    /// The code at item `index` (within 0..<itemCount) and the sums before it; with
    /// `countingHeaders` false, `headersBefore` is left 0 and one summary column per level is
    /// not read. O(log n).
    @inline(__always)
    func locate(_ index: Int, countingHeaders: Bool = true) -> ItemLocation {
        var node = root
        var offset = index
        var level = height
        var measured = 0, estimated = 0, headers = 0
        while true {
            // Find the child first (one column), then add up the columns before it.
            var slot = 0
            let items = node.items
            while offset >= items[slot] {
                offset -= items[slot]
                slot += 1
            }
            let measuredHeights = node.measuredHeights, estimatedRows = node.estimatedRows, headerCounts = node.headers
            for before in 0..<slot {
                measured &+= measuredHeights[before]
                estimated &+= estimatedRows[before]
                if countingHeaders { headers &+= headerCounts[before] }
            }
            if level == 1 {
                // The block index gives the sums before the 16-code block holding the item; the
                // rest is read from the block, which shares the item's cache line.
                let leaf = node.leafChild(slot)
                let block = offset >> LeafBlockPrefix.blockShift
                let prefix = blockPrefix(leaf, block).pointee
                let blockStart = block << LeafBlockPrefix.blockShift
                let run = ItemTree.kindCounts(UnsafeBufferPointer(start: leaf + blockStart, count: offset - blockStart))
                return ItemLocation(code: leaf[offset],
                                    measuredHeightBefore: measured &+ Int(truncatingIfNeeded: prefix.measuredHeight) &+ run.measured,
                                    estimatedRowsBefore: estimated &+ Int(prefix.estimatedRows) &+ run.estimated,
                                    headersBefore: countingHeaders ? headers &+ Int(prefix.headers) &+ run.headers : 0)
            }
            node = node.innerChild(slot)
            level -= 1
        }
    }

    /// Measured height, estimated rows and headers of a run of codes, in one branch-free pass.
    @inline(__always)
    static func kindCounts(_ codes: UnsafeBufferPointer<UInt32>) -> (measured: Int, estimated: Int, headers: Int) {
        var measured: UInt64 = 0
        var estimated = 0, headers = 0
        for code in codes {
            let kind = code >> ItemCode.kindShift
            measured &+= UInt64(code & ItemCode.heightMask)
            estimated &+= kind == ItemCode.estimatedRowKind ? 1 : 0
            headers &+= kind == ItemCode.headerKind ? 1 : 0
        }
        return (Int(truncatingIfNeeded: measured), estimated, headers)
    }

    /// Total height of items `0..<index` (index within 0...itemCount). O(log n).
    func height(before index: Int, estimate: Int) -> Int {
        if index >= itemCount { return totalSummary.height(estimate: estimate) }
        return locate(index, countingHeaders: false).top(estimate: estimate)
    }

    /// How many items among `0..<index` the metric counts (index within 0...itemCount). O(log n).
    func count<Metric: ItemMetric>(_ metric: Metric, before index: Int) -> Int {
        var node = root
        var offset = index
        var level = height
        var total = 0
        if index >= itemCount { return metric.summaryValue(totalSummary) }
        while true {
            var slot = 0
            let items = node.items
            while offset >= items[slot] {
                offset -= items[slot]
                total &+= metric.slotValue(node, slot)
                slot += 1
            }
            if level == 1 {
                let leaf = node.leafChild(slot)
                let block = offset >> LeafBlockPrefix.blockShift
                total &+= metric.prefixValue(blockPrefix(leaf, block).pointee)
                for position in (block << LeafBlockPrefix.blockShift)..<offset { total &+= metric.itemValue(leaf[position]) }
                return total
            }
            node = node.innerChild(slot)
            level -= 1
        }
    }

    /// The total the metric counts over the whole table. O(1).
    @inline(__always) func total<Metric: ItemMetric>(_ metric: Metric) -> Int { metric.summaryValue(totalSummary) }

    /// The index of the item with 0-based `rank` among those the metric counts (rank must be
    /// below the metric's total). O(log n).
    func select<Metric: ItemMetric>(_ metric: Metric, rank: Int) -> Int {
        var node = root
        var remaining = rank
        var level = height
        var index = 0
        while true {
            var slot = 0
            while true {
                let value = metric.slotValue(node, slot)
                if remaining < value { break }
                remaining -= value
                index &+= node.items[slot]
                slot += 1
            }
            if level == 1 {
                let leaf = node.leafChild(slot)
                // Skip whole blocks using the block index, then scan one block.
                let blocksInUse = (node.items[slot] + LeafBlockPrefix.codesPerBlock - 1) >> LeafBlockPrefix.blockShift
                var block = 0
                while block + 1 < blocksInUse && metric.prefixValue(blockPrefix(leaf, block + 1).pointee) <= remaining { block += 1 }
                remaining -= metric.prefixValue(blockPrefix(leaf, block).pointee)
                var position = block << LeafBlockPrefix.blockShift
                while true {
                    let value = metric.itemValue(leaf[position])
                    if remaining < value { return index + position }
                    remaining -= value
                    position += 1
                }
            }
            node = node.innerChild(slot)
            level -= 1
        }
    }

    /// Finds the item containing `y` (y ≥ 0, units): see ``HeightSearchResult``. Items of zero
    /// height never contain y. O(log n).
    func search(height y: Int, estimate: Int) -> HeightSearchResult {
        var node = root
        var level = height
        var index = 0, top = 0
        while true {
            var slot = 0
            let count = node.count
            let measured = node.measuredHeights, estimated = node.estimatedRows, items = node.items
            while slot < count {
                let childHeight = measured[slot] &+ estimated[slot] &* estimate
                if top &+ childHeight > y { break }
                top &+= childHeight
                index &+= items[slot]
                slot += 1
            }
            if slot == count { return HeightSearchResult(index: index, top: top, code: 0) }
            if level == 1 {
                // Guess the 16-code block from where y falls in the leaf's height, then correct the
                // guess with the block index: with even heights the guess is right, and the block's
                // cache line is fetched alongside the index entries instead of after them.
                let leaf = node.leafChild(slot)
                let count = node.items[slot]
                let blocksInUse = (count + LeafBlockPrefix.codesPerBlock - 1) >> LeafBlockPrefix.blockShift
                let leafHeight = measured[slot] &+ estimated[slot] &* estimate
                let within = y &- top
                // within < leafHeight ≤ count × 2^30, so within × count < 2^54: no overflow.
                var block = min(blocksInUse - 1, (within &* count / leafHeight) >> LeafBlockPrefix.blockShift)
                while block > 0 && blockPrefix(leaf, block).pointee.height(estimate: estimate) > within { block -= 1 }
                while block + 1 < blocksInUse && blockPrefix(leaf, block + 1).pointee.height(estimate: estimate) <= within { block += 1 }
                top &+= blockPrefix(leaf, block).pointee.height(estimate: estimate)
                var position = block << LeafBlockPrefix.blockShift
                while true {
                    let code = leaf[position]
                    let itemHeight = ItemCode.height(code, estimate: estimate)
                    if top &+ itemHeight > y { return HeightSearchResult(index: index + position, top: top, code: code) }
                    top &+= itemHeight
                    position += 1
                }
            }
            node = node.innerChild(slot)
            level -= 1
        }
    }

    /// Every code in order; for tests and debugging. O(n).
    func allCodes() -> [UInt32] {
        var result = [UInt32]()
        result.reserveCapacity(itemCount)
        func visit(_ node: InnerNode, _ level: Int) {
            for slot in 0..<node.count {
                if level == 1 {
                    result.append(contentsOf: UnsafeBufferPointer(start: node.leafChild(slot), count: node.items[slot]))
                } else {
                    visit(node.innerChild(slot), level - 1)
                }
            }
        }
        visit(root, height)
        return result
    }
}
