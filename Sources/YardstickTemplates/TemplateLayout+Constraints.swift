import YardstickConstraints
import YardstickLayout

/// A constraint element compiled: the solver-backed cell and, per view, its text slot.
package struct ConstraintNode: Sendable {
    package var cell: ConstraintCell
    /// The text slot of each view of `cell.views` (by index), -1 for views without text.
    package var slots: [Int]
    /// What the rules leave free (nil: nothing, and the check was complete).
    package var ambiguity: AmbiguousLayout?
}

extension TemplateLayout {
    /// Checks a constraint element and compiles its rules (once per template); each text view
    /// gets a slot, read and prepared with the cell's other texts.
    mutating func compile<Row>(_ element: ConstraintElement<Row>, path p: String, column: (String) -> ((Row) -> String?)?,
                               readers: inout [(Row) -> String?]) throws(SizingError) -> ConstraintNode {
        guard !element.views.isEmpty || !element.rules.isEmpty else {
            throw SizingError(path: p, .template("a constraint cell needs views and rules"))
        }
        var views: [ConstraintCell.View] = []
        var slotOfView = [-1] // the content view
        for v in element.views {
            let vp = p + ".views." + v.name
            let kind: ConstraintCell.Kind
            switch v.content {
            case .text(let text):
                // An empty label is 0 × 0 (not prepared), never hidden: rules still hold it.
                slotOfView.append(try addSlot(text, path: vp + ".text", hidesWhenEmpty: true, column: column, readers: &readers))
                kind = .text
            case .box(let width, let height):
                if let w = width { try Self.checkLength(w, vp + ".box.width") }
                if let h = height { try Self.checkLength(h, vp + ".box.height") }
                slotOfView.append(-1)
                kind = .box(width: width, height: height)
            case .container:
                slotOfView.append(-1)
                kind = .container
            }
            for (value, key) in [(v.horizontalHugging, "hugging.horizontal"), (v.verticalHugging, "hugging.vertical"),
                                 (v.horizontalCompression, "compression.horizontal"), (v.verticalCompression, "compression.vertical")]
                where !(value >= 1 && value <= 1000) {
                throw SizingError(path: vp + "." + key, .outOfRange(expected: "a priority must be between 1 and 1000", got: "\(value)"))
            }
            var view = ConstraintCell.View(v.name, kind)
            view.hugging = (v.horizontalHugging, v.verticalHugging)
            view.compression = (v.horizontalCompression, v.verticalCompression)
            views.append(view)
        }
        do {
            let cell = try ConstraintCell(views: views, rules: element.rules, strict: environment.strictConstraints)
            let ambiguity = cell.ambiguities.isEmpty && cell.ambiguityCheckIsComplete ? nil : AmbiguousLayout(path: p, cell: cell)
            return ConstraintNode(cell: cell, slots: slotOfView, ambiguity: ambiguity)
        } catch {
            /// The path of the rule an error names.
            func rule(_ text: String) -> String { element.rules.firstIndex(of: text).map { p + ".rules[\($0)]" } ?? p + ".rules" }
            switch error {
            case .badRule(let e): throw SizingError(path: rule(e.rule), .badRule(rule: e.rule, character: e.character + 1, expected: "\(e.expected)"))
            case .unknownView(_, let text), .unsatisfiable(let text, _), .invalidRule(let text, _):
                throw SizingError(path: rule(text), .template(error.description))
            case .duplicateView(let name), .badViewName(let name), .ambiguous(let name, _):
                throw SizingError(path: p + ".views." + name, .template(error.description))
            case .unsupported, .internalConstraint, .tooEntangled, .tooCostly, .tooLarge, .widthFixed: throw SizingError(path: p, .template(error.description))
            }
        }
    }

    /// The height of a constraint element at `width`; NaN when the solver fails (numerical
    /// trouble), which the table reports as a row it can't size, never a silent 0.
    /// (Node `i`'s cell is the scratch's copy, so rows fitted one after another copy nothing.)
    func constraintHeight(_ i: Int, _ node: ConstraintNode, width: Double, _ texts: UnsafeBufferPointer<PreparedText?>,
                          _ s: inout FitScratch) -> Double {
        var cell = s.cells[i] ?? node.cell
        s.cells[i] = nil // held here alone while it is fitted
        defer { s.cells[i] = cell }
        do {
            return try cell.fit(width: width, naturalWidth: { naturalWidth(node, $0, texts) },
                                measure: { measure(node, $0, $1, texts) })
        } catch {
            cell = node.cell // a failed fit leaves its solver unusable
            return .nan
        }
    }

    /// The width a constraint element needs with its texts on one line (its compressed width).
    func constraintNaturalWidth(_ i: Int, _ node: ConstraintNode, _ texts: UnsafeBufferPointer<PreparedText?>,
                                _ s: inout FitScratch) -> Double {
        var cell = s.cells[i] ?? node.cell
        s.cells[i] = nil
        defer { s.cells[i] = cell }
        do {
            return try cell.compressedWidth(naturalWidth: { naturalWidth(node, $0, texts) }, measure: { measure(node, $0, $1, texts) })
        } catch {
            cell = node.cell
            return .nan
        }
    }

    func naturalWidth(_ node: ConstraintNode, _ view: Int, _ texts: UnsafeBufferPointer<PreparedText?>) -> Double {
        let slot = node.slots[view]
        guard slot >= 0, let text = texts[slot] else { return 0 }
        return text.naturalWidth(attributes: slots[slot].attributes)
    }

    func measure(_ node: ConstraintNode, _ view: Int, _ width: Double, _ texts: UnsafeBufferPointer<PreparedText?>) -> ConstraintCell.TextSize {
        let slot = node.slots[view]
        guard slot >= 0, let text = texts[slot] else { return ConstraintCell.TextSize(height: 0, firstBaseline: 0, lastBaselineFromBottom: 0) }
        let m = text.heightAndBaselines(width: max(width, 0), attributes: slots[slot].attributes)
        return ConstraintCell.TextSize(height: m.height, firstBaseline: m.firstBaseline, lastBaselineFromBottom: m.height - m.lastBaseline)
    }
}

extension TemplateLayout {
    /// Every view of a constraint element (the content view excepted) fitted at `width`: its
    /// frame from the content view's corner, its text slot (-1 for none), whether it is a box.
    func constraintFrames(_ node: ConstraintNode, width: Double, _ texts: UnsafeBufferPointer<PreparedText?>)
        -> [(frame: (x: Double, y: Double, width: Double, height: Double), slot: Int, isBox: Bool)] {
        var cell = node.cell
        guard (try? cell.fit(width: width, naturalWidth: { naturalWidth(node, $0, texts) }, measure: { measure(node, $0, $1, texts) })) != nil else { return [] }
        return cell.views.indices.dropFirst().compactMap { k in
            guard let frame = cell.frame(of: cell.views[k].name) else { return nil }
            if case .box = cell.views[k].kind { return (frame, node.slots[k], true) }
            return (frame, node.slots[k], false)
        }
    }
}
