#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a constraint relates its two sides.
package enum Relation: String, Sendable {
    case lessOrEqual = "<="
    case equal = "=="
    case greaterOrEqual = ">="
}

/// `expression (relation) 0` at a priority: UIKit's `NSLayoutConstraint` in solver form
/// (`first = second × multiplier + constant` becomes `first − second × multiplier − constant == 0`).
///
/// Priorities are UIKit's: 1000 is required; below it a violation costs a weight that doubles
/// every 50 points (so 750, compression resistance, outweighs 250, hugging, 1024 to 1, and one
/// constraint outweighs any sum of much lower ones). Cassowary's weights are a sum, so two
/// constraints close in priority can together outweigh a slightly higher one, as in Auto Layout
/// only approximately; Auto Layout does not document its own rule.
package struct Constraint: Sendable, CustomStringConvertible {
    package var expression: LinearExpression
    package var relation: Relation
    package var priority: Double
    /// What the user wrote, for error messages ("title.top == super.top + 8").
    package var label: String

    package init(_ expression: LinearExpression, _ relation: Relation, priority: Double = Constraint.required, label: String = "") {
        self.expression = expression
        self.relation = relation
        self.priority = priority
        self.label = label
    }

    package static let required = 1000.0

    package var isRequired: Bool { priority >= Constraint.required }

    /// The cost of violating the constraint by one unit (for non-required ones): by the priority,
    /// unless set (probes weaker than any priority).
    package var weight: Double { get { explicitWeight ?? Self.weight(priority: priority) } set { explicitWeight = newValue } }
    private var explicitWeight: Double?

    package static func weight(priority: Double) -> Double { exp2(min(max(priority, 1), 999) / 50) }

    package var description: String { label.isEmpty ? "constraint" : label }
}
