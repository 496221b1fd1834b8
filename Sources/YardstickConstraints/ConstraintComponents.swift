/// A system split into its independent parts, each solved by its own `ConstraintSolver`: the
/// parts share no variable, so the optimum of the whole is the optimum of each (the objective
/// is a sum over constraints). A cell's horizontal and vertical constraints are usually two
/// such parts (unless a rule such as an aspect ratio ties them): a suggestion then touches,
/// and pivots over, the rows of its own part only.
///
/// Built once from the whole system (O(constraints) to split, then each part's additions);
/// a suggestion and a read cost what they cost in the part that holds the variable.
package struct ConstraintComponents: Sendable {
    private var solvers: [ConstraintSolver] = []
    /// The part holding each variable, by variable id (-1: in no constraint).
    private var partOf: [Int] = []

    /// An empty system.
    package init() {}

    /// Splits `constraints` and `edits` (variables made editable at a priority) into parts and
    /// builds a solver for each, in constraint order.
    /// - Parameter sharing: another system split the same way whose parts are these, except the
    ///   part holding `except`: those parts are taken from it, not solved again.
    /// - Throws: `ConstraintError` as `ConstraintSolver.add` does (a conflict among required ones).
    /// - Parameter workLimit: the most work (`ConstraintSolver.work`) building each part may take
    ///   (`ConstraintError.tooMuchWork` past it); none once built.
    package init(constraints: [Constraint], edits: [(variable: Variable, priority: Double)],
                 sharing: (other: ConstraintComponents, except: Variable)? = nil, workLimit: Int = .max) throws(ConstraintError) {
        // Union-find over variable ids.
        var parent: [Int] = []
        func find(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        func grow(_ id: Int) { while parent.count <= id { parent.append(parent.count) } }
        for c in constraints {
            guard let first = c.expression.terms.first?.0.id else { continue }
            grow(first)
            for (v, _) in c.expression.terms {
                grow(v.id)
                let a = find(first), b = find(v.id)
                if a != b { parent[max(a, b)] = min(a, b) }
            }
        }
        for (v, _) in edits { grow(v.id) }
        // Parts numbered by their smallest variable id: the same split every time.
        var partOfRoot: [Int: Int] = [:]
        var used = [Bool](repeating: false, count: parent.count)
        for c in constraints { for (v, _) in c.expression.terms { used[v.id] = true } }
        for (v, _) in edits { used[v.id] = true }
        partOf = [Int](repeating: -1, count: parent.count)
        for id in parent.indices where used[id] {
            let root = find(id)
            if partOfRoot[root] == nil { partOfRoot[root] = partOfRoot.count }
            partOf[id] = partOfRoot[root]!
        }
        var fresh = ConstraintSolver()
        fresh.workLimit = workLimit
        solvers = Array(repeating: fresh, count: partOfRoot.count)
        var shared = [Bool](repeating: false, count: solvers.count)
        if let (other, except) = sharing, other.partOf == partOf, other.solvers.count == solvers.count {
            for k in solvers.indices where except.id >= partOf.count || partOf[except.id] != k {
                solvers[k] = other.solvers[k]
                shared[k] = true
            }
        }
        for c in constraints {
            guard let v = c.expression.terms.first?.0 else {
                // A constant constraint: satisfied or not, it touches no part.
                var alone = ConstraintSolver()
                try alone.add(c)
                continue
            }
            if !shared[partOf[v.id]] { try solvers[partOf[v.id]].add(c) }
        }
        for (v, priority) in edits where !shared[partOf[v.id]] { try solvers[partOf[v.id]].addEditVariable(v, priority: priority) }
        limitWork(to: nil)
    }

    /// Limits each part's further work to `extra` (`ConstraintError.tooMuchWork` past it), or
    /// lifts the limit (nil).
    package mutating func limitWork(to extra: Int?) {
        for k in solvers.indices { solvers[k].workLimit = extra.map { solvers[k].work + $0 } ?? .max }
    }

    /// Suggests values for edit variables, re-optimising each part touched once.
    package mutating func suggest(_ batch: [(Variable, Double)]) throws(ConstraintError) {
        var touched: UInt64 = 0 // the parts staged in, as bits (parts past 63 are always re-optimised)
        for (v, value) in batch {
            guard v.id >= 0, v.id < partOf.count, partOf[v.id] >= 0 else { throw .notEditable(v.name) }
            let part = partOf[v.id]
            try solvers[part].stage(value, for: v)
            touched |= part < 64 ? 1 << UInt64(part) : 0
        }
        for k in solvers.indices where k >= 64 || touched & (1 << UInt64(k)) != 0 { try solvers[k].reoptimize() }
    }

    /// Starts recording in every part (`ConstraintSolver.checkpoint`).
    package mutating func checkpoint() {
        for k in solvers.indices { solvers[k].checkpoint() }
    }

    /// Returns every part to its last checkpoint.
    package mutating func rollback() {
        for k in solvers.indices { solvers[k].rollback() }
    }

    /// The variable's value in the current solution (0 for one in no constraint).
    package func value(of variable: Variable) -> Double {
        guard variable.id >= 0, variable.id < partOf.count, partOf[variable.id] >= 0 else { return 0 }
        return solvers[partOf[variable.id]].value(of: variable)
    }

    /// How many independent parts the system has.
    package var partCount: Int { solvers.count }

    /// The part holding a variable (-1: none).
    package func part(of variable: Variable) -> Int {
        variable.id >= 0 && variable.id < partOf.count ? partOf[variable.id] : -1
    }

    /// Adds constraints to the parts holding them (each part's together, in order). Each must
    /// stay within one part: the part of its first variable, which new variables join.
    package mutating func add(_ constraints: [Constraint]) throws(ConstraintError) {
        var byPart = [[Constraint]](repeating: [], count: solvers.count)
        for c in constraints {
            guard let v = c.expression.terms.first?.0, part(of: v) >= 0 else { continue }
            for (other, _) in c.expression.terms where part(of: other) < 0 {
                if other.id >= partOf.count { partOf += repeatElement(-1, count: other.id + 1 - partOf.count) }
                partOf[other.id] = partOf[v.id]
            }
            byPart[partOf[v.id]].append(c)
        }
        for k in solvers.indices where !byPart[k].isEmpty { try solvers[k].add(byPart[k]) }
    }

    /// Makes a variable of a part editable (`ConstraintSolver.addEditVariable`).
    package mutating func addEditVariable(_ variable: Variable, priority: Double) throws(ConstraintError) {
        let k = part(of: variable)
        guard k >= 0 else { throw .notEditable(variable.name) }
        try solvers[k].addEditVariable(variable, priority: priority)
    }

    /// `ConstraintSolver.trial` in the part holding `variable`, its work limited to `work` more.
    package mutating func trial<T>(on variable: Variable, work: Int, _ body: (inout ConstraintSolver) throws(ConstraintError) -> T) throws(ConstraintError) -> T {
        let k = part(of: variable)
        guard k >= 0 else { throw .notEditable(variable.name) }
        solvers[k].workLimit = solvers[k].work + work
        return try solvers[k].trial(body)
    }

    /// `ConstraintSolver.isFixedAtOptimum` in the part holding `variable` (false for none).
    package func isFixedAtOptimum(_ variable: Variable, cost: Double) -> Bool {
        let k = part(of: variable)
        return k >= 0 && solvers[k].isFixedAtOptimum(variable, cost: cost)
    }

    /// The work of every part so far (`ConstraintSolver.work`).
    package var work: Int { solvers.reduce(0) { $0 + $1.work } }
}
