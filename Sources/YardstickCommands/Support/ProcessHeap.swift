import CMemoryHints

/// The command-line process's malloc heap.
///
/// A run builds its caches (shaped runs, the shaping table, the memo, the records) from nothing,
/// and each 4 KiB page of them costs a page fault when first written: about a tenth of a
/// one-thread `layout` run over 60,000 cells. Backed by transparent huge pages, the same memory
/// costs one fault per 2 MiB. Only the main thread's heap is marked (worker threads allocate
/// from arenas of their own), and the process keeps memory it frees. A process-wide setting, so
/// the `yardstick` executable makes it at its start; the library never does.
package enum ProcessHeap {
    /// The heap range set up for huge pages beyond the first block: with it, enough for a
    /// `layout` or `measure` run's caches. Reserved only: untouched memory is not resident.
    static let span = 64 << 20

    /// Marks the main heap for transparent huge pages (see `ys_heap_prefer_huge_pages`); false
    /// when it could not (the program runs on, its pages 4 KiB). Call once, before the work starts.
    @discardableResult
    package static func preferHugePages() -> Bool {
        ys_heap_prefer_huge_pages(span)
    }
}
