extension Array {
    /// Empties a scratch array, keeping its memory. `removeAll(keepingCapacity:)` goes through
    /// `replaceSubrange` even when there is nothing to remove; the preparer empties scratch
    /// arrays hundreds of thousands of times per batch of cells, most of them already empty.
    @inlinable @inline(__always)
    public mutating func removeAllKeepingCapacity() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
