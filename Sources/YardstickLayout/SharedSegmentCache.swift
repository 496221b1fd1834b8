import Synchronization

/// The segment and chunk entries of all the preparers of one engine's multi-thread runs, so a
/// word one thread has resolved is not resolved again by another.
///
/// A second level behind each preparer's own `SegmentCache`, for chunk entries: a chunk lookup
/// that misses there copies the entry from here if another thread has made it, and every chunk
/// entry a preparer makes is copied in (one record, a few hundred bytes, under a mutex; lookups
/// here happen only on local misses, so the lock is rarely contended). A chunk found here needs
/// none of its segments, so segment entries stay private (sharing them too measured 0.3% more
/// instructions in a 2-thread pass, and more memory). Entries depend only on their keys, so which
/// thread made one never shows in results. Bounded like a `SegmentCache`: emptied when full.
final class SharedSegmentCache: Sendable {
    private let cache: Mutex<SegmentCache>

    init() {
        cache = Mutex(SegmentCache())
    }

    /// Copies the entry for this key into `local` and returns it there; nil if no thread has
    /// made it (or `local` is full: see `SegmentCache.adopt`).
    func copy(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hash: UInt64, style: UInt8, level: UInt8, kind: UInt8,
              scriptIn: UInt32, faceIn: Int16, into local: SegmentCache) -> Int? {
        cache.withLock { shared in
            guard let entry = shared.find(text, range, hash: hash, style: style, level: level, kind: kind, scriptIn: scriptIn, faceIn: faceIn)
            else { return nil }
            return local.adopt(entry, from: shared, emptyingIfFull: false)
        }
    }

    /// Copies `local`'s new entry in, unless another thread's copy of it is here already.
    func publish(_ entry: Int, of local: SegmentCache) {
        let h = local.header(entry).pointee
        let key = local.keyBytes(entry)
        cache.withLock { shared in
            guard shared.find(key, 0..<key.count, hash: h.hash, style: h.style, level: h.level, kind: h.kind,
                              scriptIn: h.scriptIn, faceIn: h.faceIn) == nil else { return }
            _ = shared.adopt(entry, from: local, emptyingIfFull: true)
        }
    }
}
