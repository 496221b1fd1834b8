import YardstickLayout

/// The prepared texts of measured rows, `stride` per row, in one array: a row is a handle into
/// it, so inserting or deleting rows moves handles, not texts. Freed handles are reused.
struct PreparedSlab {
    private(set) var texts: [PreparedText?] = []
    let stride: Int
    private var free: [Int32] = []
    private var count: Int32 = 0

    init(stride: Int) { self.stride = stride }

    /// Rows held now.
    var liveCount: Int { Int(count) - free.count }

    /// A handle holding `row`'s texts (at most `stride` of them; the rest of its slots are nil).
    mutating func store(_ row: UnsafeBufferPointer<PreparedText?>) -> Int32 {
        if let h = free.popLast() {
            for s in 0..<stride { texts[Int(h) * stride + s] = s < row.count ? row[s] : nil }
            return h
        }
        texts.append(contentsOf: row)
        if row.count < stride { texts.append(contentsOf: repeatElement(nil, count: stride - row.count)) }
        count += 1
        return count - 1
    }

    mutating func release(_ handle: Int32) {
        guard handle >= 0 else { return }
        for s in 0..<stride { texts[Int(handle) * stride + s] = nil }
        free.append(handle)
    }

    func withRow<T>(_ handle: Int32, _ body: (UnsafeBufferPointer<PreparedText?>) -> T) -> T {
        texts.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(handle) * stride..<(Int(handle) + 1) * stride]))
        }
    }
}
