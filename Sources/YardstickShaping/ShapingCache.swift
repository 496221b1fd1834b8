import Synchronization

/// Remembers shaping results by (face, script, direction, run text), so measuring a word seen
/// before — on another row, at another width or another Dynamic Type size — never calls
/// HarfBuzz again. Results are in font units, independent of point size.
///
/// Thread-safe: 64 shards, each a dictionary behind its own mutex, so threads rarely wait on
/// each other. Lookup and insert are O(length of the run) for hashing. A shard that outgrows
/// its share of `capacity` is emptied (results are cheap to recompute and identical when
/// recomputed, so eviction never changes output). Features are fixed per cache: one cache
/// belongs to one `Shaper` configuration.
public final class ShapingCache: Sendable {
    private final class Shard: Sendable {
        let table = Mutex<[ShapingKey: ShapedRun]>([:])
        let hits = Atomic<Int>(0)
        let misses = Atomic<Int>(0)
    }

    private let shards: [Shard]
    private let shardCapacity: Int
    /// False turns the cache off: every lookup misses and nothing is stored (for testing that
    /// caching never changes results).
    public let isEnabled: Bool

    /// - Parameter capacity: the most runs kept (across all shards).
    public init(capacity: Int = 1 << 20, enabled: Bool = true) {
        shards = (0..<64).map { _ in Shard() }
        shardCapacity = max(1, capacity / 64)
        isEnabled = enabled
    }

    @inline(__always)
    func run(for key: ShapingKey, orMake make: () -> ShapedRun) -> ShapedRun {
        guard isEnabled else { return make() }
        let shard = shards[Int(truncatingIfNeeded: UInt(bitPattern: key.hashValue) % 64)]
        if let hit = shard.table.withLock({ $0[key] }) {
            shard.hits.add(1, ordering: .relaxed)
            return hit
        }
        shard.misses.add(1, ordering: .relaxed)
        let made = make()
        shard.table.withLock { table in
            if table.count >= shardCapacity { table.removeAll(keepingCapacity: true) }
            table[key] = made
        }
        return made
    }

    /// Lookups answered from the cache since it was made.
    public var hits: Int { shards.reduce(0) { $0 + $1.hits.load(ordering: .relaxed) } }
    /// Lookups that had to shape.
    public var misses: Int { shards.reduce(0) { $0 + $1.misses.load(ordering: .relaxed) } }
    /// Runs held now.
    public var count: Int { shards.reduce(0) { $0 + $1.table.withLock { $0.count } } }

    /// Drops every stored run.
    public func removeAll() { for s in shards { s.table.withLock { $0.removeAll() } } }
}
