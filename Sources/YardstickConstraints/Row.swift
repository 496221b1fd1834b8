/// A symbol of the tableau: a user variable (`external`), or one the solver adds: a slack of
/// an inequality, an error of a non-required constraint, a dummy marking a required equality.
struct Symbol: Hashable, Comparable, Sendable {
    enum Kind: UInt8, Sendable { case external, slack, error, dummy }
    let id: Int
    let kind: Kind

    static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }
    /// Slack and error symbols may enter the basis; external ones may not leave it to them.
    var isPivotable: Bool { kind == .slack || kind == .error }
}

/// One row of the simplex tableau: `basic = constant + Σ coefficient × symbol`, its cells
/// sorted by symbol id (rows are short, and a fixed order makes every choice deterministic).
struct Row: Sendable {
    var constant: Double
    private(set) var cells: [(symbol: Symbol, coefficient: Double)] = []

    init(constant: Double = 0) { self.constant = constant }

    static let epsilon = 1e-8

    func coefficient(of symbol: Symbol) -> Double {
        guard let k = index(of: symbol) else { return 0 }
        return cells[k].coefficient
    }

    private func index(of symbol: Symbol) -> Int? {
        if cells.count <= 16 { // rows are short: a scan beats a search's mispredicted branches
            for k in cells.indices {
                let id = cells[k].symbol.id
                if id >= symbol.id { return id == symbol.id ? k : nil }
            }
            return nil
        }
        var lo = 0, hi = cells.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if cells[mid].symbol.id < symbol.id { lo = mid + 1 } else { hi = mid }
        }
        return lo < cells.count && cells[lo].symbol.id == symbol.id ? lo : nil
    }

    /// Adds `coefficient × symbol`, dropping the cell when it cancels out.
    mutating func add(_ symbol: Symbol, _ coefficient: Double) {
        var lo = 0, hi = cells.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if cells[mid].symbol.id < symbol.id { lo = mid + 1 } else { hi = mid }
        }
        if lo < cells.count && cells[lo].symbol.id == symbol.id {
            let c = cells[lo].coefficient + coefficient
            if abs(c) < Row.epsilon { cells.remove(at: lo) } else { cells[lo].coefficient = c }
        } else if abs(coefficient) >= Row.epsilon {
            cells.insert((symbol, coefficient), at: lo)
        }
    }

    /// Adds `coefficient × other`: one merge of the two sorted rows, O(n + m).
    mutating func add(_ other: Row, times coefficient: Double) {
        constant += other.constant * coefficient
        if other.cells.count == 1 { // the common case of a substitution: one add in place
            add(other.cells[0].symbol, other.cells[0].coefficient * coefficient)
            return
        }
        var merged: [(symbol: Symbol, coefficient: Double)] = []
        merged.reserveCapacity(cells.count + other.cells.count)
        var i = 0, j = 0
        while i < cells.count || j < other.cells.count {
            if j == other.cells.count || (i < cells.count && cells[i].symbol.id < other.cells[j].symbol.id) {
                merged.append(cells[i])
                i += 1
            } else if i == cells.count || other.cells[j].symbol.id < cells[i].symbol.id {
                let c = other.cells[j].coefficient * coefficient
                if abs(c) >= Row.epsilon { merged.append((other.cells[j].symbol, c)) }
                j += 1
            } else {
                let c = cells[i].coefficient + other.cells[j].coefficient * coefficient
                if abs(c) >= Row.epsilon { merged.append((cells[i].symbol, c)) }
                i += 1
                j += 1
            }
        }
        cells = merged
    }

    mutating func remove(_ symbol: Symbol) {
        if let k = index(of: symbol) { cells.remove(at: k) }
    }

    mutating func negate() {
        constant = -constant
        for k in cells.indices { cells[k].coefficient = -cells[k].coefficient }
    }

    /// Rewrites `0 = constant + … + c × symbol + …` as `symbol = …` (the symbol leaves the row).
    mutating func solve(for symbol: Symbol) {
        guard let k = index(of: symbol) else { return }
        let scale = -1 / cells[k].coefficient
        cells.remove(at: k)
        constant *= scale
        for j in cells.indices { cells[j].coefficient *= scale }
    }

    /// For a row `lhs = …` holding `rhs`: the row of `rhs`, with `lhs` moved in.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        add(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by the expression `row` it equals.
    mutating func substitute(_ symbol: Symbol, by row: Row) {
        guard let k = index(of: symbol) else { return }
        let c = cells[k].coefficient
        cells.remove(at: k)
        add(row, times: c)
    }
}
