import CMemoryHints

/// The command-line process's malloc heap.
///
/// A run builds its caches (shaped runs, the shaping table, the memo, the records) from nothing,
/// and each 4 KiB page of them costs a page fault when first written: about a tenth of a
/// `layout` run over 60,000 cells. Backed by transparent huge pages, the same memory costs one
/// fault per 2 MiB. This is a process-wide setting, so the `yardstick` executable makes it at
/// its start; the library never does.
package enum ProcessHeap {
    /// The heap range set up for huge pages: enough for a `layout` or `measure` run's caches.
    /// Only reserved: untouched memory is neither zeroed nor counted.
    static let span = 64 << 20

    /// Marks the main heap for transparent huge pages (see `ys_heap_prefer_huge_pages`); false
    /// when it could not (the program runs as before). Call once, before the work starts.
    @discardableResult
    package static func preferHugePages() -> Bool {
        ys_heap_prefer_huge_pages(span)
    }
}
