import XCTest
import YardstickTestSupport
@testable import YardstickConstraints

final class ConstraintSolverTests: XCTestCase, RandomSystems {

    func testRequiredEqualitiesAndAnInequality() throws {
        let x = v(0, "x"), y = v(1, "y")
        var s = ConstraintSolver()
        try s.add(c([(x, 1)], -10, .equal))                 // x == 10
        try s.add(c([(y, 1), (x, -1)], -5, .greaterOrEqual)) // y >= x + 5
        try s.add(c([(y, 1)], 0, .equal, 1))                 // y == 0, weakly
        XCTAssertEqual(s.value(of: x), 10, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: y), 15, accuracy: 1e-9)
    }

    func testTheHigherPriorityWins() throws {
        let w = v(0, "width")
        var s = ConstraintSolver()
        try s.add(c([(w, 1)], -100, .equal, 250)) // hugging-like: width == 100 @250
        try s.add(c([(w, 1)], -50, .equal, 750))  // width == 50 @750
        XCTAssertEqual(s.value(of: w), 50, accuracy: 1e-9)
    }

    func testEditVariablesReoptimise() throws {
        let x = v(0, "x"), y = v(1, "y")
        var s = ConstraintSolver()
        try s.add(c([(y, 1), (x, -2)], -1, .equal)) // y == 2x + 1
        try s.addEditVariable(x, priority: 999)
        try s.suggest(3, for: x)
        XCTAssertEqual(s.value(of: y), 7, accuracy: 1e-9)
        try s.suggest(10, for: x)
        XCTAssertEqual(s.value(of: y), 21, accuracy: 1e-9)
        XCTAssertThrowsError(try s.suggest(1, for: y)) { XCTAssertEqual($0 as? ConstraintError, .notEditable("y")) }
    }

    /// A width edited past what required bounds allow is clamped: left >= 0, right <= 100.
    func testAnEditIsClampedByRequiredBounds() throws {
        let left = v(0, "left"), right = v(1, "right"), width = v(2, "width")
        var s = ConstraintSolver()
        try s.add(c([(left, 1)], 0, .greaterOrEqual))
        try s.add(c([(right, 1)], -100, .lessOrEqual))
        try s.add(c([(width, 1), (right, -1), (left, 1)], 0, .equal))
        try s.add(c([(left, 1)], 0, .equal, 1)) // left prefers 0
        try s.addEditVariable(width, priority: 750)
        try s.suggest(150, for: width)
        XCTAssertEqual(s.value(of: width), 100, accuracy: 1e-9)
        try s.suggest(40, for: width)
        XCTAssertEqual(s.value(of: width), 40, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: left), 0, accuracy: 1e-9)
    }

    func testConflictingRequiredConstraintsAreNamedAndLeaveTheSolverAsItWas() throws {
        let x = v(0, "x")
        var s = ConstraintSolver()
        try s.add(c([(x, 1)], -1, .equal, 1000, "x == 1"))
        XCTAssertThrowsError(try s.add(c([(x, 1)], -2, .equal, 1000, "x == 2"))) {
            XCTAssertEqual("\($0)", "unable to satisfy the required constraint x == 2 together with the ones before it")
        }
        XCTAssertThrowsError(try s.add(c([(x, 1)], -5, .greaterOrEqual, 1000, "x >= 5")))
        XCTAssertEqual(s.value(of: x), 1, accuracy: 1e-9)
        try s.add(c([(x, 1)], 0, .greaterOrEqual, 1000, "x >= 0")) // still usable
        XCTAssertEqual(s.value(of: x), 1, accuracy: 1e-9)
    }

    // MARK: - Randomized


    /// Random systems of a cell's kind (edges related by required and weighted equalities and
    /// inequalities): edits suggested one after another, or in a batch, reach the same optimal cost as a new
    /// solver given the edits as constraints, and both satisfy every required constraint.
    func testSuggestionsReachTheOptimumOfAFreshSolve() throws {
        var random = SplitMix64(seed: 0x5EED)
        var checked = 0
        for _ in 0..<300 {
            let n = 3 + Int(random.next() % 6)
            let vars = (0..<n).map { v($0) }
            var constraints: [Constraint] = []
            for k in 0..<(n + Int(random.next() % UInt64(2 * n))) {
                let a = vars[Int(random.next() % UInt64(n))], b = vars[Int(random.next() % UInt64(n))]
                guard a != b else { continue }
                let constant = Double(Int(random.next() % 200)) - 100
                let relation: Relation = [.equal, .lessOrEqual, .greaterOrEqual][Int(random.next() % 3)]
                let priority: Double = [1000, 1000, 750, 250, 500, 1][Int(random.next() % 6)]
                constraints.append(c([(a, 1), (b, -1)], constant, relation, priority, "k\(k)"))
            }
            for x in vars { constraints.append(c([(x, 1)], 0, .equal, 1, "stay \(x)")) } // weak stays: bounded
            var incremental = ConstraintSolver()
            var kept: [Constraint] = []
            for k in constraints { if (try? incremental.add(k)) != nil { kept.append(k) } }
            let edited = Array(vars.prefix(3))
            for x in edited { try incremental.addEditVariable(x, priority: 900) }
            for round in 0..<3 {
                var edits: [Constraint] = []
                var batch: [(Variable, Double)] = []
                for x in edited {
                    let value = Double(Int(random.next() % 300)) - 150
                    // One by one, or (every other round) all in one batch.
                    if round % 2 == 0 { try incremental.suggest(value, for: x) } else { batch.append((x, value)) }
                    edits.append(c([(x, 1)], -value, .equal, 900, "edit \(x)"))
                }
                if !batch.isEmpty { try incremental.suggest(batch) }
                var fresh = ConstraintSolver()
                for k in kept + edits { try fresh.add(k) }
                let all = kept + edits
                let a = try XCTUnwrap(cost(all) { incremental.value(of: $0) }, "incremental solution violates a required constraint")
                let b = try XCTUnwrap(cost(all) { fresh.value(of: $0) }, "fresh solution violates a required constraint")
                XCTAssertEqual(a, b, accuracy: 1e-6 * max(1, b))
                checked += 1
            }
        }
        XCTAssertEqual(checked, 900)
    }


    /// Undoing suggestions (`checkpoint`, `rollback`) returns exactly the checkpoint's values,
    /// and a suggestion after it gives exactly what it gives on an untouched copy.
    func testRollbackReturnsExactlyToTheCheckpoint() throws {
        var random = SplitMix64(seed: 0xB0B)
        var checked = 0
        for _ in 0..<200 {
            let (constraints, edits, vars) = randomSystem(&random)
            var solver = ConstraintSolver()
            for k in constraints { _ = try? solver.add(k) }
            for x in edits { try solver.addEditVariable(x, priority: 900) }
            try solver.suggest(edits.map { ($0, Double(random.int(-50...50))) })
            let untouched = solver
            let before = vars.map { solver.value(of: $0) }
            for _ in 0..<3 {
                solver.checkpoint()
                for _ in 0..<random.int(1...3) { try solver.suggest(edits.map { ($0, Double(random.int(-150...150))) }) }
                solver.rollback()
                XCTAssertEqual(vars.map { solver.value(of: $0) }, before)
            }
            let next = edits.map { ($0, Double(random.int(-150...150))) }
            var fresh = untouched
            try fresh.suggest(next)
            solver.checkpoint()
            try solver.suggest(next)
            XCTAssertEqual(vars.map { solver.value(of: $0) }, vars.map { fresh.value(of: $0) })
            checked += 1
        }
        XCTAssertEqual(checked, 200)
    }

    /// A trial (edit variables added, suggestions, a failing constraint) leaves the solver as it
    /// was: the same values, and the same answers to what follows as an untouched copy's.
    func testATrialUndoesEverything() throws {
        var random = SplitMix64(seed: 0x7A1)
        for _ in 0..<300 {
            let (constraints, edits, vars) = randomSystem(&random)
            var solver = ConstraintSolver()
            for k in constraints { _ = try? solver.add(k) }
            for x in edits { try solver.addEditVariable(x, priority: 900) }
            try solver.suggest(edits.map { ($0, Double(random.int(-50...50))) })
            let untouched = solver
            let before = vars.map { solver.value(of: $0) }
            for _ in 0..<random.int(1...4) {
                let probe = vars[random.int(0...vars.count - 1)]
                let push = Double(random.int(-1000...1000))
                let conflicting = c([(vars[0], 1)], Double(random.int(-100...100)), .equal)
                _ = try? solver.trial { (s: inout ConstraintSolver) throws(ConstraintError) -> Double in
                    try s.addEditVariable(probe, priority: 1, weight: 1e-3)
                    try s.suggest(s.value(of: probe) + push, for: probe)
                    if random.int(0...1) == 0 { _ = try? s.add(conflicting) }
                    try s.suggest(edits.map { ($0, Double(random.int(-150...150))) })
                    return s.value(of: probe)
                }
                XCTAssertEqual(vars.map { solver.value(of: $0) }, before)
            }
            // What follows answers as on a copy that never had a trial: a probe, then suggestions.
            let probe = vars[random.int(0...vars.count - 1)]
            var fresh = untouched
            func follow(_ s: inout ConstraintSolver) throws -> [Double] {
                try s.addEditVariable(probe, priority: 1, weight: 1e-3)
                try s.suggest(s.value(of: probe) + 500, for: probe)
                try s.suggest(edits.map { ($0, 7.0) })
                return vars.map { s.value(of: $0) }
            }
            XCTAssertEqual(try follow(&solver), try follow(&fresh))
        }
    }
}
