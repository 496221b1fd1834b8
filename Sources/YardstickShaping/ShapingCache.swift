import Synchronization

/// Remembers shaping results by (face, script, direction, run text), so measuring a word seen
/// before — on another row, at another width or another Dynamic Type size — never calls
/// HarfBuzz again. Results are in font units, independent of point size.
///
/// Thread-safe: 64 shards, each a `ShapingTable` behind its own mutex, so threads rarely wait on
/// each other; each `Shaper` also keeps a small private table in front of it. Lookup and insert
/// are O(length of the run) for hashing. Full runs live in `store`, addressed by id; the tables
/// hold `ShapedRunSummary` values. A shard that outgrows its share of `capacity` forgets its
/// keys (the runs stay in the store: ids already handed out remain valid), and recomputed
/// results are identical, so eviction never changes output. Features are fixed per cache: one
/// cache belongs to one `Shaper` configuration.
public final class ShapingCache: Sendable {
    private final class Shard: Sendable {
        let table: Mutex<ShapingTable>
        init(slots: Int) { table = Mutex(ShapingTable(capacity: slots)) }
        let hits = Atomic<Int>(0)
        let misses = Atomic<Int>(0)
    }

    private let shards: [Shard]
    private let shardCapacity: Int
    /// Every run shaped through this cache.
    public let store = ShapedRunStore()
    /// False turns the cache off: every lookup shapes anew (for testing that caching never
    /// changes results). Runs still go to the store, which then grows with every lookup.
    public let isEnabled: Bool

    /// - Parameter capacity: the most keys kept (across all shards).
    public init(capacity: Int = 1 << 20, enabled: Bool = true) {
        shardCapacity = max(1, capacity / 64)
        // 1,024 slots hold a shard of a 32,000-run vocabulary before the first doubling.
        var slots = 2
        while slots < min(1024, 2 * shardCapacity) { slots *= 2 }
        shards = (0..<64).map { _ in Shard(slots: slots) }
        isEnabled = enabled
    }

    @inline(__always)
    func summary(for key: ShapingKey, orMake make: () -> ShapedRun) -> ShapedRunSummary {
        guard isEnabled else { let run = make(); return ShapedRunSummary(id: store.append(run), run: run) }
        let shard = shards[Int(truncatingIfNeeded: key.hash >> 58)]
        if let hit = shard.table.withLock({ $0.summary(for: key) }) {
            shard.hits.add(1, ordering: .relaxed)
            return hit
        }
        shard.misses.add(1, ordering: .relaxed)
        let run = make()
        return shard.table.withLock { table in
            if let raced = table.summary(for: key) { return raced } // another thread shaped it meanwhile: one id per key
            if table.count >= shardCapacity { table.removeAll() }
            let summary = ShapedRunSummary(id: store.append(run), run: run)
            table.insert(summary, for: key)
            return summary
        }
    }

    /// Lookups answered by the shared tables since the cache was made (per-thread hits not counted).
    public var hits: Int { shards.reduce(0) { $0 + $1.hits.load(ordering: .relaxed) } }
    /// Lookups that had to shape.
    public var misses: Int { shards.reduce(0) { $0 + $1.misses.load(ordering: .relaxed) } }
    /// Keys held now.
    public var count: Int { shards.reduce(0) { $0 + $1.table.withLock { $0.count } } }
}
