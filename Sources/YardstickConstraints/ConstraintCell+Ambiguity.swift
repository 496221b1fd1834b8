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
    /// compile time, with texts 100 and 10,000 pt wide in a 1,000 pt cell, 100 pt wide in a
    /// 320 pt one and in a `roomy` one. Each push is tried and undone (`ConstraintSolver.trial`),
    /// the tableau never copied. Stops at the first found with `firstOnly`, and when the work
    /// passes `budget` (`complete` false).
    func probeAmbiguities(budget: Int, firstOnly: Bool, roomy: Double) throws(ConstraintCellError) -> (found: [Ambiguity], complete: Bool) {
        var found: [Ambiguity] = []
        var work = 0
        // At a realistic width, with texts that fit and texts too wide for it (where two
        // compression resistances may tie): at width 0 slack is squeezed out and hides it. Then
        // a phone's width (where boxes wider than it tie), and a width with room for every view
        // (where hugging ties). Without texts the first two are the same system: one.
        var passes: [(cell: Double, text: Double)] = textOrder.isEmpty ? [(1000, 100), (320, 100)] : [(1000, 100), (1000, 10_000), (320, 100)]
        if roomy > 1000, roomy.isFinite { passes.append((roomy, 100)) }
        for (cellWidth, textWidth) in passes {
            var sized = base
            try? sized.suggest([(fittingWidth, cellWidth)] + textVariables.compactMap { $0 }.flatMap { [($0.width, textWidth), ($0.height, 20)] })
            let at = edges.map { [sized.value(of: $0.left), sized.value(of: $0.right), sized.value(of: $0.top), sized.value(of: $0.bottom)] }
            let parts = edges.map { (horizontal: sized.part(of: $0.left), vertical: sized.part(of: $0.top)) }
            var free = Set(found.map { 2 * index[$0.view]! + ($0.axis == .horizontal ? 0 : 1) }) // view index × 2 + (0 horizontal, 1 vertical)
            /// The view axes that move when `pushed` edges (all in one part) are pushed `distance`
            /// together; nil past the budget. A push moving one edge may move others with it at
            /// no cost: those are free too (one trial finds a whole free chain).
            func push(_ pushed: [Variable], by distance: Double) -> [Int]? {
                let start = sized.work
                // (All together weaker than the weakest priority's weight, about 1.)
                let weight = min(1e-3, 0.25 / Double(pushed.count))
                let part = sized.part(of: pushed[0])
                let moved = try? sized.trial(on: pushed[0], work: max(budget - work, 0)) { (s: inout ConstraintSolver) throws(ConstraintError) -> [Int] in
                    try s.add(pushed.map { edge in
                        var c = Constraint(LinearExpression([(edge, 1)], constant: -(s.value(of: edge) + distance)),
                                           distance > 0 ? .greaterOrEqual : .lessOrEqual, priority: 1, label: "probe \(edge.name)")
                        c.weight = weight
                        return c
                    })
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
                return work > budget ? nil : moved ?? []
            }
            // Every edge the tableau does not show fixed (by required equalities and costly
            // moves alone), of the content view too (its height may tie with the fitting pull).
            var candidates: [(key: Int, edge: Variable)] = []
            for k in views.indices {
                let e = edges[k]
                for (edge, axis) in [(e.left, 0), (e.right, 0), (e.top, 1), (e.bottom, 1)] where !free.contains(2 * k + axis) {
                    if !sized.isFixedAtOptimum(edge, cost: 1e-3) { candidates.append((2 * k + axis, edge)) }
                }
            }
            // A part's edges pushed all together, up and then down, while that moves some: most
            // free edges are found so, in a few trials. Then each edge left alone, up and down:
            // a batch misses an edge that moves only as another moves back.
            var byPart: [Int: [(key: Int, edge: Variable)]] = [:]
            for c in candidates { byPart[sized.part(of: c.edge), default: []].append(c) }
            for part in byPart.keys.sorted() {
                for distance in [1000.0, -1000.0] {
                    while true {
                        let pending = byPart[part]!.filter { !free.contains($0.key) }.map(\.edge)
                        guard !pending.isEmpty else { break }
                        guard let moved = push(pending, by: distance) else { return (Self.ordered(free, views), false) }
                        let before = free.count
                        free.formUnion(moved)
                        if firstOnly && !free.isEmpty { return (Self.ordered(free, views), true) }
                        if free.count == before { break }
                    }
                }
            }
            for c in candidates where !free.contains(c.key) {
                for distance in [1000.0, -1000.0] where !free.contains(c.key) {
                    guard let moved = push([c.edge], by: distance) else { return (Self.ordered(free, views), false) }
                    free.formUnion(moved)
                    if firstOnly && !free.isEmpty { return (Self.ordered(free, views), true) }
                }
            }
            found = Self.ordered(free, views)
        }
        return (found, true)
    }

    /// The free labels tied for the same space, in groups of two or more (in view order): with
    /// every label far too wide for a 1,000 pt cell, a label's width pushed wider (and undone)
    /// narrows the others of its group. O(labels) trials, once, at compile time.
    func tiedGroups(_ shares: [(view: Int, share: Variable)]) -> [[(view: Int, share: Variable)]] {
        guard shares.count >= 2 else { return [] }
        var sized = base
        try? sized.suggest([(fittingWidth, 1000)] + textVariables.compactMap { $0 }.flatMap { [($0.width, 10_000), ($0.height, 20)] })
        func width(_ k: Int, _ s: ConstraintSolver) -> Double { s.value(of: edges[k].right) - s.value(of: edges[k].left) }
        var group = Array(shares.indices) // union-find over `shares`
        func find(_ x: Int) -> Int { var x = x; while group[x] != x { x = group[x] }; return x }
        for (i, (k, _)) in shares.enumerated() {
            let narrowed = try? sized.trial(on: edges[k].left, work: Self.probeBudget) { (s: inout ConstraintSolver) throws(ConstraintError) -> [Int] in
                let before = shares.map { width($0.view, s) }
                var push = Constraint(LinearExpression([(edges[k].right, 1), (edges[k].left, -1)], constant: -(before[i] + 1)), .greaterOrEqual, priority: 1, label: "probe")
                push.weight = 1e-3
                try s.add(push)
                return shares.indices.filter { $0 != i && width(shares[$0].view, s) < before[$0] - 1e-6 }
            }
            for j in narrowed ?? [] { let (a, b) = (find(i), find(j)); if a != b { group[max(a, b)] = min(a, b) } }
        }
        var groups: [Int: [(view: Int, share: Variable)]] = [:]
        for i in shares.indices { groups[find(i), default: []].append(shares[i]) }
        return groups.keys.sorted().compactMap { groups[$0]!.count >= 2 ? groups[$0]! : nil }
    }

    /// Suggests each tied group's shares: where its labels are squeezed (the space they got,
    /// after a solve with no shares, is less than their natural widths), each label's share is
    /// the space in proportion to its natural width, so they wrap into about as many lines;
    /// else 0. `naturals` holds each text's natural width, as suggested. Returns the squeezed
    /// groups (by index) and their spaces.
    func shareTiedSpace(_ parts: inout ConstraintComponents, naturals: [(Variable, Double)]) throws(ConstraintError) -> [(group: Int, space: Double)] {
        var batch: [(Variable, Double)] = []
        var squeezed: [(group: Int, space: Double)] = []
        for (g, group) in shareGroups.enumerated() {
            let own = group.map { member in naturals.first { $0.0.id == textVariables[member.view]!.width.id }?.1 ?? 0 }
            let space = group.reduce(0.0) { $0 + parts.value(of: edges[$1.view].right) - parts.value(of: edges[$1.view].left) }
            let natural = own.reduce(0, +)
            if space < natural - 1e-9 { squeezed.append((g, space)) }
            for (i, member) in group.enumerated() { batch.append((member.share, space < natural - 1e-9 ? own[i] * space / natural : 0)) }
        }
        try parts.suggest(batch)
        return squeezed
    }

    /// For each squeezed group of two labels side by side, the split of its space whose taller
    /// label ends highest (the least height: each label's bottom only falls as it widens),
    /// found by bisection to 1/64 pt; of the splits as short, the one nearest the proportional
    /// split, or an end of them where both labels end higher (about 90 measures in all);
    /// suggested as the shares. Returns the shares it replaced
    /// (empty: none changed).
    func balanceTiedPairs(_ parts: inout ConstraintComponents, _ squeezed: [(group: Int, space: Double)],
                          measure: (Int, Double) -> TextSize) throws(ConstraintError) -> [(Variable, Double)] {
        var batch: [(Variable, Double)] = [], replaced: [(Variable, Double)] = []
        for (g, space) in squeezed where shareGroups[g].count == 2 {
            let (a, b) = (shareGroups[g][0], shareGroups[g][1])
            let (topA, topB) = (parts.value(of: edges[a.view].top), parts.value(of: edges[b.view].top))
            let widthA = parts.value(of: edges[a.view].right) - parts.value(of: edges[a.view].left)
            let steps = Int((space * 64).rounded(.down))
            // Each label's bottom at a step of a's width (each measured only where it is read).
            func bottomA(_ i: Int) -> Double { topA + measure(a.view, min(space, Double(i) / 64)).height }
            func bottomB(_ i: Int) -> Double { topB + measure(b.view, space - min(space, Double(i) / 64)).height }
            // The first step where a's bottom is no lower than b's: a's falls, b's rises.
            var (lo, hi) = (0, steps)
            while lo < hi {
                let mid = (lo + hi) / 2
                if bottomA(mid) <= bottomB(mid) { hi = mid } else { lo = mid + 1 }
            }
            var best = lo
            var least = max(bottomA(lo), bottomB(lo))
            if lo > 0 {
                let before = bottomA(lo - 1)
                if before < least { (best, least) = (lo - 1, max(before, bottomB(lo - 1))) }
            }
            // Of the splits as short as that, the one nearest the proportional split (at one
            // end, a label could be squeezed to a letter a line for nothing).
            var (low, high) = (0, best) // the first step where a's bottom is within `least`
            while low < high { let mid = (low + high) / 2; if bottomA(mid) <= least { high = mid } else { low = mid + 1 } }
            var (lo2, hi2) = (best, steps) // the last step where b's bottom stays within `least`
            while lo2 < hi2 { let mid = (lo2 + hi2 + 1) / 2; if bottomB(mid) <= least { lo2 = mid } else { hi2 = mid - 1 } }
            // Of those, the proportional split (clamped into them) unless an end of them leaves
            // the other label shorter, its bottoms' sum lower ("short" whole beside a long text,
            // not "sh/or/t").
            func sum(_ w: Double) -> Double { topA + measure(a.view, w).height + topB + measure(b.view, space - w).height }
            var w = min(max(widthA, min(space, Double(low) / 64)), min(space, Double(lo2) / 64))
            var lowest = sum(w)
            for end in [min(space, Double(low) / 64), min(space, Double(lo2) / 64)] {
                let total = sum(end)
                if total < lowest - 1e-9 { (w, lowest) = (end, total) }
            }
            guard abs(w - widthA) > 1e-9 else { continue }
            batch += [(a.share, w), (b.share, space - w)]
            replaced += [(a.share, widthA), (b.share, space - widthA)]
        }
        for (g, space) in squeezed where shareGroups[g].count > 2 {
            let group = shareGroups[g]
            let widths = group.map { parts.value(of: edges[$0.view].right) - parts.value(of: edges[$0.view].left) }
            guard let least = leastLevel(group, widths: widths, space: space, tops: group.map { parts.value(of: edges[$0.view].top) }, measure: measure) else { continue }
            for (k, member) in group.enumerated() where abs(least[k] - widths[k]) > 1e-9 {
                batch.append((member.share, least[k]))
                replaced.append((member.share, widths[k]))
            }
        }
        guard !batch.isEmpty else { return [] }
        try parts.suggest(batch)
        return replaced
    }

    /// For a group of three or more labels sharing `space`: the widths of the least height. The
    /// tallest bottom `level` is lowered while the labels can all end above the next level down
    /// (each label's least width for it, by bisection to 1/64 pt, fits within `space` in sum);
    /// the space left over goes in proportion to `widths`. Nil when the level does not fall.
    /// About 2 × labels × 15 measures a level.
    func leastLevel(_ group: [(view: Int, share: Variable)], widths: [Double], space: Double, tops: [Double],
                    measure: (Int, Double) -> TextSize) -> [Double]? {
        func bottom(_ k: Int, _ w: Double) -> Double { tops[k] + measure(group[k].view, w).height }
        /// The least width (on the 1/64 grid, or `space`) at which label `k` ends at `level` or above.
        func leastWidth(_ k: Int, within level: Double) -> Double? {
            let steps = Int((space * 64).rounded(.down))
            guard bottom(k, space) <= level + 1e-9 else { return nil }
            var (lo, hi) = (0, steps)
            while lo < hi { let mid = (lo + hi) / 2; if bottom(k, Double(mid) / 64) <= level + 1e-9 { hi = mid } else { lo = mid + 1 } }
            return lo == steps ? space : Double(lo) / 64
        }
        var level = group.indices.map { bottom($0, widths[$0]) }.max()!
        var best: [Double]? = nil
        for _ in 0..<64 { // (a level a line: a few at most; bounded all the same)
            // The next level down: each label's highest bottom below this level.
            var next = -Double.infinity
            for k in group.indices {
                guard let w = leastWidth(k, within: level - 1e-6) else { return finish() }
                next = max(next, bottom(k, w))
            }
            var least: [Double] = []
            for k in group.indices {
                guard let w = leastWidth(k, within: next) else { return finish() }
                least.append(w)
            }
            guard least.reduce(0, +) <= space + 1e-9 else { return finish() }
            (level, best) = (next, least)
        }
        return finish()
        func finish() -> [Double]? {
            guard let best else { return nil }
            let extra = space - best.reduce(0, +), total = widths.reduce(0, +)
            return best.indices.map { best[$0] + (total > 0 ? extra * widths[$0] / total : extra / Double(best.count)) }
        }
    }

    /// The free view axes (`2 × view + axis`), in view order.
    private static func ordered(_ free: Set<Int>, _ views: [View]) -> [Ambiguity] {
        free.sorted().map { Ambiguity(view: views[$0 / 2].name, axis: $0 % 2 == 0 ? .horizontal : .vertical) }
    }
}
