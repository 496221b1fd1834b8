/// Aggregate counts and heights of a run of items (a leaf, a subtree, or the whole table).
///
/// The height of the run is `measuredHeight + estimatedRows × estimate`, so changing the estimate
/// never touches a summary. Adding, subtracting and summarising one code are O(1); summarising a
/// buffer of k codes is O(k).
struct ItemSummary: Equatable {
    /// Number of items (headers + rows + footers).
    var items: Int = 0
    /// Number of section headers, which is also the number of sections that start in the run.
    var headers: Int = 0
    /// Number of rows, measured or estimated.
    var rows: Int = 0
    /// Number of measured rows whose height is greater than zero.
    var positiveMeasuredRows: Int = 0
    /// Number of estimated rows.
    var estimatedRows: Int = 0
    /// Sum of the heights of all measured rows, headers and footers, in units.
    var measuredHeight: Int = 0

    static let zero = ItemSummary()

    init() {}

    init(items: Int, headers: Int, rows: Int, positiveMeasuredRows: Int, estimatedRows: Int, measuredHeight: Int) {
        self.items = items
        self.headers = headers
        self.rows = rows
        self.positiveMeasuredRows = positiveMeasuredRows
        self.estimatedRows = estimatedRows
        self.measuredHeight = measuredHeight
    }

    /// The sums a leaf block index entry holds (its item count is not kept and reads as 0).
    init(_ prefix: LeafBlockPrefix) {
        self.init(items: 0, headers: Int(prefix.headers), rows: Int(prefix.rows), positiveMeasuredRows: Int(prefix.positiveMeasuredRows),
                  estimatedRows: Int(prefix.estimatedRows), measuredHeight: Int(truncatingIfNeeded: prefix.measuredHeight))
    }

    /// The summary of a single item.
    @inline(__always) init(code: UInt32) {
        let kind = ItemCode.kind(code)
        items = 1
        headers = kind == ItemCode.headerKind ? 1 : 0
        rows = kind <= ItemCode.estimatedRowKind ? 1 : 0
        positiveMeasuredRows = kind == ItemCode.measuredRowKind && code != 0 ? 1 : 0
        estimatedRows = kind == ItemCode.estimatedRowKind ? 1 : 0
        measuredHeight = ItemCode.storedHeight(code)
    }

    /// The summary of a buffer of codes, in one branch-free pass.
    init(codes: UnsafeBufferPointer<UInt32>) {
        var headers = 0, rows = 0, positive = 0, estimated = 0
        var measured: UInt64 = 0
        for code in codes {
            let kind = code >> ItemCode.kindShift
            measured &+= UInt64(code & ItemCode.heightMask)
            headers &+= kind == ItemCode.headerKind ? 1 : 0
            rows &+= kind <= ItemCode.estimatedRowKind ? 1 : 0
            positive &+= (kind == ItemCode.measuredRowKind) && (code != 0) ? 1 : 0
            estimated &+= kind == ItemCode.estimatedRowKind ? 1 : 0
        }
        self.init(items: codes.count, headers: headers, rows: rows, positiveMeasuredRows: positive,
                  estimatedRows: estimated, measuredHeight: Int(truncatingIfNeeded: measured))
    }

    /// The height of the run when estimated rows are `estimate` units tall.
    @inline(__always) func height(estimate: Int) -> Int { measuredHeight &+ estimatedRows &* estimate }

    /// Rows of non-zero height when estimated rows are `estimate` units tall.
    @inline(__always) func positiveRows(estimate: Int) -> Int { positiveMeasuredRows &+ (estimate > 0 ? estimatedRows : 0) }

    @inline(__always) static func += (lhs: inout ItemSummary, rhs: ItemSummary) {
        lhs.items &+= rhs.items
        lhs.headers &+= rhs.headers
        lhs.rows &+= rhs.rows
        lhs.positiveMeasuredRows &+= rhs.positiveMeasuredRows
        lhs.estimatedRows &+= rhs.estimatedRows
        lhs.measuredHeight &+= rhs.measuredHeight
    }

    @inline(__always) static func -= (lhs: inout ItemSummary, rhs: ItemSummary) {
        lhs.items &-= rhs.items
        lhs.headers &-= rhs.headers
        lhs.rows &-= rhs.rows
        lhs.positiveMeasuredRows &-= rhs.positiveMeasuredRows
        lhs.estimatedRows &-= rhs.estimatedRows
        lhs.measuredHeight &-= rhs.measuredHeight
    }

    @inline(__always) static func - (lhs: ItemSummary, rhs: ItemSummary) -> ItemSummary {
        var result = lhs
        result -= rhs
        return result
    }
}
