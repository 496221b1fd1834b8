import Synchronization
import YardstickLineBreaking

/// The segments every preparer of one engine has resolved, behind the preparers' own
/// `SegmentCache`s: a word one thread met first is copied, not resolved again, by the others,
/// so adding threads adds no repeated work.
///
/// Thread-safe: 64 shards, each a dictionary behind its own mutex; consulted only on a
/// preparer's private miss. O(segment length) per lookup. A shard past its share of `capacity`
/// forgets its keys; entries are pure functions of their keys, so results never depend on it.
final class SharedSegments: Sendable {
    struct Key: Hashable, Sendable {
        let bytes: [UInt8]
        let style: UInt8
        let level: UInt8
        let scriptIn: UInt32
        let faceIn: Int16
        let hash: UInt64

        static func == (a: Key, b: Key) -> Bool {
            a.hash == b.hash && a.style == b.style && a.level == b.level && a.scriptIn == b.scriptIn && a.faceIn == b.faceIn && a.bytes == b.bytes
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    struct Value: Sendable {
        let faceOut: Int16
        let scriptOut: UInt32
        let firstScript: UInt32
        let segment: BreakSegment
        let pieces: [ShapedPiece]
    }

    private final class Shard: Sendable {
        let table = Mutex<[Key: Value]>([:])
    }

    private let shards: [Shard]
    private let shardCapacity: Int

    init(capacity: Int = 1 << 20) {
        shards = (0..<64).map { _ in Shard() }
        shardCapacity = max(1, capacity / 64)
    }

    func value(for key: Key) -> Value? {
        shards[Int(truncatingIfNeeded: key.hash >> 58)].table.withLock { $0[key] }
    }

    func insert(_ value: Value, for key: Key) {
        shards[Int(truncatingIfNeeded: key.hash >> 58)].table.withLock { table in
            if table.count >= shardCapacity { table.removeAll(keepingCapacity: true) }
            table[key] = value
        }
    }
}
