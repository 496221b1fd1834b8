/// An unknown of a constraint system: a view's edge, width or baseline. Identified by `id`,
/// which the caller keeps unique within one solver; `name` is for error messages.
package struct Variable: Hashable, Sendable, CustomStringConvertible {
    package let id: Int
    package let name: String

    package init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    package static func == (a: Variable, b: Variable) -> Bool { a.id == b.id }
    package func hash(into hasher: inout Hasher) { hasher.combine(id) }
    package var description: String { name }
}

/// A linear expression: Σ coefficient × variable + constant. Terms keep the order they were
/// added in (so solving is deterministic); a variable added twice has its coefficients summed.
package struct LinearExpression: Sendable {
    package private(set) var terms: [(variable: Variable, coefficient: Double)] = []
    package var constant: Double

    package init(_ terms: [(Variable, Double)] = [], constant: Double = 0) {
        self.constant = constant
        for (v, c) in terms { add(v, c) }
    }

    package init(_ variable: Variable) { self.init([(variable, 1)]) }

    package mutating func add(_ variable: Variable, _ coefficient: Double) {
        if let k = terms.firstIndex(where: { $0.variable == variable }) {
            terms[k].coefficient += coefficient
        } else {
            terms.append((variable, coefficient))
        }
    }

    /// `self - other`.
    package func minus(_ other: LinearExpression) -> LinearExpression {
        var e = self
        e.constant -= other.constant
        for (v, c) in other.terms { e.add(v, -c) }
        return e
    }
}
