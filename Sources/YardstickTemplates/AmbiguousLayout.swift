import YardstickConstraints

/// A constraint element whose rules leave views free to move or resize (UIKit's
/// `hasAmbiguousLayout`): sized as `systemLayoutSizeFitting` sizes it, the height the least the
/// rules allow and each free view at its least position. A config's `"strictConstraints": true`
/// makes it an error instead.
///
/// - Complexity: found once, when the template is compiled.
public struct AmbiguousLayout: Sendable, Equatable, CustomStringConvertible {
    /// Where the constraint element sits in the config (`cell.constraints`).
    public var path: String
    /// The free views, in order, each with the axes it is free on ("horizontal", "vertical").
    public var views: [(name: String, axes: [String])]
    /// False when the rules were too entangled to check every view (more may be free).
    public var isComplete: Bool

    public static func == (a: AmbiguousLayout, b: AmbiguousLayout) -> Bool {
        a.path == b.path && a.isComplete == b.isComplete && a.views.map(\.name) == b.views.map(\.name) && a.views.map(\.axes) == b.views.map(\.axes)
    }

    init(path: String, cell: ConstraintCell) {
        self.path = path
        isComplete = cell.ambiguityCheckIsComplete
        views = []
        for a in cell.ambiguities {
            if let k = views.firstIndex(where: { $0.name == a.view }) { views[k].axes.append(a.axis.rawValue) } else { views.append((a.view, [a.axis.rawValue])) }
        }
    }

    /// One line, as the command line warns: the views and axes, and what was done.
    public var description: String {
        let list = views.map { "\"\($0.name)\" (\($0.axes.joined(separator: " and ")))" }.joined(separator: ", ")
        let found = views.isEmpty ? "" : "an ambiguous layout: the rules leave \(list) free (UIKit's hasAmbiguousLayout); sized at the least height the rules allow, free views at their least positions"
        let partial = isComplete ? "" : (found.isEmpty ? "" : "; ") + "the rules are too entangled to check every view for ambiguity"
        return "\(path): \(found)\(partial); \"strictConstraints\": true makes this an error"
    }
}

extension TemplateLayout {
    /// The template's constraint elements whose rules leave views free, in order.
    package var ambiguousLayouts: [AmbiguousLayout] {
        nodes.compactMap { node in
            if case .constraints(let c) = node.kind { return c.ambiguity }
            return nil
        }
    }
}
