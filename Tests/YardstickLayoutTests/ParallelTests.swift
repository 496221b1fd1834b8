import Synchronization
import XCTest
@testable import YardstickLayout

final class ParallelTests: XCTestCase {
    /// `map` gives `body(i)` at index i for every thread count and chunk size.
    func testMapKeepsInputOrder() {
        for threads in [1, 2, 3, 8] {
            for chunk in [1, 7, 64] {
                for count in [0, 1, 5, 64, 1_000] {
                    XCTAssertEqual(Parallel.map(count: count, threads: threads, chunk: chunk) { $0 * 3 }, (0..<count).map { $0 * 3 },
                                   "threads \(threads) chunk \(chunk) count \(count)")
                }
            }
        }
    }

    /// `forEach` calls every index exactly once, with worker numbers below `workerCount`, and
    /// never runs two calls of one worker at once (callers keep per-worker state).
    func testForEachCallsEveryIndexOnceWithExclusiveWorkers() {
        for threads in [1, 2, 4] {
            for chunk in [1, 3] {
                let count = 2_000
                let workers = Parallel.workerCount(count: count, threads: threads, chunk: chunk)
                let calls = Mutex([Int](repeating: 0, count: count))
                let busy = Mutex([Int](repeating: 0, count: workers))
                let overlaps = Atomic<Int>(0)
                Parallel.forEach(count: count, threads: threads, chunk: chunk) { i, worker in
                    XCTAssertLessThan(worker, workers)
                    if busy.withLock({ $0[worker] += 1; return $0[worker] }) != 1 { overlaps.add(1, ordering: .relaxed) }
                    calls.withLock { $0[i] += 1 }
                    var x = 0
                    for k in 0..<(i % 50) * 100 { x &+= k } // some work, so calls overlap in time
                    if x == -1 { print(x) }
                    busy.withLock { $0[worker] -= 1 }
                }
                XCTAssertEqual(calls.withLock { $0 }, [Int](repeating: 1, count: count), "threads \(threads) chunk \(chunk)")
                XCTAssertEqual(overlaps.load(ordering: .relaxed), 0)
            }
        }
    }

    /// The engine's batches write their results in place: every text's result at its index,
    /// identical for any thread count, also when the count is not a multiple of the batch.
    func testBatchResultsLandAtTheirIndex() throws {
        let texts = (0..<200).map { "Row \($0): " + String(repeating: "kettle ", count: $0 % 9) + "\($0 * 7919 % 1000)" }
        let engine = try TextEngine(fonts: sharedEngine.fonts)
        let one = engine.prepare(texts, threads: 1).map(preparationFingerprint)
        XCTAssertEqual(one.count, texts.count)
        for threads in [2, 3] {
            XCTAssertEqual(engine.prepare(texts, threads: threads).map(preparationFingerprint), one)
        }
        let layouts = engine.layout(texts.map { ($0, 120.0) }, attributes: TextAttributes(size: 17), threads: 2)
        XCTAssertEqual(layouts.map(\.lineCount), texts.map { engine.layout($0, width: 120, attributes: TextAttributes(size: 17)).lineCount })
        XCTAssertEqual(engine.prepare([], threads: 2).count, 0)
    }
}
