import CMemoryHints
import YardstickFonts

/// Holds every `ShapedRun` a cache has made, addressed by a 32-bit id that never changes.
///
/// Layout data refers to runs by id instead of by reference, so the hot paths (building and
/// re-laying out break segments) never touch a shared object's reference count — two threads
/// measuring the same popular words would otherwise fight over those counts. Append is O(1)
/// and takes no lock: an id is one atomic increment, and the chunk it falls in is installed by
/// whichever thread gets there first (a compare-and-swap; the loser frees its chunk). Reading by
/// id is O(1) and lock-free: chunks never move. Every path that hands an id to another thread
/// must order the run's storing before the reading: today the cache's shard lock, the shared
/// chunk table's release and acquire, the preparers' pool lock and the join at the end of a
/// parallel pass.
public final class ShapedRunStore: @unchecked Sendable {
    private static let chunkBits = 12
    private static let chunkSize = 1 << chunkBits
    private static let maxChunks = 1 << 16 // 268 million runs
    /// Each chunk's address as a word (0 until installed); a chunk's slots are initialized as
    /// their ids are taken.
    private let chunks: UnsafeMutablePointer<UInt64>
    /// The next id, in a 128-byte block of its own: appending never invalidates the cache line
    /// readers find `chunks` on.
    private let next: UnsafeMutablePointer<UInt64>

    public init() {
        chunks = .allocate(capacity: Self.maxChunks)
        chunks.initialize(repeating: 0, count: Self.maxChunks)
        next = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 128).bindMemory(to: UInt64.self, capacity: 1)
        next.initialize(to: 0)
    }

    deinit {
        let count = min(Int(ys_load_relaxed(next)), Self.maxChunks * Self.chunkSize)
        for c in 0..<(count + Self.chunkSize - 1) / Self.chunkSize {
            chunk(c).deinitialize(count: min(Self.chunkSize, count - c * Self.chunkSize))
            chunk(c).deallocate()
        }
        UnsafeMutableRawPointer(next).deallocate()
        chunks.deallocate()
    }

    @inline(__always) private func chunk(_ c: Int) -> UnsafeMutablePointer<ShapedRun> {
        UnsafeMutablePointer(bitPattern: UInt(chunks[c]))!
    }

    /// Stores a run; returns its id.
    public func append(_ run: ShapedRun) -> UInt32 {
        let id = Int(ys_fetch_add_relaxed(next, 1))
        precondition(id < Self.maxChunks * Self.chunkSize, "ShapedRunStore is full")
        let c = id >> Self.chunkBits
        var address = ys_load_acquire(chunks + c)
        if address == 0 {
            let fresh = UnsafeMutablePointer<ShapedRun>.allocate(capacity: Self.chunkSize)
            let bits = UInt64(UInt(bitPattern: fresh))
            if ys_compare_exchange_release(chunks + c, 0, bits) {
                address = bits
            } else {
                fresh.deallocate()
                address = ys_load_acquire(chunks + c)
            }
        }
        (UnsafeMutablePointer<ShapedRun>(bitPattern: UInt(address))! + (id & (Self.chunkSize - 1))).initialize(to: run)
        return UInt32(id)
    }

    /// The run with an id this store returned.
    @inline(__always) public subscript(id: UInt32) -> ShapedRun {
        chunk(Int(id) >> Self.chunkBits)[Int(id) & (Self.chunkSize - 1)]
    }

    /// Ids handed out, appends still under way included: a measure of size, not a bound to
    /// read runs up to.
    public var count: Int { Int(ys_load_relaxed(next)) }
}

/// What line breaking needs to know of a shaped run, by value: no reference to count.
public struct ShapedRunSummary: Hashable, Sendable {
    /// Id of the full run in the cache's `ShapedRunStore`.
    public var id: UInt32
    public var face: PackedFaceIndex
    public var isAllWhitespace: Bool
    public var byteCount: Int32
    /// Font units.
    public var totalAdvance: Int64
    public var trailingAdvance: Int64
    public var clusterCount: Int32
    public var trailingClusterCount: Int32

    init() {
        id = .max; face = 0; isAllWhitespace = false; byteCount = 0
        totalAdvance = 0; trailingAdvance = 0; clusterCount = 0; trailingClusterCount = 0
    }

    init(id: UInt32, run: ShapedRun) {
        self.id = id
        face = PackedFaceIndex(run.face)
        isAllWhitespace = run.isAllWhitespace
        byteCount = run.byteCount
        totalAdvance = run.totalAdvance
        trailingAdvance = run.trailingAdvance
        clusterCount = run.clusterCount
        trailingClusterCount = run.trailingClusterCount
    }
}
