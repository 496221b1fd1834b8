#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
/// The storage behind ``RowOffsetCache``: every header, row and footer of the table as one flat
/// sequence of 32-bit ``ItemCode``s, kept in a counted B+ tree.
///
/// Leaves are fixed-capacity buffers of codes (4 bytes per item) preceded by a block index
/// (``LeafBlockPrefix``, the sums before every 16 codes: 1 byte per item). Interior
/// nodes (``InnerNode``) keep, for each child, an ``ItemSummary`` of its subtree: item, header,
/// row, positive-row and estimated-row counts and the measured height sum. All leaves are at the
/// same depth; every node but the root is at least a quarter full, so the depth is O(log n).
///
/// Complexities (n items, L leaf capacity, F fanout, both constants):
/// - build from n codes: O(n), leaves packed full;
/// - descents (code at, prefix sums, select by rank, search by height): O(log n), each reading
///   at most F slot summaries per level, one or two block index entries and one 16-code block;
/// - replace one code: O(log n); replace k consecutive codes: O(k + (k/L + 1) log n);
/// - insert k codes: O(k + log n); remove k codes: O(log n + k/L) (whole leaves are freed
///   without being read).
///
/// The class owns its memory manually; ``RowOffsetCache`` gives it value semantics by copying
/// (O(n)) before mutating a shared instance.
final class ItemTree: @unchecked Sendable {
    /// Codes per leaf.
    let leafCapacity: Int
    /// Children per interior node.
    let fanout: Int
    /// Leaves (other than the root's only leaf) below this many codes are merged or refilled.
    let leafMinimum: Int
    /// Interior nodes (other than the root) below this many children are merged or refilled.
    let innerMinimum: Int
    /// Bytes of block index before each leaf's codes (a multiple of 64).
    let leafHeaderBytes: Int

    /// The root is always an interior node; with no items it has no children.
    @exclusivity(unchecked) var root: InnerNode
    /// Number of interior levels, at least 1. Nodes at level 1 have leaves as children.
    @exclusivity(unchecked) var height: Int
    /// The summary of the whole table (the sum of the root's slots), kept up to date by every
    /// mutation so queries never rescan the root.
    @exclusivity(unchecked) private(set) var totalSummary = ItemSummary()

    /// 512 codes (2 KB) per leaf and 16 children per node: measured at 10M rows, this keeps the
    /// interior nodes (about 1 MB) in cache, so a random access costs about one memory miss, the
    /// leaf's, while an insert still moves at most 2 KB.
    static let defaultLeafCapacity = 512
    static let defaultFanout = 16

    init(leafCapacity: Int = ItemTree.defaultLeafCapacity, fanout: Int = ItemTree.defaultFanout) {
        precondition(leafCapacity >= 4 && leafCapacity <= 4096 && fanout >= 8, "leaf capacity must be 4...4096 and fanout at least 8")
        self.leafCapacity = leafCapacity
        self.fanout = fanout
        leafMinimum = max(1, leafCapacity / 4)
        innerMinimum = max(2, fanout / 4)
        let blocks = (leafCapacity + LeafBlockPrefix.codesPerBlock - 1) / LeafBlockPrefix.codesPerBlock
        leafHeaderBytes = (blocks * MemoryLayout<LeafBlockPrefix>.stride + 63) / 64 * 64
        root = InnerNode.allocate(fanout: fanout)
        height = 1
    }

    /// Builds a tree of `count` codes read from `source`, with leaves and nodes packed full. O(n).
    convenience init<Source: ItemCodeSource>(leafCapacity: Int = ItemTree.defaultLeafCapacity,
                                             fanout: Int = ItemTree.defaultFanout,
                                             count: Int, source: inout Source) {
        self.init(leafCapacity: leafCapacity, fanout: fanout)
        guard count > 0 else { return }
        let leaves = makeLeaves(count: count, source: &source)
        root.deallocate()
        (root, height) = assembleLevels(leaves)
        refreshTotalSummary()
    }

    deinit {
        freeSubtree(root, level: height)
    }

    /// A deep copy. O(n).
    func copy() -> ItemTree {
        let result = ItemTree(leafCapacity: leafCapacity, fanout: fanout)
        result.root.deallocate()
        result.root = copySubtree(root, level: height)
        result.height = height
        result.totalSummary = totalSummary
        return result
    }

    /// Number of items in the table. O(1).
    @inline(__always) var itemCount: Int { totalSummary.items }

    /// Recomputes ``totalSummary`` from the root after a structural change. O(F).
    func refreshTotalSummary() { totalSummary = root.totalSummary() }

    /// Adds a change of one or more codes to ``totalSummary``. O(1).
    @inline(__always) func addToTotalSummary(_ delta: ItemSummary) { totalSummary += delta }

    // MARK: - Allocation helpers

    func freeSubtree(_ node: InnerNode, level: Int) {
        for slot in 0..<node.count { freeChild(of: node, slot, level: level) }
        node.deallocate()
    }

    /// Frees the subtree under one child slot (not the slot itself).
    func freeChild(of node: InnerNode, _ slot: Int, level: Int) {
        if level == 1 {
            deallocateLeaf(node.leafChild(slot))
        } else {
            freeSubtree(node.innerChild(slot), level: level - 1)
        }
    }

    private func copySubtree(_ node: InnerNode, level: Int) -> InnerNode {
        let result = InnerNode.allocate(fanout: fanout)
        result.copySlots(from: node, 0, to: 0, count: node.count)
        result.count = node.count
        for slot in 0..<node.count {
            if level == 1 {
                result.children[slot] = Int(bitPattern: copyLeaf(node.leafChild(slot), count: node.items[slot]))
            } else {
                result.children[slot] = copySubtree(node.innerChild(slot), level: level - 1).reference
            }
        }
        return result
    }

    /// Sizes for splitting `total` entries into the fewest parts of at most `capacity`, as evenly
    /// as possible (so every part holds at least half a capacity when there are two or more).
    static func evenPartSizes(total: Int, capacity: Int) -> (parts: Int, base: Int, extra: Int) {
        let parts = (total + capacity - 1) / capacity
        return (parts, total / parts, total % parts)
    }

    /// Fills fresh leaves with `count` codes from `source`. O(count).
    func makeLeaves<Source: ItemCodeSource>(count: Int, source: inout Source) -> [ChildEntry] {
        let (parts, base, extra) = ItemTree.evenPartSizes(total: count, capacity: leafCapacity)
        var leaves = [ChildEntry]()
        leaves.reserveCapacity(parts)
        // A leaf whose codes equal the one before it (a long run of estimated rows) takes that
        // leaf's block index and summary instead of recomputing them: building 10 million
        // estimated rows then costs the memory writes, not a pass over every code.
        var previous: (leaf: UnsafeMutablePointer<UInt32>, size: Int, summary: ItemSummary)?
        for part in 0..<parts {
            let size = base + (part < extra ? 1 : 0)
            let leaf = allocateLeaf()
            source.fill(UnsafeMutableBufferPointer(start: leaf, count: size))
            let summary: ItemSummary
            if let p = previous, p.size == size, memcmp(p.leaf, leaf, size * MemoryLayout<UInt32>.stride) == 0 {
                (UnsafeMutableRawPointer(leaf) - leafHeaderBytes).copyMemory(from: UnsafeRawPointer(p.leaf) - leafHeaderBytes, byteCount: leafHeaderBytes)
                summary = p.summary
            } else {
                rebuildBlockIndex(leaf, count: size)
                summary = ItemSummary(codes: UnsafeBufferPointer(start: leaf, count: size))
            }
            previous = (leaf, size, summary)
            leaves.append(ChildEntry(reference: Int(bitPattern: leaf), summary: summary))
        }
        return leaves
    }

    /// Groups entries into as few interior nodes as possible, evenly. If `reusing` is given it
    /// becomes the first node. Returns the nodes as entries.
    func groupIntoNodes(_ entries: [ChildEntry], reusing first: InnerNode? = nil) -> [ChildEntry] {
        let (parts, base, extra) = ItemTree.evenPartSizes(total: entries.count, capacity: fanout)
        var nodes = [ChildEntry]()
        nodes.reserveCapacity(parts)
        var next = 0
        for part in 0..<parts {
            let size = base + (part < extra ? 1 : 0)
            let node = (part == 0 ? first : nil) ?? InnerNode.allocate(fanout: fanout)
            var summary = ItemSummary()
            for slot in 0..<size {
                node.setEntry(entries[next + slot], slot)
                summary += entries[next + slot].summary
            }
            node.count = size
            next += size
            nodes.append(ChildEntry(reference: node.reference, summary: summary))
        }
        return nodes
    }

    /// Stacks interior levels over `entries` (nodes of level `level - 1`, or leaves when
    /// `startingLevel` is 1) until one root remains. Returns the root and the tree height.
    func assembleLevels(_ entries: [ChildEntry], startingLevel: Int = 1) -> (InnerNode, Int) {
        var level = startingLevel
        var current = groupIntoNodes(entries)
        while current.count > 1 {
            current = groupIntoNodes(current)
            level += 1
        }
        return (InnerNode(reference: current[0].reference), level)
    }
}
