/// Leaf storage: one 64-byte-aligned block per leaf holding a header of ``LeafBlockPrefix``
/// entries followed by `leafCapacity` codes. A leaf is referred to by the address of its first
/// code, so code access is plain pointer indexing; the header sits just before it.
///
/// Rebuilding a leaf's block index is O(L); adjusting it after one code changes is O(L / 16).
extension ItemTree {
    /// Number of ``LeafBlockPrefix`` entries per leaf.
    @inline(__always) var leafBlockCount: Int { (leafCapacity + LeafBlockPrefix.codesPerBlock - 1) >> LeafBlockPrefix.blockShift }

    func allocateLeaf() -> UnsafeMutablePointer<UInt32> {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: leafHeaderBytes + 4 * leafCapacity, alignment: 64)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: leafHeaderBytes)
        return (raw + leafHeaderBytes).bindMemory(to: UInt32.self, capacity: leafCapacity)
    }

    func deallocateLeaf(_ leaf: UnsafeMutablePointer<UInt32>) {
        (UnsafeMutableRawPointer(leaf) - leafHeaderBytes).deallocate()
    }

    /// The block index entry `block` of a leaf.
    @inline(__always) func blockPrefix(_ leaf: UnsafeMutablePointer<UInt32>, _ block: Int) -> UnsafeMutablePointer<LeafBlockPrefix> {
        (UnsafeMutableRawPointer(leaf) - leafHeaderBytes + block * MemoryLayout<LeafBlockPrefix>.stride)
            .assumingMemoryBound(to: LeafBlockPrefix.self)
    }

    /// Recomputes the block index entries of a leaf holding `count` codes, after codes from
    /// `changedFrom` on changed (entries for blocks starting at or before it stay valid; entry 0
    /// is always zero, from when the leaf was allocated). O(L - changedFrom).
    func rebuildBlockIndex(_ leaf: UnsafeMutablePointer<UInt32>, count: Int, changedFrom: Int = 0) {
        let firstStale = (changedFrom >> LeafBlockPrefix.blockShift) + 1
        guard firstStale < leafBlockCount else { return }
        var running = ItemSummary(blockPrefix(leaf, firstStale - 1).pointee)
        for block in firstStale..<leafBlockCount {
            let start = (block - 1) << LeafBlockPrefix.blockShift
            let end = min(block << LeafBlockPrefix.blockShift, count)
            if start < end { running += ItemSummary(codes: UnsafeBufferPointer(start: leaf + start, count: end - start)) }
            blockPrefix(leaf, block).pointee = LeafBlockPrefix(running)
        }
    }

    /// Adds `delta` to the entries of the blocks after the one holding `offset`, after the code
    /// at `offset` changed. O(L / 16).
    @inline(__always) func adjustBlockIndex(_ leaf: UnsafeMutablePointer<UInt32>, after offset: Int, by delta: ItemSummary) {
        var block = (offset >> LeafBlockPrefix.blockShift) + 1
        let count = leafBlockCount
        while block < count {
            blockPrefix(leaf, block).pointee.add(delta)
            block += 1
        }
    }

    /// Copies a leaf, header included.
    func copyLeaf(_ leaf: UnsafeMutablePointer<UInt32>, count: Int) -> UnsafeMutablePointer<UInt32> {
        let copy = allocateLeaf()
        (UnsafeMutableRawPointer(copy) - leafHeaderBytes).copyMemory(from: UnsafeRawPointer(leaf) - leafHeaderBytes, byteCount: leafHeaderBytes)
        copy.update(from: leaf, count: count)
        return copy
    }
}
