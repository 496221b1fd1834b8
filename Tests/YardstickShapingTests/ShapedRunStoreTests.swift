import Dispatch
import XCTest
@testable import YardstickShaping

/// The store appends without a lock: threads appending at once get distinct ids, across chunk
/// boundaries, and each id reads back its own run.
final class ShapedRunStoreTests: XCTestCase {
    func run(_ n: Int) -> ShapedRun {
        ShapedRun(face: n % 7, isRightToLeft: false, byteCount: Int32(n), glyphs: [], clusters: [], trailingWhitespaceStart: Int32(n))
    }

    func testThreadsAppendingAtOnceGetDistinctIds() {
        let store = ShapedRunStore()
        let threads = 4, each = 10_000 // 40,000 runs: chunks of 4,096 installed while others append
        let ids = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: threads * each)
        defer { ids.deallocate() }
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for k in 0..<each { ids[t * each + k] = store.append(run(t * each + k)) }
        }
        XCTAssertEqual(store.count, threads * each)
        XCTAssertEqual(Set(ids).count, threads * each)
        XCTAssertEqual(ids.max(), UInt32(threads * each - 1))
        for (n, id) in ids.enumerated() {
            guard store[id].byteCount == Int32(n) else { return XCTFail("id \(id) reads back run \(store[id].byteCount), not \(n)") }
        }
    }

    func testRunsLiveAsLongAsTheStore() {
        weak var kept: ShapedRun?
        do {
            let store = ShapedRunStore()
            let id = store.append(run(3))
            kept = store[id]
            XCTAssertNotNil(kept)
        }
        XCTAssertNil(kept, "the store released its runs")
    }
}
