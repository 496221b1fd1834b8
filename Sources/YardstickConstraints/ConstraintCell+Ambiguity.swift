// The ambiguity probe of a constraint cell: which views and axes its rules leave free
// (UIKit's hasAmbiguousLayout), found once when the cell is compiled.
extension ConstraintCell {
    /// A view and an axis on which the rules leave it free to move or resize.
    package struct Ambiguity: Sendable, Equatable {
        package enum Axis: String, Sendable { case horizontal, vertical }
        package var view: String
        package var axis: Axis
    }

    /// How weakly a free view's edges are pulled toward 0: far below the probe (1e-3), so only
    /// what the probe finds free moves.
    static let placementWeight = 1e-6

    /// The views (in order) an edge of which the rules leave free, per axis (UIKit's ambiguous
    /// layout): pushed by a probe weaker than every priority, the edge moves. Checked once, at
    /// compile time, with texts 100 and 10,000 pt wide in a 1,000 pt cell and 100 pt wide in a
    /// 320 pt one; each push is tried
    /// and undone (`ConstraintSolver.trial`), the tableau never copied. Stops at the first
    /// found with `firstOnly`, and when the work passes `budget` (`complete` false).
    func probeAmbiguities(budget: Int, firstOnly: Bool) throws(ConstraintCellError) -> (found: [Ambiguity], complete: Bool) {
        // At a realistic width, with texts that fit and texts too wide for it (where two
        // compression resistances may tie): at width 0 slack is squeezed out and hides it.
        var found: [Ambiguity] = []
        var work = 0
        // A wide cell with texts that fit, then too wide for it; then a phone's width (where
        // boxes wider than it tie). Without texts the first two are the same system: one.
        let passes: [(cell: Double, text: Double)] = textOrder.isEmpty ? [(1000, 100), (320, 100)] : [(1000, 100), (1000, 10_000), (320, 100)]
        for (cellWidth, textWidth) in passes {
            var sized = base
            try? sized.suggest([(fittingWidth, cellWidth)] + textVariables.compactMap { $0 }.flatMap { [($0.width, textWidth), ($0.height, 20)] })
            // Every edge where the solution stands; a push that moves one edge may move others
            // with it, at no cost: those are free too (one trial finds a whole free chain).
            let at = edges.map { [sized.value(of: $0.left), sized.value(of: $0.right), sized.value(of: $0.top), sized.value(of: $0.bottom)] }
            let parts = edges.map { (horizontal: sized.part(of: $0.left), vertical: sized.part(of: $0.top)) }
            var free = Set<Int>() // view index × 2 + (0 horizontal, 1 vertical)
            for k in views.indices { // (the content view too: its height may tie with the fitting pull)
                let e = edges[k]
                for (edge, axis) in [(e.left, 0), (e.right, 0), (e.top, 1), (e.bottom, 1)] {
                    guard !free.contains(2 * k + axis), !found.contains(Ambiguity(view: views[k].name, axis: axis == 0 ? .horizontal : .vertical)) else { continue }
                    // (Fixed by required equalities and costly moves alone: no push moves it.)
                    if sized.isFixedAtOptimum(edge, cost: 1e-3) { continue }
                    let part = sized.part(of: edge)
                    for push in [1000.0, -1000.0] {
                        let start = sized.work
                        let moved = try? sized.trial(on: edge, work: max(budget - work, 0)) { (s: inout ConstraintSolver) throws(ConstraintError) -> [Int] in
                            try s.addEditVariable(edge, priority: 1, weight: 1e-3)
                            try s.suggest(s.value(of: edge) + push, for: edge)
                            var moved: [Int] = []
                            // (Only this part can move: the others' variables read 0 here.)
                            for j in 0..<edges.count {
                                let f = edges[j]
                                if parts[j].horizontal == part, abs(s.value(of: f.left) - at[j][0]) > 1e-6 || abs(s.value(of: f.right) - at[j][1]) > 1e-6 { moved.append(2 * j) }
                                if parts[j].vertical == part, abs(s.value(of: f.top) - at[j][2]) > 1e-6 || abs(s.value(of: f.bottom) - at[j][3]) > 1e-6 { moved.append(2 * j + 1) }
                            }
                            return moved
                        }
                        work += sized.work - start
                        if work > budget { return (Self.ordered(found, free, views), false) }
                        guard let moved, !moved.isEmpty else { continue }
                        free.formUnion(moved)
                        if firstOnly { return (Self.ordered(found, free, views), true) }
                        if free.contains(2 * k + axis) { break } // (else the other push may move it)
                    }
                }
            }
            found = Self.ordered(found, free, views)
        }
        return (found, true)
    }

    /// `found` and the free view axes (`2 × view + axis`), each once, in view order.
    private static func ordered(_ found: [Ambiguity], _ free: Set<Int>, _ views: [View]) -> [Ambiguity] {
        var keys = Set(free)
        for a in found { keys.insert(2 * views.firstIndex { $0.name == a.view }! + (a.axis == .horizontal ? 0 : 1)) }
        return keys.sorted().map { Ambiguity(view: views[$0 / 2].name, axis: $0 % 2 == 0 ? .horizontal : .vertical) }
    }
}
