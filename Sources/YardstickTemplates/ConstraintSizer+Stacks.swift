import YardstickConstraints
import YardstickLayout

/// Vertical stacks compiled to the constraints UIStackView installs, so the closed-form stack
/// evaluator (`CellSizer`) can be checked against the solver on the same cells.
extension ConstraintSizer {
    /// The constraints of a template made of vertical stacks (alignment and distribution
    /// `fill`) and texts without line limits, with insets and spacing: each element's content
    /// frame is a view; a child spans its stack's width less the margins, the first sits at the
    /// stack's top, each next one `spacing` below the one before, and the stack ends at its last
    /// child. Texts are never hidden here (constraints are the same for every row), so rows
    /// with empty texts differ from the stack evaluator, which hides them.
    /// - Throws: `ConstraintCellError.unsupported` naming the element for anything else.
    package init(compiling template: CellTemplate<Row>, engine: TextEngine,
                 environment: SizingEnvironment = SizingEnvironment()) throws(ConstraintCellError) {
        var views: [ConstraintCell.View] = []
        var texts: [String: Text] = [:]
        var rules: [String] = []
        /// Adds the element's view; returns its name.
        func compile(_ element: CellTemplate<Row>, _ path: String) throws(ConstraintCellError) -> String {
            guard !element.scalesInsets, element.minHeight == nil, element.maxHeight == nil, element.minWidth == nil else {
                throw .unsupported(path + ": height or width limits, or scaled insets")
            }
            let name = "e\(views.count)"
            switch element.content {
            case .text(let text):
                guard text.lines == 0, !text.truncates else { throw .unsupported(path + ": a line limit") }
                guard case .value(let read) = text.source else { throw .unsupported(path + ": a column text (give a closure)") }
                var a = TextAttributes(size: text.font.pointSize(category: environment.category, maximum: environment.maximumCategory),
                                       fontStyle: text.font.isBold ? .bold : .regular)
                a.hyphenateWordBreaks = text.hyphenates
                views.append(.init(name, .text))
                texts[name] = Text({ read($0) ?? "" }, attributes: a)
            case .box:
                throw .unsupported(path + ": a box")
            case .stack(let stack):
                guard stack.axis == .vertical, stack.alignment == .fill, stack.distribution == .fill else {
                    throw .unsupported(path + ": a stack other than vertical fill")
                }
                views.append(.init(name, .container))
                var previous: (name: String, bottomInset: Double)? = nil
                for (k, child) in stack.children.enumerated() {
                    let c = try compile(child, path + ".children[\(k)]")
                    let i = child.insets
                    rules.append("\(c).leading == \(name).leading + \(i.leading)")
                    rules.append("\(c).trailing == \(name).trailing - \(i.trailing)")
                    if let previous {
                        rules.append("\(c).top == \(previous.name).bottom + \(previous.bottomInset + stack.spacing + i.top)")
                    } else {
                        rules.append("\(c).top == \(name).top + \(i.top)")
                    }
                    previous = (c, i.bottom)
                }
                if let previous { rules.append("\(name).bottom == \(previous.name).bottom + \(previous.bottomInset)") }
            }
            return name
        }
        let root = try compile(template, "cell")
        let i = template.insets
        rules += ["\(root).leading == super.leading + \(i.leading)", "\(root).trailing == super.trailing - \(i.trailing)",
                  "\(root).top == super.top + \(i.top)", "super.bottom == \(root).bottom + \(i.bottom)"]
        try self.init(views: views, texts: texts, rules: rules, engine: engine)
    }
}
