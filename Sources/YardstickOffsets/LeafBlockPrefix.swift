/// The sums of a leaf's codes before one of its 16-code blocks, so a lookup inside a leaf reads
/// this entry and the one cache line holding its block instead of scanning the whole leaf.
///
/// A leaf of capacity L stores ceil(L / 16) entries (entry 0 is all zero) in a header just before
/// its codes: ``ItemTree`` keeps entry b equal to the summary of codes `0..<min(16 b, count)`.
/// 16 bytes, so an entry never straddles a cache line. Reading an entry is O(1).
struct LeafBlockPrefix {
    /// Measured height (rows, headers, footers) before the block, in units.
    var measuredHeight: UInt64
    var estimatedRows: UInt16
    var headers: UInt16
    var rows: UInt16
    var positiveMeasuredRows: UInt16

    static let codesPerBlock = 16
    static let blockShift = 4

    init(_ summary: ItemSummary) {
        measuredHeight = UInt64(truncatingIfNeeded: summary.measuredHeight)
        estimatedRows = UInt16(truncatingIfNeeded: summary.estimatedRows)
        headers = UInt16(truncatingIfNeeded: summary.headers)
        rows = UInt16(truncatingIfNeeded: summary.rows)
        positiveMeasuredRows = UInt16(truncatingIfNeeded: summary.positiveMeasuredRows)
    }

    /// Adds a difference of summaries (counts and heights may go down).
    @inline(__always) mutating func add(_ delta: ItemSummary) {
        measuredHeight &+= UInt64(truncatingIfNeeded: delta.measuredHeight)
        estimatedRows &+= UInt16(truncatingIfNeeded: delta.estimatedRows)
        headers &+= UInt16(truncatingIfNeeded: delta.headers)
        rows &+= UInt16(truncatingIfNeeded: delta.rows)
        positiveMeasuredRows &+= UInt16(truncatingIfNeeded: delta.positiveMeasuredRows)
    }

    /// The height before the block when estimated rows are `estimate` units tall.
    @inline(__always) func height(estimate: Int) -> Int {
        Int(truncatingIfNeeded: measuredHeight) &+ Int(estimatedRows) &* estimate
    }
}
