/// Memory C reads through pointers an answer holds: each array copied once into memory this
/// object frees with itself, so the pointers stay valid while it lives (the answer's handle, or
/// until the table's next answer replaces it).
class CArrayStorage {
    private var allocations: [UnsafeMutableRawPointer] = []

    /// A copy of `values` this object frees.
    final func copy<T>(_ values: [T]) -> UnsafePointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: max(1, values.count))
        _ = UnsafeMutableBufferPointer(start: p, count: values.count).initialize(from: values)
        allocations.append(UnsafeMutableRawPointer(p))
        return UnsafePointer(p)
    }

    deinit { for p in allocations { p.deallocate() } }
}
