/// One shard of a `ShapingCache`: run summaries by `ShapingKey`.
///
/// Entries lie densely in insertion order; open addressing with linear probing over 8-byte
/// slots finds them, each slot holding a tag of the key's hash beside the entry's index, kept at
/// most half full. So a lookup is one slot compare and, almost always, one key compare; it
/// reuses the hash the key already carries (a Swift dictionary would hash it again through
/// `Hasher`). Memory is written as keys arrive (an entry is 96 bytes, a slot 8): a table with
/// room for many keys costs little until it holds them, and growing moves only the slots'
/// words and, at a doubling, the entries once. Noncopyable: it owns its storage.
struct ShapingTable: ~Copyable {
    private struct Entry {
        var key: ShapingKey
        var summary: ShapedRunSummary
    }

    /// Per slot: 0 when empty, else the key's hash's top 32 bits above the entry's index + 1.
    private var slots: UnsafeMutablePointer<UInt64>
    private var mask: Int
    /// The first `count` are initialized.
    private var entries: UnsafeMutablePointer<Entry>
    private var entryCapacity: Int
    /// Keys held.
    private(set) var count = 0

    /// - Parameter capacity: slots, a power of two (they double when half full).
    init(capacity: Int) {
        precondition(capacity >= 2 && capacity & (capacity - 1) == 0)
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        mask = capacity - 1
        entryCapacity = max(1, min(capacity / 2, 64))
        entries = .allocate(capacity: entryCapacity)
    }

    deinit {
        entries.deinitialize(count: count)
        entries.deallocate()
        slots.deallocate()
    }

    @inline(__always) private static func slot(_ hash: UInt64, index: Int) -> UInt64 {
        (hash & 0xFFFF_FFFF_0000_0000) | UInt64(index + 1)
    }

    /// The first slot to probe: hash bits apart from those that pick the shard (the top 6)
    /// and a `Shaper`'s private slot (the low 10).
    @inline(__always) private func home(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> 20) & mask }

    /// The summary kept for `key`, if any.
    func summary(for key: ShapingKey) -> ShapedRunSummary? {
        let tag = key.hash & 0xFFFF_FFFF_0000_0000
        var slot = home(key.hash)
        while true {
            let s = slots[slot]
            if s == 0 { return nil }
            if s & 0xFFFF_FFFF_0000_0000 == tag {
                let entry = entries + Int(truncatingIfNeeded: s & 0xFFFF_FFFF) - 1
                if entry.pointee.key == key { return entry.pointee.summary }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Keeps `summary` for `key`, which the table must not hold yet.
    mutating func insert(_ summary: ShapedRunSummary, for key: ShapingKey) {
        precondition(count < Int(UInt32.max - 1), "a shaping table holds fewer than 2^32 - 1 keys")
        if 2 * (count + 1) > mask + 1 { growSlots() }
        if count == entryCapacity { growEntries() }
        (entries + count).initialize(to: Entry(key: key, summary: summary))
        place(count, hash: key.hash)
        count += 1
    }

    /// Forgets every key, keeping the storage.
    mutating func removeAll() {
        entries.deinitialize(count: count)
        slots.update(repeating: 0, count: mask + 1)
        count = 0
    }

    @inline(__always) private func place(_ index: Int, hash: UInt64) {
        var slot = home(hash)
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Self.slot(hash, index: index)
    }

    private mutating func growSlots() {
        let capacity = 2 * (mask + 1)
        slots.deallocate()
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        mask = capacity - 1
        for index in 0..<count { place(index, hash: entries[index].key.hash) }
    }

    private mutating func growEntries() {
        let capacity = 2 * entryCapacity
        let grown = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
        grown.moveInitialize(from: entries, count: count)
        entries.deallocate()
        entries = grown
        entryCapacity = capacity
    }
}
