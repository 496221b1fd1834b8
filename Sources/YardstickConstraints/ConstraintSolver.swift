/// An incremental Cassowary solver (Badros, Borning and Stuckey 2001), the algorithm of Apple's
/// Auto Layout: a simplex tableau of required and weighted constraints, kept optimal as
/// constraints are added, and re-optimised by the dual simplex when an edit variable (a text's
/// intrinsic size, a cell's width) is given a new value.
///
/// Build once per cell template: add its constraints and edit variables; then per row,
/// `suggest` the row's sizes and read the solved values. Deterministic: every choice goes in
/// symbol order. Costs: adding a constraint O(rows × row length) plus pivots; a suggestion
/// O(rows touched) plus the dual pivots it needs. Not thread-safe; a value (copies share nothing).
package struct ConstraintSolver: Sendable {
    /// The row of each basic symbol, by symbol id (nil: not basic), and the basic symbols in id order.
    private var rows = RowTable()
    private var basics: [Symbol] = []
    private var objective = Row()
    private var artificial: Row?
    private var infeasible: [Symbol] = []
    /// Each variable's symbol, by variable id (ids are small and dense: an index, not a hash).
    private var symbolOf: [Symbol?] = []
    private var variables: [Variable] = []
    /// Each constraint's marker and second error, by handle (no constraint kept: a copy of the
    /// solver copies these as plain values).
    private var markers: [(marker: Symbol, other: Symbol?)] = []
    /// Set within `trial`, which undoes everything itself.
    private var inTrial = false
    /// Each edit variable's constraint and markers, by variable id (fixed once made editable),
    /// and its suggested value apart (the one thing a row changes: copied with the solver, it
    /// costs a few doubles, not a table).
    private var edits: [(constraint: Int, marker: Symbol, other: Symbol?)?] = []
    private var editValues: [Double] = []
    private var nextSymbol = 0
    /// Set when a suggestion failed midway (see `suggest`).
    private var broken = false
    private var nextConstraint = 0
    /// What `rollback` restores besides the rows (set by `checkpoint`).
    private var saved: (basics: [Symbol], objective: Row, editValues: [Double], broken: Bool, version: Int)?
    /// The tableau's coefficients as of a version: a new number at every pivot or addition,
    /// never reused (`nextVersion` is not rolled back); `rollback` returns to the
    /// checkpoint's, whose tableau it restores exactly.
    private var version = 0
    private var nextVersion = 1
    /// Per edit variable (by id): the rows holding its marker and their coefficients, as of a
    /// version. Every row starts from the same checkpoint, so the column found once serves
    /// every later row's first suggestion (instead of a scan of every row).
    private var columns: [(version: Int, cells: [(basic: Symbol, coefficient: Double)])?] = []

    package init() {}

    // MARK: - Constraints

    /// Adds a constraint; returns its handle.
    /// - Throws: `ConstraintError.unsatisfiable` naming it when it is required and conflicts
    ///   with the required constraints already added (the solver is then unchanged).
    @discardableResult
    package mutating func add(_ constraint: Constraint) throws(ConstraintError) -> Int {
        try add([constraint])[0]
    }

    /// Adds constraints together, all or none, optimising once at the end (not after each:
    /// the weighted constraints of a big cell would pivot at every addition). The same optimum
    /// as adding them one by one.
    /// - Throws: as `add`, naming the first required constraint in conflict (nothing is added).
    @discardableResult
    package mutating func add(_ constraints: [Constraint]) throws(ConstraintError) -> [Int] {
        guard !broken else { throw .broken }
        // Undone on failure from a journal of the rows it writes and the small state (not a
        // copy of the solver: that would make building n constraints O(n²)). Within an open
        // checkpoint (which journals the rows itself), from a copy.
        // Within a trial, a failure only stops the trial (it undoes everything).
        func addAll(_ solver: inout ConstraintSolver) throws(ConstraintError) -> [Int] {
            var handles: [Int] = []
            for c in constraints { handles.append(try solver.addUnguarded(c)) }
            try solver.optimize(objective: true)
            return handles
        }
        if inTrial {
            do { return try addAll(&self) } catch { broken = true; throw error }
        }
        guard !rows.isRecording else {
            let saved = self
            do { return try addAll(&self) } catch { self = saved; throw error }
        }
        let undo = (basics: basics, objective: objective, infeasible: infeasible, symbols: symbolOf.count, variables: variables.count,
                    nextSymbol: nextSymbol, version: version, work: work)
        let (markerCount, constraintCount) = (markers.count, nextConstraint)
        rows.startRecording()
        do {
            let handles = try addAll(&self)
            rows.stopRecording()
            return handles
        } catch {
            markers.removeSubrange(markerCount...)
            nextConstraint = constraintCount
            rows.rollback()
            for v in variables[undo.variables...] where v.id < symbolOf.count { symbolOf[v.id] = nil }
            variables.removeSubrange(undo.variables...)
            if symbolOf.count > undo.symbols { symbolOf.removeSubrange(undo.symbols...) }
            (basics, objective, infeasible, nextSymbol) = (undo.basics, undo.objective, undo.infeasible, undo.nextSymbol)
            (version, work) = (undo.version, undo.work) // (nextVersion is never reused)
            artificial = nil
            throw error
        }
    }

    /// `add` without its undo or its optimisation.
    private mutating func addUnguarded(_ constraint: Constraint) throws(ConstraintError) -> Int {
        version = nextVersion
        nextVersion += 1
        let fresh = nextSymbol // (symbols from here on are new: no row holds them)
        var (row, marker, other) = makeRow(constraint)
        var subject = chooseSubject(row, marker, other)
        if subject == nil && row.cells.allSatisfy({ $0.symbol.kind == .dummy }) {
            guard abs(row.constant) < Row.epsilon else { throw .unsatisfiable(constraint.description) }
            subject = marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, by: row, inRows: subject.id < fresh)
            insertRow(subject, row)
        } else if !addWithArtificialVariable(row) {
            throw .unsatisfiable(constraint.description)
        }
        let handle = nextConstraint
        nextConstraint += 1
        markers.append((marker, other))
        return handle
    }

    /// The value of each variable in the current solution (0 for one no constraint mentions).
    package func value(of variable: Variable) -> Double {
        // (After a failed suggestion the values are not a solution: see `suggest`.)
        guard variable.id < symbolOf.count, let symbol = symbolOf[variable.id] else { return 0 }
        return rows[symbol]?.constant ?? 0
    }

    /// Whether `variable` has one value over every optimal solution, as the tableau shows it:
    /// it is basic, and each symbol of its row is a dummy (a required equality) or a slack or
    /// error that costs more than `cost` a unit to move (every optimal solution keeps those at
    /// 0). False says nothing (a probe must tell). O(row length).
    package func isFixedAtOptimum(_ variable: Variable, cost: Double) -> Bool {
        guard variable.id < symbolOf.count, let symbol = symbolOf[variable.id], let row = rows[symbol] else { return false }
        for cell in row.cells {
            switch cell.symbol.kind {
            case .dummy: continue
            case .external: return false
            case .slack, .error: if objective.coefficient(of: cell.symbol) <= cost { return false }
            }
        }
        return true
    }

    // MARK: - Edit variables

    /// Makes `variable` editable at `priority` (below required): `suggest` then moves it. A
    /// `weight` replaces the priority's (a probe weaker than every priority).
    package mutating func addEditVariable(_ variable: Variable, priority: Double, weight: Double? = nil) throws(ConstraintError) {
        precondition(variable.id >= 0, "variable ids are indices from 0")
        if variable.id < edits.count, edits[variable.id] != nil { return }
        guard priority < Constraint.required else { throw .requiredEdit(variable.name) }
        var edit = Constraint(LinearExpression(variable), .equal, priority: priority, label: "edit \(variable.name)")
        if let weight { edit.weight = weight }
        let handle = try add(edit)
        let tag = markers[handle]
        if variable.id >= edits.count {
            edits += repeatElement(nil, count: variable.id + 1 - edits.count)
            editValues += repeatElement(0, count: variable.id + 1 - editValues.count)
        }
        edits[variable.id] = (handle, tag.marker, tag.other)
        editValues[variable.id] = 0
    }

    /// Suggests a value for an edit variable and re-optimises (the dual simplex from the last
    /// solution: typically a few pivots). O(rows touched).
    /// After an error the tableau may be half pivoted: the solver refuses every later call
    /// (`ConstraintError.broken`) rather than answer wrongly. (Not restored from a copy: the
    /// copy would cost a copy of the tableau per suggestion, five times the suggestion itself.)
    package mutating func suggest(_ value: Double, for variable: Variable) throws(ConstraintError) {
        guard !broken else { throw .broken }
        do {
            try moveEdit(variable, to: value)
            try dualOptimize()
        } catch { broken = true; throw error }
    }

    /// Suggests values for several edit variables at once and re-optimises once: the same
    /// solution as suggesting them one by one (constants change, the objective does not, so
    /// the dual simplex restores every infeasible row together), with one pass of pivots.
    package mutating func suggest(_ suggestions: [(Variable, Double)]) throws(ConstraintError) {
        guard !broken else { throw .broken }
        do {
            for (variable, value) in suggestions { try moveEdit(variable, to: value) }
            try dualOptimize()
        } catch { broken = true; throw error }
    }

    /// The first half of a suggestion: moves the edit variable's value without re-optimising
    /// (several may be staged; `reoptimize` then restores the solution once).
    package mutating func stage(_ value: Double, for variable: Variable) throws(ConstraintError) {
        guard !broken else { throw .broken }
        do { try moveEdit(variable, to: value) } catch { broken = true; throw error }
    }

    /// The second half: the dual simplex over every row the staged suggestions left infeasible.
    package mutating func reoptimize() throws(ConstraintError) {
        guard !broken else { throw .broken }
        do { try dualOptimize() } catch { broken = true; throw error }
    }

    /// Starts recording changes, so `rollback` can return to this state: a row fitted from
    /// the compiled solver and then undone costs the rows it changed, not a copy of the
    /// tableau. Only suggestions may follow (not `add`).
    package mutating func checkpoint() {
        rows.startRecording()
        saved = (basics, objective, editValues, broken, version)
    }

    /// Returns to the state of the last `checkpoint` (nothing if none is open): exactly the
    /// same rows, so what follows does not depend on what was suggested since.
    package mutating func rollback() {
        guard let s = saved else { return }
        rows.rollback()
        (basics, objective, editValues, broken, version) = s
        infeasible.removeAll(keepingCapacity: true)
        saved = nil
    }

    /// Runs `body` on the solver, then undoes all it did (constraints and edit variables
    /// added, suggestions): the rows from a journal of those written, the rest from a copy of
    /// the small state. A probe tries a change this way without copying the tableau: O(rows
    /// the change writes). A failure inside only ends `body` (the solver is `broken` until the
    /// undo). Not within an open checkpoint.
    package mutating func trial<T>(_ body: (inout ConstraintSolver) throws(ConstraintError) -> T) throws(ConstraintError) -> T {
        precondition(!rows.isRecording && !inTrial, "a trial within a checkpoint or a trial")
        let small = (basics: basics, objective: objective, infeasible: infeasible, symbols: symbolOf.count, variables: variables.count,
                     nextSymbol: nextSymbol, version: version, edits: edits, editValues: editValues, markers: markers.count,
                     nextConstraint: nextConstraint, broken: broken)
        rows.startRecording()
        inTrial = true
        defer {
            rows.rollback()
            for v in variables[small.variables...] where v.id < symbolOf.count { symbolOf[v.id] = nil }
            variables.removeSubrange(small.variables...)
            if symbolOf.count > small.symbols { symbolOf.removeSubrange(small.symbols...) }
            (basics, objective, infeasible, nextSymbol, version) = (small.basics, small.objective, small.infeasible, small.nextSymbol, small.version)
            (edits, editValues, nextConstraint, broken) = (small.edits, small.editValues, small.nextConstraint, small.broken)
            markers.removeSubrange(small.markers...)
            artificial = nil
            inTrial = false
        }
        return try body(&self)
    }

    /// How far from 0 a value may be and still be read as 0 where rounding accumulates over
    /// pivots (an artificial objective reaching 0, a row's constant): far above the 1e-8 of
    /// single coefficients, far below a point.
    static let tolerance = 1e-6

    /// The most pivots one optimisation may take: simplex pivots grow with the rows, and a
    /// cycle (possible among degenerate rows) must end as an error, never a hang.
    private var pivotLimit: Int { 50 * (basics.count + 20) }

    /// The tableau cells rewritten so far by this solver and the copies it was made from: a
    /// deterministic measure of work (bounded where time must be, as the ambiguity probe's).
    package private(set) var work = 0
    /// Past this much `work`, an optimisation stops with `ConstraintError.tooMuchWork`.
    package var workLimit = Int.max

    /// Moves an edit variable's constant, noting the rows it leaves infeasible.
    private mutating func moveEdit(_ variable: Variable, to value: Double) throws(ConstraintError) {
        guard variable.id >= 0, variable.id < edits.count, let edit = edits[variable.id] else { throw .notEditable(variable.name) }
        let delta = value - editValues[variable.id]
        guard delta != 0 else { return }
        editValues[variable.id] = value
        if rows[edit.marker] != nil {
            if rows.shiftConstant(of: edit.marker, by: -delta) < 0 { infeasible.append(edit.marker) }
        } else if let other = edit.other, rows[other] != nil {
            if rows.shiftConstant(of: other, by: delta) < 0 { infeasible.append(other) }
        } else {
            if variable.id < columns.count, let column = columns[variable.id], column.version == version {
                rows.shift(by: delta, along: column.cells, infeasible: &infeasible)
            } else {
                let cells = rows.shift(by: delta, timesCoefficientOf: edit.marker, in: basics, infeasible: &infeasible)
                if variable.id >= columns.count { columns += repeatElement(nil, count: variable.id + 1 - columns.count) }
                columns[variable.id] = (version, cells)
            }
        }
    }

    // MARK: - Tableau

    private mutating func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        defer { nextSymbol += 1 }
        return Symbol(id: nextSymbol, kind: kind)
    }

    private mutating func symbol(for variable: Variable) -> Symbol {
        precondition(variable.id >= 0, "variable ids are indices from 0")
        if variable.id < symbolOf.count, let s = symbolOf[variable.id] { return s }
        let s = newSymbol(.external)
        if variable.id >= symbolOf.count { symbolOf += repeatElement(nil, count: variable.id + 1 - symbolOf.count) }
        symbolOf[variable.id] = s
        variables.append(variable)
        return s
    }

    /// The constraint as a tableau row in terms of the non-basic symbols, with its marker (the
    /// slack, error or dummy symbol that tracks it) and, for weighted equalities, a second error.
    private mutating func makeRow(_ constraint: Constraint) -> (Row, Symbol, Symbol?) {
        var row = Row(constant: constraint.expression.constant)
        for (variable, coefficient) in constraint.expression.terms where abs(coefficient) >= Row.epsilon {
            let s = symbol(for: variable)
            if let basic = rows[s] { row.add(basic, times: coefficient) } else { row.add(s, coefficient) }
        }
        let marker: Symbol
        var other: Symbol? = nil
        switch constraint.relation {
        case .lessOrEqual, .greaterOrEqual:
            let sign: Double = constraint.relation == .lessOrEqual ? 1 : -1
            marker = newSymbol(.slack)
            row.add(marker, sign)
            if !constraint.isRequired {
                let error = newSymbol(.error)
                other = error
                row.add(error, -sign)
                objective.add(error, constraint.weight)
            }
        case .equal:
            if constraint.isRequired {
                marker = newSymbol(.dummy)
                row.add(marker, 1)
            } else {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                marker = plus
                other = minus
                row.add(plus, -1)
                row.add(minus, 1)
                objective.add(plus, constraint.weight)
                objective.add(minus, constraint.weight)
            }
        }
        if row.constant < 0 { row.negate() }
        return (row, marker, other)
    }

    /// The symbol the new row is solved for: a user variable if it has one, else its marker or
    /// second error when it can enter with a negative coefficient; nil if none can.
    private func chooseSubject(_ row: Row, _ marker: Symbol, _ other: Symbol?) -> Symbol? {
        if let external = row.cells.first(where: { $0.symbol.kind == .external }) { return external.symbol }
        if marker.isPivotable && row.coefficient(of: marker) < 0 { return marker }
        if let other, other.isPivotable && row.coefficient(of: other) < 0 { return other }
        return nil
    }

    /// Adds a row no symbol can be solved for, through an artificial variable minimised to 0;
    /// false when it cannot reach 0 (the constraint conflicts with the required ones).
    private mutating func addWithArtificialVariable(_ row: Row) -> Bool {
        let art = newSymbol(.slack)
        insertRow(art, row)
        artificial = row
        try? optimize(objective: false)
        let success = abs(artificial!.constant) < Self.tolerance
        artificial = nil
        if var basic = rows[art] {
            removeRow(art)
            if basic.cells.isEmpty { return success }
            // (The largest coefficient: pivoting on a rounding leftover such as 1e-8 would
            // multiply the tableau by 1e8, and then nothing is solved right.)
            var entering: Symbol?
            var largest = 0.0
            for cell in basic.cells where cell.symbol.isPivotable && abs(cell.coefficient) > largest { (entering, largest) = (cell.symbol, abs(cell.coefficient)) }
            guard let entering else { return false }
            basic.solve(for: art, entering)
            substitute(entering, by: basic)
            insertRow(entering, basic)
        }
        for symbol in basics { rows[symbol]!.remove(art) }
        objective.remove(art)
        return success
    }

    private mutating func insertRow(_ symbol: Symbol, _ row: Row) {
        if rows.set(row, for: symbol) == nil {
            var lo = 0, hi = basics.count
            while lo < hi { let mid = (lo + hi) / 2; if basics[mid] < symbol { lo = mid + 1 } else { hi = mid } }
            basics.insert(symbol, at: lo)
        }
    }

    private mutating func removeRow(_ symbol: Symbol) {
        guard rows.remove(symbol) != nil, let k = basics.firstIndex(of: symbol) else { return }
        basics.remove(at: k)
    }

    /// Replaces `symbol` in every row and the objective(s) by `row`; rows left with a negative
    /// constant are noted for the dual simplex.
    /// `inRows` false: no row holds `symbol` (new), only the objectives are rewritten.
    private mutating func substitute(_ symbol: Symbol, by row: Row, inRows: Bool = true) {
        version = nextVersion
        nextVersion += 1
        if inRows { work += rows.substitute(symbol, by: row, in: basics, infeasible: &infeasible) }
        objective.substitute(symbol, by: row)
        artificial?.substitute(symbol, by: row)
    }

    /// The primal simplex on the objective (or the artificial objective).
    private mutating func optimize(objective useObjective: Bool) throws(ConstraintError) {
        let limit = pivotLimit
        var pivots = 0
        while true {
            pivots += 1
            if pivots > limit || work > workLimit { break }
            let goal = useObjective ? objective : artificial!
            guard let entering = goal.cells.first(where: { $0.symbol.kind != .dummy && $0.coefficient < 0 })?.symbol else { return }
            var leaving: Symbol?
            var ratio = Double.infinity
            for symbol in basics where symbol.kind != .external {
                let c = rows[symbol]!.coefficient(of: entering)
                if c < 0 {
                    let r = -rows[symbol]!.constant / c
                    if r < ratio { ratio = r; leaving = symbol }
                }
            }
            guard let leaving else {
                // Every objective here is bounded below (by 0: weights are positive, errors and
                // slacks too), so a column nothing bounds has a reduced cost that is rounding
                // left over (-1e-8, after pivots on rules such as `a.width == 0.5 * b.width`):
                // it is 0. (Thrown as unbounded, it refused solvable cells.)
                if useObjective { objective.remove(entering) } else { artificial!.remove(entering) }
                continue
            }
            var row = rows[leaving]!
            removeRow(leaving)
            row.solve(for: leaving, entering)
            substitute(entering, by: row)
            insertRow(entering, row)
        }
        throw work > workLimit ? .tooMuchWork : .notConverging
    }

    /// The dual simplex: restores feasibility after suggestions, keeping optimality.
    private mutating func dualOptimize() throws(ConstraintError) {
        let limit = pivotLimit
        var pivots = 0
        while let leaving = infeasible.popLast() {
            // (A rounding leftover such as −1e-16 is feasible: pivoting on it could find no entering symbol.)
            guard let row = rows[leaving], row.constant < -Row.epsilon else { continue }
            pivots += 1
            if pivots > limit || work > workLimit { break }
            var entering: Symbol?
            var ratio = Double.infinity
            for cell in row.cells where cell.coefficient > 0 && cell.symbol.kind != .dummy {
                let r = objective.coefficient(of: cell.symbol) / cell.coefficient
                if r < ratio { ratio = r; entering = cell.symbol }
            }
            guard let entering else {
                if row.constant > -Self.tolerance { continue } // (rounding, as in `optimize`)
                throw .unbounded
            }
            var pivot = row
            removeRow(leaving)
            pivot.solve(for: leaving, entering)
            substitute(entering, by: pivot)
            insertRow(entering, pivot)
        }
        if work > workLimit { throw .tooMuchWork }
        if pivots > limit { throw .notConverging }
    }
}

/// Why constraints could not be solved.
package enum ConstraintError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A required constraint conflicts with the required ones before it (UIKit: "Unable to
    /// simultaneously satisfy constraints").
    case unsatisfiable(String)
    /// `suggest` on a variable not made editable.
    case notEditable(String)
    /// An edit variable asked to be required.
    case requiredEdit(String)
    /// The objective has no minimum (an internal error: weighted constraints are bounded below).
    case unbounded
    /// More pivots than any well-posed system of this size needs (`pivotLimit`): a cycle or a
    /// system too degenerate to solve; refused rather than run without end.
    case notConverging
    /// More work than `workLimit` allows.
    case tooMuchWork
    /// An earlier suggestion failed midway; the solver answers nothing more.
    case broken

    package var description: String {
        switch self {
        case .unsatisfiable(let c): return "unable to satisfy the required constraint \(c) together with the ones before it"
        case .notEditable(let v): return "\(v) is not an edit variable"
        case .requiredEdit(let v): return "an edit variable (\(v)) cannot be required"
        case .unbounded: return "the constraints leave the objective unbounded"
        case .tooMuchWork: return "more work than allowed"
        case .notConverging: return "the solver did not converge (more pivots than the system's size allows)"
        case .broken: return "an earlier suggestion failed: build the solver again"
        }
    }
}
