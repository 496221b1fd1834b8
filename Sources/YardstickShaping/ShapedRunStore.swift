import YardstickFonts
import Synchronization

/// Holds every `ShapedRun` a cache has made, addressed by a 32-bit id that never changes.
///
/// Layout data refers to runs by id instead of by reference, so the hot paths (building and
/// re-laying out break segments) never touch a shared object's reference count — two threads
/// measuring the same popular words would otherwise fight over those counts. Append is O(1)
/// under a lock; reading by id is O(1) and lock-free (storage is chunked and chunks never move;
/// an id is only handed out after its run is stored, under the same lock as the cache).
public final class ShapedRunStore: @unchecked Sendable {
    private static let chunkBits = 12
    private static let chunkSize = 1 << chunkBits
    private static let maxChunks = 1 << 16 // 268 million runs
    private let chunks: UnsafeMutablePointer<UnsafeMutablePointer<ShapedRun?>?>
    /// The count, behind the lock appends take, in a 128-byte block of its own: appending never
    /// invalidates the cache line readers find `chunks` on.
    private let state: UnsafeMutablePointer<Mutex<Int>>

    public init() {
        chunks = .allocate(capacity: Self.maxChunks)
        chunks.initialize(repeating: nil, count: Self.maxChunks)
        precondition(MemoryLayout<Mutex<Int>>.size <= 128)
        state = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 128).bindMemory(to: Mutex<Int>.self, capacity: 1)
        state.initialize(to: Mutex(0))
    }

    deinit {
        let count = state.pointee.withLock { $0 }
        state.deinitialize(count: 1)
        UnsafeMutableRawPointer(state).deallocate()
        for c in 0..<(count + Self.chunkSize - 1) / Self.chunkSize {
            chunks[c]!.deinitialize(count: Self.chunkSize)
            chunks[c]!.deallocate()
        }
        chunks.deallocate()
    }

    /// Stores a run; returns its id.
    public func append(_ run: ShapedRun) -> UInt32 {
        state.pointee.withLock { count in
            let id = count
            precondition(id < Self.maxChunks * Self.chunkSize, "ShapedRunStore is full")
            let c = id >> Self.chunkBits
            if chunks[c] == nil {
                let chunk = UnsafeMutablePointer<ShapedRun?>.allocate(capacity: Self.chunkSize)
                chunk.initialize(repeating: nil, count: Self.chunkSize)
                chunks[c] = chunk
            }
            chunks[c]![id & (Self.chunkSize - 1)] = run
            count += 1
            return UInt32(id)
        }
    }

    /// The run with an id this store returned.
    @inline(__always) public subscript(id: UInt32) -> ShapedRun {
        chunks[Int(id) >> Self.chunkBits]![Int(id) & (Self.chunkSize - 1)]!
    }

    /// Runs stored.
    public var count: Int { state.pointee.withLock { $0 } }
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
