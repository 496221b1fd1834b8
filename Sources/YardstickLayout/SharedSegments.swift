import Synchronization
import YardstickLineBreaking

/// The segments and chunks every preparer of one engine has resolved, behind the preparers'
/// own `SegmentCache`s: a word one thread met first is copied, not resolved again, by the
/// others, so adding threads adds little repeated work. Used only while several threads work
/// on one call.
///
/// Thread-safe: 16 shards, each a `SegmentCache` (the same records as a preparer's, so a copy
/// is a few block moves and nothing is allocated) behind its own mutex, made on first use. O(key length) per
/// lookup. A shard forgets everything past its share of the limit; entries are pure functions
/// of their keys, so results never depend on it.
final class SharedSegments: Sendable {
    /// A shard's cache is made when something is first offered to it: an engine that only
    /// ever prepares on one thread sets none up.
    private final class Shard: Sendable {
        let cache = Mutex<SegmentCache?>(nil)
    }

    private let shards: [Shard]
    private let shardLimit: Int

    init(limit: Int = 64 << 20) {
        shards = (0..<16).map { _ in Shard() }
        shardLimit = limit / 16
    }

    @inline(__always) private func shard(_ hash: UInt64) -> Shard { shards[Int(truncatingIfNeeded: hash >> 60)] }

    /// Copies the entry for this key into `cache` and returns it there, or nil if no preparer has offered one.
    func copy(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hash: UInt64, style: UInt8, level: UInt8, kind: UInt8,
              scriptIn: UInt32, faceIn: Int16, into cache: SegmentCache) -> Int? {
        shard(hash).cache.withLock { shared in
            guard let shared else { return nil }
            return shared.find(text, range, hash: hash, style: style, level: level, kind: kind, scriptIn: scriptIn, faceIn: faceIn)
                .map { cache.insert(copying: $0, of: shared) }
        }
    }

    /// Offers `cache`'s entry (resolved by the caller) to the other preparers.
    func offer(_ entry: Int, of cache: SegmentCache) {
        let h = cache.header(entry).pointee
        let key = UnsafeBufferPointer(start: cache.keyBytes(entry), count: Int(h.byteCount))
        let limit = shardLimit
        shard(h.hash).cache.withLock { slot in
            let shared = slot ?? SegmentCache(limit: limit, hugePages: false)
            slot = shared
            // Another thread may have offered the same key meanwhile: keep one.
            guard shared.find(key, 0..<key.count, hash: h.hash, style: h.style, level: h.level, kind: h.kind, scriptIn: h.scriptIn,
                              faceIn: h.faceIn) == nil else { return }
            _ = shared.insert(copying: entry, of: cache)
        }
    }
}
