import Testing
@testable import YardstickOffsets
import YardstickTestSupport

/// Structural tests of the B+ tree on its own: bulk inserts and removals that add or remove
/// whole levels, checked against a plain array of codes and the invariant checker.
@Suite struct ItemTreeTests {
    func makeTree(_ codes: [UInt32], leafCapacity: Int, fanout: Int) -> ItemTree {
        codes.withUnsafeBufferPointer { buffer in
            var source = BufferCodeSource(buffer)
            return ItemTree(leafCapacity: leafCapacity, fanout: fanout, count: buffer.count, source: &source)
        }
    }

    func insert(_ codes: [UInt32], at position: Int, into tree: ItemTree) {
        codes.withUnsafeBufferPointer { buffer in
            var source = BufferCodeSource(buffer)
            tree.insert(count: buffer.count, at: position, source: &source)
        }
    }

    @Test(arguments: [(4, 8), (17, 8), (40, 9), (ItemTree.defaultLeafCapacity, ItemTree.defaultFanout)])
    func bulkChangesKeepTheTreeSound(leafCapacity: Int, fanout: Int) {
        var rng = SplitMix64(seed: UInt64(leafCapacity))
        var model = (0..<3_000).map { UInt32($0 % 7 == 0 ? ItemCode.estimatedRow : UInt32($0 % 300)) }
        let tree = makeTree(model, leafCapacity: leafCapacity, fanout: fanout)
        #expect(tree.allCodes() == model)
        #expect(tree.invariantViolations().isEmpty)
        for round in 0..<40 {
            if round % 2 == 0 {
                let count = [1, 50, 2_000][rng.int(0...2)]
                let position = rng.int(0...model.count)
                let codes = (0..<count).map { _ in UInt32(rng.int(0...1_000)) }
                insert(codes, at: position, into: tree)
                model.insert(contentsOf: codes, at: position)
            } else if !model.isEmpty {
                let lower = rng.int(0...(model.count - 1))
                let upper = min(model.count, lower + [1, 60, 2_500][rng.int(0...2)])
                tree.remove(lower..<upper)
                model.removeSubrange(lower..<upper)
            }
            #expect(tree.allCodes() == model, "round \(round)")
            #expect(tree.invariantViolations().isEmpty, "round \(round)")
            #expect(tree.totalSummary == model.withUnsafeBufferPointer { ItemSummary(codes: $0) })
        }
        tree.remove(0..<model.count)
        #expect(tree.itemCount == 0 && tree.height == 1 && tree.invariantViolations().isEmpty)
        insert([1, 2, 3], at: 0, into: tree)
        #expect(tree.allCodes() == [1, 2, 3])
    }

    @Test func queriesMatchALinearScan() {
        var rng = SplitMix64(seed: 99)
        let codes: [UInt32] = (0..<2_000).map { index in
            switch index % 97 {
            case 0: return ItemCode.header(rng.int(0...50))
            case 96: return ItemCode.footer(rng.int(0...50))
            default: return rng.chance(30) ? ItemCode.estimatedRow : ItemCode.measuredRow(rng.int(0...40))
            }
        }
        let tree = makeTree(codes, leafCapacity: 40, fanout: 8)
        let estimate = 13
        var prefix = [0]
        for code in codes { prefix.append(prefix.last! + ItemCode.height(code, estimate: estimate)) }
        for _ in 0..<300 {
            let index = rng.int(0...(codes.count - 1))
            let location = tree.locate(index)
            #expect(location.code == codes[index])
            #expect(location.top(estimate: estimate) == prefix[index])
            #expect(location.headersBefore == codes[..<index].filter(ItemCode.isHeader).count)
            #expect(tree.count(RowMetric(), before: index) == codes[..<index].filter(ItemCode.isRow).count)
            let y = rng.int(0...(prefix.last! - 1))
            let found = tree.search(height: y, estimate: estimate)
            let expected = prefix.lastIndex { $0 <= y }!
            #expect(found.index == expected && found.top == prefix[expected] && found.code == codes[expected])
            let rows = codes.indices.filter { ItemCode.isRow(codes[$0]) }
            let rank = rng.int(0...(rows.count - 1))
            #expect(tree.select(RowMetric(), rank: rank) == rows[rank])
        }
    }
}
