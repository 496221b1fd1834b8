import Synchronization
import YardstickFonts

/// Remembers shaping results by (face, script, direction, run text), so measuring a word seen
/// before — on another row, at another width or another Dynamic Type size — never calls
/// HarfBuzz again. Results are in font units, independent of point size.
///
/// Thread-safe: 64 shards, each a `ShapingTable` behind its own mutex, so threads rarely wait on
/// each other; each `Shaper` also keeps a small private table in front of it. Each shard has a
/// 128-byte block of its own (two threads locking neighbouring shards never fight over one
/// cache line), and the shards are plain memory, so a lookup touches no reference count. Lookup
/// and insert are O(length of the run) for hashing. Full runs live in `store`, addressed by id;
/// the tables hold `ShapedRunSummary` values. A shard that outgrows its share of `capacity`
/// forgets its keys (the runs stay in the store: ids already handed out remain valid), and
/// recomputed results are identical, so eviction never changes output. Keys hold face indices,
/// so a cache serves one font collection with one feature set: the first engine to use it
/// binds it (`bind(fonts:features:)`), and an engine with other fonts or features is refused
/// instead of silently reading another collection's glyphs.
public final class ShapingCache: @unchecked Sendable {
    private struct Shard: ~Copyable {
        let table: Mutex<ShapingTable>
        let hits = Atomic<Int>(0)
        let misses = Atomic<Int>(0)
        init(slots: Int) { table = Mutex(ShapingTable(capacity: slots)) }
    }

    private static let shardCount = 64
    /// Bytes per shard: two cache lines (neighbouring lines are often fetched together).
    private static let shardStride = 128
    /// `shardCount` shards, one per `shardStride` bytes.
    private let shards: UnsafeMutableRawPointer
    private let shardCapacity: Int
    /// Every run shaped through this cache.
    public let store = ShapedRunStore()
    /// The collection and features the cache serves, once bound.
    private let owner = Mutex<(fonts: FontCollection, features: [FontFeature])?>(nil)
    /// False turns the cache off: every lookup shapes anew (for testing that caching never
    /// changes results). Runs still go to the store, which then grows with every lookup.
    public let isEnabled: Bool

    /// - Parameter capacity: the most keys kept (across all shards).
    public init(capacity: Int = 1 << 20, enabled: Bool = true) {
        precondition(MemoryLayout<Shard>.size <= Self.shardStride && MemoryLayout<Shard>.alignment <= Self.shardStride)
        shardCapacity = max(1, capacity / Self.shardCount)
        // 1,024 slots hold a shard of a 32,000-run vocabulary before the first doubling.
        var slots = 2
        while slots < min(1024, 2 * shardCapacity) { slots *= 2 }
        shards = .allocate(byteCount: Self.shardCount * Self.shardStride, alignment: Self.shardStride)
        for k in 0..<Self.shardCount {
            (shards + k * Self.shardStride).bindMemory(to: Shard.self, capacity: 1).initialize(to: Shard(slots: slots))
        }
        isEnabled = enabled
    }

    deinit {
        for k in 0..<Self.shardCount { shard(k).deinitialize(count: 1) }
        shards.deallocate()
    }

    @inline(__always) private func shard(_ k: Int) -> UnsafeMutablePointer<Shard> {
        (shards + k * Self.shardStride).assumingMemoryBound(to: Shard.self)
    }

    @inline(__always)
    func summary(for key: ShapingKey, orMake make: () -> ShapedRun) -> ShapedRunSummary {
        guard isEnabled else { let run = make(); return ShapedRunSummary(id: store.append(run), run: run) }
        let shard = shard(Int(truncatingIfNeeded: key.hash >> 58))
        if let hit = shard.pointee.table.withLock({ $0.summary(for: key) }) {
            shard.pointee.hits.add(1, ordering: .relaxed)
            return hit
        }
        shard.pointee.misses.add(1, ordering: .relaxed)
        let run = make()
        return shard.pointee.table.withLock { table in
            if let raced = table.summary(for: key) { return raced } // another thread shaped it meanwhile: one id per key
            if table.count >= shardCapacity { table.removeAll() }
            let summary = ShapedRunSummary(id: store.append(run), run: run)
            table.insert(summary, for: key)
            return summary
        }
    }

    /// Binds the cache to a font collection and feature set on first use; false when it is
    /// bound to another collection (by identity) or other features, whose face indices and
    /// glyphs its keys would confuse.
    public func bind(fonts: FontCollection, features: [FontFeature]) -> Bool {
        owner.withLock { owner in
            if let owner { return owner.fonts === fonts && owner.features == features }
            owner = (fonts, features)
            return true
        }
    }

    /// Lookups answered by the shared tables since the cache was made (per-thread hits not counted).
    public var hits: Int { (0..<Self.shardCount).reduce(0) { $0 + shard($1).pointee.hits.load(ordering: .relaxed) } }
    /// Lookups that had to shape.
    public var misses: Int { (0..<Self.shardCount).reduce(0) { $0 + shard($1).pointee.misses.load(ordering: .relaxed) } }
    /// Keys held now.
    public var count: Int { (0..<Self.shardCount).reduce(0) { $0 + shard($1).pointee.table.withLock { $0.count } } }
}
