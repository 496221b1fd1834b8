/// A count over items that interior slots (from their summaries), leaf block index entries and
/// single codes can all report, so one descent routine can rank and select by rows, estimated
/// rows or rows of non-zero height. Each value is O(1).
protocol ItemMetric {
    func slotValue(_ node: InnerNode, _ slot: Int) -> Int
    func itemValue(_ code: UInt32) -> Int
    func prefixValue(_ prefix: LeafBlockPrefix) -> Int
    func summaryValue(_ summary: ItemSummary) -> Int
}

/// Counts rows, measured or estimated.
struct RowMetric: ItemMetric {
    @inline(__always) func slotValue(_ node: InnerNode, _ slot: Int) -> Int { node.rows[slot] }
    @inline(__always) func itemValue(_ code: UInt32) -> Int { ItemCode.isRow(code) ? 1 : 0 }
    @inline(__always) func prefixValue(_ prefix: LeafBlockPrefix) -> Int { Int(prefix.rows) }
    @inline(__always) func summaryValue(_ summary: ItemSummary) -> Int { summary.rows }
}

/// Counts estimated rows.
struct EstimatedRowMetric: ItemMetric {
    @inline(__always) func slotValue(_ node: InnerNode, _ slot: Int) -> Int { node.estimatedRows[slot] }
    @inline(__always) func itemValue(_ code: UInt32) -> Int { ItemCode.isEstimatedRow(code) ? 1 : 0 }
    @inline(__always) func prefixValue(_ prefix: LeafBlockPrefix) -> Int { Int(prefix.estimatedRows) }
    @inline(__always) func summaryValue(_ summary: ItemSummary) -> Int { summary.estimatedRows }
}

/// Counts rows whose height, under the given estimate, is greater than zero.
struct PositiveRowMetric: ItemMetric {
    let estimate: Int

    @inline(__always) func slotValue(_ node: InnerNode, _ slot: Int) -> Int {
        node.positiveMeasuredRows[slot] &+ (estimate > 0 ? node.estimatedRows[slot] : 0)
    }

    @inline(__always) func itemValue(_ code: UInt32) -> Int {
        ItemCode.isPositiveMeasuredRow(code) || (estimate > 0 && ItemCode.isEstimatedRow(code)) ? 1 : 0
    }

    @inline(__always) func prefixValue(_ prefix: LeafBlockPrefix) -> Int {
        Int(prefix.positiveMeasuredRows) &+ (estimate > 0 ? Int(prefix.estimatedRows) : 0)
    }

    @inline(__always) func summaryValue(_ summary: ItemSummary) -> Int { summary.positiveRows(estimate: estimate) }
}
