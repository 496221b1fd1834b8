/// One shard of a `ShapingCache`: run summaries by `ShapingKey`.
///
/// Open addressing with linear probing, kept at most half full, so a lookup is one tag compare
/// and, almost always, one key compare; it reuses the hash the key already carries (a Swift
/// dictionary would hash it again through `Hasher`). Noncopyable: it owns its storage.
struct ShapingTable: ~Copyable {
    private struct Entry {
        var key: ShapingKey
        var summary: ShapedRunSummary
    }

    /// Per slot: 0 when empty, else the key's hash with its lowest bit set (no key reads as empty).
    private var tags: UnsafeMutablePointer<UInt64>
    /// Initialized exactly where the tag is not 0.
    private var entries: UnsafeMutablePointer<Entry>
    private var mask: Int
    /// Keys held.
    private(set) var count = 0

    /// - Parameter capacity: slots, a power of two (it doubles when half full).
    init(capacity: Int) {
        precondition(capacity >= 2 && capacity & (capacity - 1) == 0)
        tags = .allocate(capacity: capacity)
        tags.initialize(repeating: 0, count: capacity)
        entries = .allocate(capacity: capacity)
        mask = capacity - 1
    }

    deinit {
        for slot in 0...mask where tags[slot] != 0 { (entries + slot).deinitialize(count: 1) }
        tags.deallocate()
        entries.deallocate()
    }

    @inline(__always) private static func tag(_ hash: UInt64) -> UInt64 { hash | 1 }

    /// The first slot to probe: hash bits apart from those that pick the shard (the top 6)
    /// and a `Shaper`'s private slot (the low 10).
    @inline(__always) private func home(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> 20) & mask }

    /// The summary kept for `key`, if any.
    func summary(for key: ShapingKey) -> ShapedRunSummary? {
        let tag = Self.tag(key.hash)
        var slot = home(key.hash)
        while true {
            let t = tags[slot]
            if t == 0 { return nil }
            if t == tag && entries[slot].key == key { return entries[slot].summary }
            slot = (slot + 1) & mask
        }
    }

    /// Keeps `summary` for `key`, which the table must not hold yet.
    mutating func insert(_ summary: ShapedRunSummary, for key: ShapingKey) {
        if 2 * (count + 1) > mask + 1 { grow() }
        var slot = home(key.hash)
        while tags[slot] != 0 { slot = (slot + 1) & mask }
        tags[slot] = Self.tag(key.hash)
        (entries + slot).initialize(to: Entry(key: key, summary: summary))
        count += 1
    }

    /// Forgets every key, keeping the storage.
    mutating func removeAll() {
        for slot in 0...mask where tags[slot] != 0 { (entries + slot).deinitialize(count: 1) }
        tags.update(repeating: 0, count: mask + 1)
        count = 0
    }

    private mutating func grow() {
        let oldTags = tags, oldEntries = entries, oldCapacity = mask + 1
        tags = .allocate(capacity: 2 * oldCapacity)
        tags.initialize(repeating: 0, count: 2 * oldCapacity)
        entries = .allocate(capacity: 2 * oldCapacity)
        mask = 2 * oldCapacity - 1
        for old in 0..<oldCapacity where oldTags[old] != 0 {
            let entry = (oldEntries + old).move()
            var slot = home(entry.key.hash)
            while tags[slot] != 0 { slot = (slot + 1) & mask }
            tags[slot] = oldTags[old]
            (entries + slot).initialize(to: entry)
        }
        oldTags.deallocate()
        oldEntries.deallocate()
    }
}
