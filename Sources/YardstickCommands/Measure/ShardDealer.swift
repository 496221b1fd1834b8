/// `--shard I/N`: the records shard I of N measures, for the plain grid and `--config` alike.
/// The table's records are cut into runs of `runRecords`, dealt in turn: run k to shard k mod N.
/// (The plain grid's record 0 is its header row, in run 0; `--config` counts rows after the
/// header.) Shards of one table therefore measure disjoint records and together all of them,
/// whatever blocks each reads them in.
///
/// - Complexity: O(runs in the block) per block.
package struct ShardDealer: Sendable, Equatable {
    package static let runRecords = 4_096
    package let index: Int
    package let count: Int

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// The ranges of a block of `records` records, starting at the table's record `first`,
    /// that this shard measures (indices into the block, in order).
    package func runs(first: Int, records: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var r = 0
        while r < records {
            let run = (first + r) / Self.runRecords
            let end = min(records, (run + 1) * Self.runRecords - first)
            if run % count == index { result.append(r..<end) }
            r = end
        }
        return result
    }
}
