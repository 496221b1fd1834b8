import YardstickLayout

/// Stacks compiled to the constraints UIStackView installs, so the closed-form stack evaluator
/// (the fast path) can be checked against the solver on the same cells.
extension CellTemplate {
    /// The template as one constraint element: each element's content frame (inside its
    /// margins) is a view, and each stack installs what UIStackView would:
    /// - along its axis, the first child at its start, each next one `spacing` after the one
    ///   before, and the stack ending at its last child (a horizontal stack of fixed-width
    ///   children only may be wider: the rest stays empty);
    /// - across it, `fill` pins both edges (a fixed-width child of a vertical stack keeps its
    ///   width, at the leading edge), `leading`, `center` and `trailing` pin one edge or the
    ///   center and keep the child inside;
    /// - `fillEqually`, equal widths (horizontal) or heights (vertical), margins included.
    ///
    /// A label's priorities are its element's (horizontal) and UIKit's defaults (vertical); a
    /// box's set width is required, and its height (set, or by aspect ratio) is at least that,
    /// hugging it at 250 (a `fill` stack stretches it); a box without a width has an intrinsic
    /// width of 0 at its element's priorities. Height limits and `minWidth` are required.
    ///
    /// Where the two differ: a constraint cell never hides an empty label (UIStackView
    /// removes a hidden child's constraints per row; here the rules are fixed), and children
    /// sharing a horizontal stack's width share it by their priorities alone: ties (which the
    /// evaluator breaks by order) are an ambiguous layout, a nested stack shares by its own
    /// children's priorities (as in UIKit), not by the stack element's, and a box whose
    /// height follows its width grows only while its hugging outweighs the height it adds
    /// (the solver weighs the whole layout; the evaluator gives it the room by hugging alone).
    /// - Throws: `SizingError` at the element for a template the compiler cannot express
    ///   (a constraint element inside, or a height limit below the element's margins).
    package func constraintForm(environment: SizingEnvironment = SizingEnvironment()) throws(SizingError) -> CellTemplate {
        var compiler = StackCompiler<Row>(environment: environment)
        let root = try compiler.add(self, path: "cell", depth: 0, fixedWidthApplies: false)
        let i = compiler.insets(of: self)
        compiler.rules += ["\(root).leading == super.leading + \(i.leading)", "\(root).trailing == super.trailing - \(i.trailing)",
                           "\(root).top == super.top + \(i.top)", "super.bottom == \(root).bottom + \(i.bottom)"]
        return .constraints(views: compiler.views, rules: compiler.rules)
    }
}

/// The state of one compilation: views and rules so far.
/// `+ x` or `- |x|`: a rule's constant.
private func plus(_ x: Double) -> String { x < 0 ? "- \(-x)" : "+ \(x)" }

private struct StackCompiler<Row> {
    let environment: SizingEnvironment
    var views: [ConstraintElement<Row>.View] = []
    var rules: [String] = []

    func insets(of t: CellTemplate<Row>) -> EdgeInsets {
        guard t.scalesInsets else { return t.insets }
        let s = environment.scaledValue
        return EdgeInsets(top: s(t.insets.top), leading: s(t.insets.leading), bottom: s(t.insets.bottom), trailing: s(t.insets.trailing))
    }

    /// The element's required content width, when it is fixed (a box of a set width, or a stack
    /// of such children), as the evaluator's `fixedWidth` (without margins).
    func fixedWidth(_ t: CellTemplate<Row>) -> Double? {
        let content: Double
        switch t.content {
        case .text, .constraints: return nil
        case .box(let box):
            guard let w = box.width else { return nil }
            content = w
        case .stack(let stack):
            var sum = 0.0, widest = 0.0
            for child in stack.children {
                guard let w = fixedWidth(child) else { return nil }
                let i = insets(of: child)
                let outer = w + i.leading + i.trailing
                sum += outer
                widest = max(widest, outer)
            }
            guard stack.axis == .horizontal else { content = widest; break }
            let n = Double(stack.children.count)
            content = (stack.distribution == .fillEqually ? widest * n : sum) + stack.spacing * max(n - 1, 0)
        }
        return max(content, t.minWidth ?? 0)
    }

    /// Adds the element's view and its rules; returns its name.
    /// - Parameter fixedWidthApplies: whether a fixed width is required of it (a stack's
    ///   child; the root spans the cell).
    mutating func add(_ t: CellTemplate<Row>, path: String, depth: Int, fixedWidthApplies: Bool) throws(SizingError) -> String {
        let name = "e\(views.count)"
        let i = insets(of: t)
        let verticalMargins = i.top + i.bottom
        views.append(.container(name))
        let me = views.count - 1
        switch t.content {
        case .text(let text):
            views[me] = ConstraintElement<Row>.View(name, .text(text)).hugging(horizontal: t.hugging).compression(horizontal: t.compression)
        case .box(let box):
            // Widths: set (required) or intrinsic 0 at the element's priorities.
            views[me] = ConstraintElement<Row>.View(name, .box(width: box.width == nil ? 0 : nil, height: nil))
                .hugging(horizontal: t.hugging).compression(horizontal: t.compression)
            if let w = box.width, fixedWidthApplies { rules.append("\(name).width == \(max(w, t.minWidth ?? 0))") }
            if let h = box.height {
                rules += ["\(name).height >= \(h) @999", "\(name).height <= \(h) @250"]
            } else if let r = box.aspectRatio {
                let w = box.width.map { "\($0 / r)" } ?? "\(name).width * \(1 / r)"
                // Hugging the ratio just under its width's hugging: stretched, it keeps its width.
                rules += ["\(name).height >= \(w) @999", "\(name).height <= \(w) @249"]
            } else {
                rules.append("\(name).height <= 0 @250")
            }
        case .stack(let stack):
            try addStack(stack, name: name, path: path + (stack.axis == .horizontal ? ".hstack" : ".vstack"), depth: depth)
        case .constraints:
            throw SizingError(path: path + ".constraints", .template("a constraint element cannot be compiled again"))
        }
        if let w = t.minWidth { rules.append("\(name).width >= \(w)") }
        if let h = t.minHeight, h > verticalMargins { rules.append("\(name).height >= \(h - verticalMargins)") }
        if fixedWidthApplies, case .stack = t.content, let w = fixedWidth(t) { rules.append("\(name).width == \(w)") }
        if let h = t.maxHeight {
            // A clip: the frame the parent sees is the content cut at the limit, as the
            // evaluator cuts it (nothing inside is squeezed, so nothing is ambiguous).
            guard h >= verticalMargins else { throw SizingError(path: path + ".maxHeight", .template("below the element's margins: no constraint form")) }
            let clip = "m\(views.count)"
            views.append(.container(clip))
            rules += ["\(clip).leading == \(name).leading", "\(clip).trailing == \(name).trailing", "\(clip).top == \(name).top",
                      "\(clip).height <= \(h - verticalMargins)", "\(clip).height <= \(name).height", "\(clip).height == \(name).height @100",
                      "\(name).height <= 0 @50"] // the content, cut, still fitted
            return clip
        }
        return name
    }

    private mutating func addStack(_ stack: StackElement<Row>, name: String, path: String, depth: Int) throws(SizingError) {
        let horizontal = stack.axis == .horizontal
        var previous: (name: String, insets: EdgeInsets)? = nil
        var first: (name: String, insets: EdgeInsets)? = nil
        var anyFlexible = false
        for (k, child) in stack.children.enumerated() {
            let c = try add(child, path: path + ".children[\(k)]", depth: depth + 1, fixedWidthApplies: true)
            let i = insets(of: child)
            let fixed = fixedWidth(child) != nil
            if !fixed { anyFlexible = true }
            // Along the axis.
            if horizontal {
                if let p = previous {
                    rules.append("\(c).leading == \(p.name).trailing \(plus(p.insets.trailing + stack.spacing + i.leading))")
                } else {
                    rules.append("\(c).leading == \(name).leading + \(i.leading)")
                }
            } else {
                if let p = previous {
                    rules.append("\(c).top == \(p.name).bottom \(plus(p.insets.bottom + stack.spacing + i.top))")
                } else {
                    rules.append("\(c).top == \(name).top + \(i.top)")
                }
            }
            if stack.distribution == .fillEqually, let f = first {
                // Equal lengths, margins included.
                let axis = horizontal ? "width" : "height"
                let own = horizontal ? i.leading + i.trailing : i.top + i.bottom
                let theirs = horizontal ? f.insets.leading + f.insets.trailing : f.insets.top + f.insets.bottom
                rules.append("\(c).\(axis) == \(f.name).\(axis) \(plus(theirs - own))")
            }
            // Across it.
            let (start, end, center) = horizontal ? ("top", "bottom", "centerY") : ("leading", "trailing", "centerX")
            let (startInset, endInset) = horizontal ? (i.top, i.bottom) : (i.leading, i.trailing)
            let startRule = "\(c).\(start) == \(name).\(start) + \(startInset)"
            let endRule = "\(c).\(end) == \(name).\(end) - \(endInset)"
            switch stack.alignment {
            case .fill:
                rules.append(startRule)
                rules.append(horizontal || !fixed ? endRule : "\(c).\(end) <= \(name).\(end) - \(endInset)")
            case .leading:
                rules += [startRule, "\(c).\(end) <= \(name).\(end) - \(endInset)"]
            case .trailing:
                rules += [endRule, "\(c).\(start) >= \(name).\(start) + \(startInset)"]
            case .center:
                rules += ["\(c).\(center) == \(name).\(center) \(plus((startInset - endInset) / 2))",
                          "\(c).\(start) >= \(name).\(start) + \(startInset)"]
            }
            if first == nil { first = (c, i) }
            previous = (c, i)
        }
        // Children kept inside (not pinned to both edges): the stack hugs the largest, as
        // UIStackView's ambiguity-suppression constraint does, weaker than anything else.
        if stack.alignment != .fill { rules.append("\(name).\(horizontal ? "height" : "width") <= 0 @25") }
        guard let last = previous else { return }
        if horizontal {
            rules.append("\(name).trailing \(anyFlexible ? "==" : ">=") \(last.name).trailing + \(last.insets.trailing)")
        } else {
            // Stretched (by a `fill` parent), the room goes below the last child, as the stack
            // evaluator places it: weaker than a label's hugging (250), stronger than fitting
            // (50), and weaker the outer the stack (the room stays in the outermost one).
            rules += ["\(name).bottom >= \(last.name).bottom + \(last.insets.bottom)",
                      "\(name).bottom == \(last.name).bottom + \(last.insets.bottom) @\(150 + min(depth, 90))"]
        }
    }
}
