// Compiling big constraint cells (issue 41's target: at most 1 s each): a 250-view, 2,000-rule
// cell whose views are all determined, and a dense 200-view, 1,600-rule one whose views hang
// below random earlier views (many free: an ambiguous layout); then 256-view, 2,048-rule ones,
// dense and a chain (the most a cell may have). Prints each compile's time (best of 3), the
// time with the ambiguity probe stopped at its first push, how many view axes the probe found
// free and whether it checked every view.
//   swift run -c release ConstraintsBenchmark --compile
import Foundation
import YardstickConstraints

/// A deterministic generator (SplitMix64).
struct Seeded {
    var state: UInt64
    mutating func next(_ n: Int) -> Int {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return Int((z ^ (z >> 31)) % UInt64(n))
    }
}

/// The two cells: boxes placed by `==` rules (determined) or hung below earlier boxes by `>=`
/// rules (dense), eight rules a view.
func bigCell(dense: Bool, chain: Bool = false, views count: Int) -> (views: [ConstraintCell.View], rules: [String]) {
    var random = Seeded(state: dense ? 2 : 1)
    var views: [ConstraintCell.View] = []
    var rules: [String] = []
    for i in 0..<count {
        views.append(ConstraintCell.View("v\(i)", .box(width: Double(10 + random.next(40)), height: Double(10 + random.next(30)))))
        rules.append("v\(i).leading == super.leading + \(random.next(250))")
        if dense {
            rules.append("super.bottom >= v\(i).bottom + 8")
            for j in 0..<6 {
                // (A chain: below each of the six views before it; else below random earlier ones.)
                let above = chain ? max(i - 1 - j, 0) : (i == 0 ? 0 : random.next(i))
                rules.append(i == 0 ? "v0.top >= super.top + \(random.next(20))" : "v\(i).top >= v\(above).bottom + \(random.next(20))")
            }
        } else {
            rules.append("v\(i).top == \(i == 0 ? "super.top" : "v\(random.next(i)).bottom") + \(random.next(20))")
            rules += ["super.bottom >= v\(i).bottom + 8", "v\(i).trailing <= super.trailing", "v\(i).width >= 5", "v\(i).height <= 100",
                      "v\(i).leading >= super.leading", "v\(i).top >= super.top"]
        }
    }
    return (views, rules)
}

func compileCells() throws {
    print("| cell | compile (best of 3) | with the probe stopped at once | free view axes found | every view checked |")
    print("|---|---:|---:|---:|---|")
    let cells = [("250 views, 2,000 rules, determined", false, false, 250), ("200 views, 1,600 rules, dense", true, false, 200),
                 ("256 views, 2,048 rules, dense", true, false, 256), ("256 views, 2,048 rules, a chain", true, true, 256)]
    for (name, dense, chain, count) in cells {
        let (views, rules) = bigCell(dense: dense, chain: chain, views: count)
        func best(_ budget: Int) throws -> (Double, ConstraintCell) {
            var best = Double.infinity
            var cell: ConstraintCell?
            for _ in 0..<3 {
                let t0 = DispatchTime.now().uptimeNanoseconds
                cell = try ConstraintCell(views: views, rules: rules, probeBudget: budget)
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
            }
            return (best, cell!)
        }
        let (time, cell) = try best(ConstraintCell.probeBudget)
        let (unprobed, _) = try best(0) // (the probe stops at its first push)
        print("| \(name) | \(String(format: "%.3f", time)) s | \(String(format: "%.3f", unprobed)) s | \(cell.ambiguities.count) | \(cell.ambiguityCheckIsComplete ? "yes" : "no (probe budget)") |")
    }
}
