import XCTest
import YardstickTestSupport
@testable import YardstickConstraints

/// What the solver's tests share: short builders, the weighted cost of a solution, and random
/// systems of a cell's kind.
protocol RandomSystems {}

extension RandomSystems {
    func v(_ id: Int, _ name: String? = nil) -> Variable { Variable(id: id, name: name ?? "v\(id)") }

    /// `a × x + b × y + c (relation) 0`.
    func c(_ terms: [(Variable, Double)], _ constant: Double, _ relation: Relation, _ priority: Double = 1000, _ label: String = "") -> Constraint {
        Constraint(LinearExpression(terms, constant: constant), relation, priority: priority, label: label)
    }

    /// The cost of a solution: Σ weight × violation over the weighted constraints; nil if a
    /// required one is violated.
    func cost(_ constraints: [Constraint], _ value: (Variable) -> Double) -> Double? {
        var total = 0.0
        for k in constraints {
            let e = k.expression.terms.reduce(k.expression.constant) { $0 + $1.coefficient * value($1.variable) }
            let violation: Double
            switch k.relation {
            case .equal: violation = abs(e)
            case .lessOrEqual: violation = max(0, e)
            case .greaterOrEqual: violation = max(0, -e)
            }
            if k.isRequired { if violation > 1e-6 { return nil } } else { total += k.weight * violation }
        }
        return total
    }

    /// A random system of a cell's kind in two independent halves (variables 0..<n and
    /// 100..<100+n), with three edit variables (two in the first half, one in the second).
    func randomSystem(_ random: inout SplitMix64) -> (constraints: [Constraint], edits: [Variable], vars: [Variable]) {
        var constraints: [Constraint] = []
        var all: [Variable] = []
        for offset in [0, 100] {
            let n = 3 + random.int(0...5)
            let vars = (0..<n).map { v(offset + $0) }
            all += vars
            for k in 0..<(n + random.int(0...2 * n)) {
                let a = vars[random.int(0...n - 1)], b = vars[random.int(0...n - 1)]
                guard a != b else { continue }
                let relation: Relation = [.equal, .lessOrEqual, .greaterOrEqual][random.int(0...2)]
                let priority: Double = [1000, 1000, 750, 250, 500, 1][random.int(0...5)]
                constraints.append(c([(a, 1), (b, -1)], Double(random.int(-100...100)), relation, priority, "k\(offset + k)"))
            }
            for x in vars { constraints.append(c([(x, 1)], 0, .equal, 1, "stay \(x)")) }
        }
        return (constraints, [all[0], all[1], all.last!], all)
    }
}
