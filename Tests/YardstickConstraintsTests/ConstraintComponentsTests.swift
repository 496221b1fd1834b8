import XCTest
import YardstickTestSupport
@testable import YardstickConstraints

final class ConstraintComponentsTests: XCTestCase, RandomSystems {
    /// Solved in its independent parts, a system reaches the optimal cost of one solver.
    func testComponentsReachTheOptimumOfOneSolver() throws {
        var random = SplitMix64(seed: 0xC0C0)
        var parts = Set<Int>()
        for _ in 0..<200 {
            let (constraints, edits, _) = randomSystem(&random)
            var one = ConstraintSolver()
            var kept: [Constraint] = []
            for k in constraints { if (try? one.add(k)) != nil { kept.append(k) } }
            for x in edits { try one.addEditVariable(x, priority: 900) }
            var split = try ConstraintComponents(constraints: kept, edits: edits.map { ($0, 900) })
            parts.insert(split.partCount)
            for _ in 0..<3 {
                let values = edits.map { ($0, Double(random.int(-150...150))) }
                try one.suggest(values)
                try split.suggest(values)
                let all = kept + values.map { c([($0.0, 1)], -$0.1, .equal, 900) }
                let a = try XCTUnwrap(cost(all) { one.value(of: $0) })
                let b = try XCTUnwrap(cost(all) { split.value(of: $0) })
                XCTAssertEqual(a, b, accuracy: 1e-6 * max(1, a))
            }
        }
        XCTAssertTrue(parts.contains(2), "the two halves were solved apart")
    }
}
