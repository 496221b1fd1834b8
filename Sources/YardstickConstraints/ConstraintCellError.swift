/// Why a constraint cell could not be compiled.
package enum ConstraintCellError: Error, Equatable, Sendable, CustomStringConvertible {
    case badRule(LayoutRuleError)
    case unknownView(String, rule: String)
    case duplicateView(String)
    /// A required rule conflicts with the required ones before it (UIKit logs "Unable to
    /// simultaneously satisfy constraints"): the rule and the fewest of those it conflicts
    /// with (none: it conflicts with the layout itself, such as a negative size).
    case unsatisfiable(String, conflicting: [String]?)
    /// The rules leave a view's position or size free on an axis (UIKit: ambiguous layout).
    case ambiguous(String, axis: String)
    /// A view name rules cannot refer to.
    case badViewName(String)
    /// A rule UIKit would refuse: a bad pairing of attributes, or numbers out of range.
    case invalidRule(String, String)
    /// Required rules fix the cell's width: at a cell `given` wide, it comes out `got` wide.
    case widthFixed(given: Double, got: Double)
    /// More views or rules than a cell may have.
    case tooLarge(String)
    /// The rules are too entangled for the ambiguity check within its budget of pivots.
    case tooEntangled(Int)
    /// Solving the rules took more work than a cell may (tableau cells rewritten): rounding in
    /// long chains of multipliers can make the simplex wander.
    case tooCostly(Int)
    /// A template element the constraint compiler does not handle yet.
    case unsupported(String)
    case internalConstraint(String)

    package var description: String {
        switch self {
        case .badRule(let e): return "bad rule \(e)"
        case .unknownView(let v, let rule): return "\"\(rule)\": no view named \"\(v)\""
        case .duplicateView(let v): return "two views named \"\(v)\" (\"super\" is the content view)"
        case .unsatisfiable(let rule, let others):
            guard let others else { return "unable to satisfy \"\(rule)\" together with the required rules before it" }
            if others.isEmpty {
                return "unable to satisfy \"\(rule)\" with the cell's own constraints (the content view at 0, no negative width or height) or with itself"
            }
            return "unable to satisfy \"\(rule)\" together with " + others.map { "\"\($0)\"" }.joined(separator: ", ")
        case .ambiguous(let v, let axis): return "the \(axis) position or size of \"\(v)\" is not determined by the rules (an ambiguous layout)"
        case .badViewName(let v): return "\"\(v)\" cannot be a view's name: use letters, digits and _, starting with a letter or _"
        case .unsupported(let what): return "not supported by constraints yet: \(what)"
        case .tooLarge(let what): return "a constraint cell may not have \(what)"
        case .invalidRule(let rule, let why): return "\"\(rule)\": \(why)"
        case .widthFixed(let given, let got):
            let w = (got * 1000).rounded() / 1000
            return "required rules fix the cell's width (given \(Int(given)) pt, it comes out \(w) pt); the table's width is required, as UIKit's encapsulated width"
        case .tooEntangled(let budget):
            return "the rules are too entangled to check for ambiguity in time (more than \(budget) tableau cells rewritten); a cell's rules relate few views each"
        case .tooCostly(let budget):
            return "the rules take too much work to solve (more than \(budget) tableau cells rewritten; long chains of multipliers can cause it); a cell's rules relate few views each"
        case .internalConstraint(let m): return "the rules could not be solved (\(m)); check that every view's position and size are determined"
        }
    }
}
