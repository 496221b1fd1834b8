/// A cell laid out by constraints, as UIKit's `systemLayoutSizeFitting` lays out a self-sizing
/// cell: views (fixed boxes, texts, containers) whose anchors the rules relate, solved once per
/// template and re-solved per row by suggesting the row's sizes.
///
/// Each view has four variables (its edges); width, height, centers and baselines are
/// expressions of them (a text's baselines add offsets suggested per row; a view without text
/// has its baselines at its bottom, as UIView's). A view with an intrinsic size gets UIKit's two
/// inequalities per axis: at least the size at its compression resistance, at most it at its
/// hugging priority. Fitting at a width: the content view's width is suggested, its height
/// pulled toward 0 at UIKit's fitting level (50).
package struct ConstraintCell: Sendable {
    /// What a view is.
    package enum Kind: Sendable, Equatable {
        /// A fixed intrinsic size (either may be nil: no intrinsic size on that axis).
        case box(width: Double?, height: Double?)
        /// A text: its intrinsic sizes come from measuring it per row (`fit`'s `measure`).
        case text
        /// No intrinsic size.
        case container
    }

    /// A view of the cell, with its content priorities (UIKit's defaults: hugging 250,
    /// compression resistance 750).
    package struct View: Sendable {
        package var name: String
        package var kind: Kind
        package var hugging: (horizontal: Double, vertical: Double) = (250, 250)
        package var compression: (horizontal: Double, vertical: Double) = (750, 750)

        package init(_ name: String, _ kind: Kind) {
            self.name = name
            self.kind = kind
        }
    }

    /// A text's measurement at a width: its height and baselines (first from the top, last from the bottom).
    package struct TextSize: Sendable {
        package var height: Double
        package var firstBaseline: Double
        package var lastBaselineFromBottom: Double
        package init(height: Double, firstBaseline: Double, lastBaselineFromBottom: Double) {
            self.height = height
            self.firstBaseline = firstBaseline
            self.lastBaselineFromBottom = lastBaselineFromBottom
        }
    }

    /// A text's per-row variables: its intrinsic width and height, and its baselines' offsets
    /// (first from the top, last from the bottom) when rules use them.
    struct TextVariables: Sendable {
        var width: Variable
        var height: Variable
        var first: Variable?
        var last: Variable?
    }

    /// The content view's name in rules.
    package static let contentView = "super"
    package let views: [View]
    /// The compiled system split into its independent parts (`ConstraintComponents`). Every
    /// row starts from the compiled state, so a row's layout never depends on the rows fitted
    /// before it: a fit records its changes (`checkpoint`) and the next one first undoes them
    /// (`rollback`), which leaves the last fit readable (`frame(of:)`) and copies nothing.
    var base = ConstraintComponents()
    /// The compiled parts of the compressed width (`compressedWidth`): the content view's width
    /// pulled toward 0 at the fitting level rather than given.
    var compressed = ConstraintComponents()
    /// A fit's suggestions and the widths its labels were measured at, kept between fits.
    var buffers: (batch: [(Variable, Double)], measuredAt: [Double]) = ([], [])
    let index: [String: Int]
    /// Per view: leading, trailing, top, bottom; per text: natural width, height, baselines.
    let edges: [(left: Variable, right: Variable, top: Variable, bottom: Variable)]
    /// By view index (nil: not a text).
    let textVariables: [TextVariables?]
    let fittingWidth: Variable
    /// The text views' indices, in order.
    let textOrder: [Int]
    /// Free labels tied for the same space (view index and its share's edit variable), each
    /// group sharing it in proportion to the labels' natural widths (see `shareTiedSpace`).
    private(set) var shareGroups: [[(view: Int, share: Variable)]] = []

    /// The views and axes the rules leave free (UIKit's `hasAmbiguousLayout`), found when the
    /// cell is compiled; each is placed at its least position (see `init`). Empty: none.
    package private(set) var ambiguities: [Ambiguity] = []
    /// False when the rules were too entangled to check every view within the probe's budget
    /// (`ambiguities` then lists those found before it ran out).
    package private(set) var ambiguityCheckIsComplete = true

    /// Compiles the rules for these views (the content view, `super`, is added).
    ///
    /// A layout the rules leave ambiguous is sized as `systemLayoutSizeFitting` sizes it: the
    /// height is the least the rules allow at the width, and each edge of a free view is pulled
    /// toward 0 (up, or left) more weakly than anything else, so it sits at the least position
    /// the rules allow; `ambiguities` names them. `strict`: an ambiguity is an error instead,
    /// and so are rules too entangled to check.
    /// - Throws: `ConstraintCellError` naming a rule that cannot be parsed, names a missing view,
    ///   or conflicts with the required rules before it.
    package init(views: [View], rules: [String], strict: Bool = false, probeBudget: Int = ConstraintCell.probeBudget) throws(ConstraintCellError) {
        guard views.count <= Self.maximumViews else { throw .tooLarge("more than \(Self.maximumViews) views (\(views.count))") }
        guard rules.count <= Self.maximumRules else { throw .tooLarge("more than \(Self.maximumRules) rules (\(rules.count))") }
        var all = [View(Self.contentView, .container)]
        for v in views {
            guard v.name != Self.contentView else { throw .duplicateView(v.name) }
            // A name rules can refer to: letters and _, then digits too (`LayoutRule`'s rule).
            var parser = RuleParser(v.name)
            guard parser.name() == v.name else { throw .badViewName(v.name) }
            all.append(v)
        }
        var index: [String: Int] = [:]
        for (k, v) in all.enumerated() {
            guard index[v.name] == nil else { throw .duplicateView(v.name) }
            index[v.name] = k
        }
        var next = 0
        func variable(_ name: String) -> Variable { defer { next += 1 }; return Variable(id: next, name: name) }
        let edges = all.map { v -> (left: Variable, right: Variable, top: Variable, bottom: Variable) in
            (variable(v.name + ".leading"), variable(v.name + ".trailing"), variable(v.name + ".top"), variable(v.name + ".bottom"))
        }
        var parsed: [(text: String, rule: LayoutRule)] = []
        for text in rules {
            do { parsed.append((text, try LayoutRule(parsing: text))) } catch { throw .badRule(error) }
        }
        // A text's baselines are variables (suggested per row) only where rules use them.
        var baselines = Set<String>()
        for (_, rule) in parsed {
            for anchor in [rule.first] + (rule.second.map { [$0] } ?? []) where anchor.attribute == .firstBaseline || anchor.attribute == .lastBaseline {
                baselines.insert(anchor.view + (anchor.attribute == .firstBaseline ? ".first" : ".last"))
            }
        }
        var textVariables = [TextVariables?](repeating: nil, count: all.count)
        for (k, v) in all.enumerated() where v.kind == .text {
            textVariables[k] = TextVariables(width: variable(v.name + ".intrinsicWidth"), height: variable(v.name + ".intrinsicHeight"),
                                             first: baselines.contains(v.name + ".first") ? variable(v.name + ".firstBaselineOffset") : nil,
                                             last: baselines.contains(v.name + ".last") ? variable(v.name + ".lastBaselineOffset") : nil)
        }
        self.views = all
        self.index = index
        self.edges = edges
        self.textVariables = textVariables
        textOrder = textVariables.indices.filter { textVariables[$0] != nil }
        fittingWidth = variable("super.fittingWidth")
        // The structure: the content view at the origin, its width the fitting width, its
        // height pulled to 0 at the fitting level; views of no negative size; intrinsic sizes.
        let content = edges[0]
        var structure = [
            Constraint(LinearExpression(content.left), .equal, label: "super.leading == 0"),
            Constraint(LinearExpression(content.top), .equal, label: "super.top == 0"),
            Constraint(LinearExpression([(content.right, 1), (content.left, -1), (fittingWidth, -1)]), .equal, label: "super.width == fitting width"),
            Constraint(LinearExpression([(content.bottom, 1), (content.top, -1)]), .equal, priority: 50, label: "super.height == 0 @50 (fitting)"),
        ]
        var edits: [Variable] = []
        for (k, v) in all.enumerated() {
            let e = edges[k]
            structure.append(Constraint(LinearExpression([(e.right, 1), (e.left, -1)]), .greaterOrEqual, label: "\(v.name).width >= 0"))
            structure.append(Constraint(LinearExpression([(e.bottom, 1), (e.top, -1)]), .greaterOrEqual, label: "\(v.name).height >= 0"))
            var width: LinearExpression? = nil, height: LinearExpression? = nil
            switch v.kind {
            case .box(let w, let h):
                width = w.map { LinearExpression(constant: $0) }
                height = h.map { LinearExpression(constant: $0) }
            case .text:
                let t = textVariables[k]!
                width = LinearExpression(t.width)
                height = LinearExpression(t.height)
                edits += [t.width, t.height] + [t.first, t.last].compactMap { $0 }
            case .container: break
            }
            if let width {
                let size = LinearExpression([(e.right, 1), (e.left, -1)]).minus(width)
                structure.append(Constraint(size, .greaterOrEqual, priority: v.compression.horizontal, label: "\(v.name) width compression resistance"))
                structure.append(Constraint(size, .lessOrEqual, priority: v.hugging.horizontal, label: "\(v.name) width hugging"))
            }
            if let height {
                let size = LinearExpression([(e.bottom, 1), (e.top, -1)]).minus(height)
                structure.append(Constraint(size, .greaterOrEqual, priority: v.compression.vertical, label: "\(v.name) height compression resistance"))
                structure.append(Constraint(size, .lessOrEqual, priority: v.hugging.vertical, label: "\(v.name) height hugging"))
            }
        }
        var ruled: [Constraint] = []
        for (text, rule) in parsed {
            try Self.checkPairing(rule, text)
            let first = try expression(rule.first, rule: text)
            let second = try rule.second.map { a throws(ConstraintCellError) in try expression(a, rule: text) }
            var e = first.minus(LinearExpression(constant: rule.constant))
            if let second {
                for (v, c) in second.terms { e.add(v, -c * rule.multiplier) }
                e.constant -= second.constant * rule.multiplier
            }
            ruled.append(Constraint(e, rule.relation, priority: rule.priority, label: text))
        }
        /// One solver of the structure's and the rules' required constraints: where a rule's
        /// conflict is found and named. Built only when the split parts below (the same
        /// constraints and more) fail.
        func compile() throws(ConstraintCellError) -> ConstraintSolver {
            // Required constraints first (in order: the first rule in conflict is the one named),
            // then the weighted ones and the edits: while the objective is empty, an addition
            // pivots nothing, so a big cell compiles in one optimisation, not one per rule.
            var solver = ConstraintSolver()
            solver.workLimit = Self.compileBudget
            do {
                for c in structure where c.isRequired { try solver.add(c) }
            } catch {
                throw .internalConstraint("\(error)")
            }
            for (k, c) in ruled.enumerated() where c.isRequired {
                do { try solver.add(c) } catch {
                    if case .unsatisfiable = error { throw .unsatisfiable(c.label, conflicting: conflict(ruled[..<k], c)) }
                    if error == .tooMuchWork { throw .tooCostly(Self.compileBudget) }
                    throw .internalConstraint("\(c.label): \(error)")
                }
            }
            return solver
        }
        /// The fewest required rules before `failing` that conflict with it (UIKit lists the
        /// constraints it could not satisfy together): each is dropped in turn and kept out
        /// while the rest still conflict. Runs only on an error, O(rules²) additions, within
        /// the probe's budget of work; nil past it (the set is then not named).
        func conflict(_ before: ArraySlice<Constraint>, _ failing: Constraint) -> [String]? {
            var kept = before.filter(\.isRequired)
            var work = 0
            func conflicts(_ rules: [Constraint]) -> Bool {
                var solver = ConstraintSolver()
                defer { work += solver.work }
                for c in structure { _ = try? solver.add(c) }
                _ = try? solver.addEditVariable(fittingWidth, priority: 999)
                for c in rules { guard (try? solver.add(c)) != nil else { return true } }
                do { try solver.add(failing) } catch { if case .unsatisfiable = error { return true } }
                return false
            }
            var k = 0
            while k < kept.count {
                guard work <= probeBudget else { return nil }
                var without = kept
                without.remove(at: k)
                if conflicts(without) { kept = without } else { k += 1 }
            }
            return kept.map(\.label)
        }
        /// The system split into parts for fitting rows, in `compile`'s order (the weighted
        /// constraints after the required ones, the pull of the height toward 0 last: added
        /// first, it would move the views again at every intrinsic size after it). The
        /// compressed width's parts differ from the given width's only in the part holding the
        /// fitting width: the others are shared, solved once.
        func parts(widthGiven: Bool, adding extra: [Constraint], editing extraEdits: [Variable] = [], sharing: ConstraintComponents?) throws(ConstraintCellError) -> ConstraintComponents {
            var all = (structure + ruled).filter(\.isRequired) + (structure.dropFirst(4) + ruled + structure.prefix(4)).filter { !$0.isRequired } + extra
            var editable = (edits + extraEdits).map { (variable: $0, priority: 999.0) }
            if widthGiven {
                editable.insert((fittingWidth, 999), at: 0)
            } else {
                all.append(Constraint(LinearExpression(fittingWidth), .equal, priority: 50, label: "super.width == 0 @50 (fitting)"))
            }
            do {
                return try ConstraintComponents(constraints: all, edits: editable, sharing: sharing.map { ($0, fittingWidth) }, workLimit: Self.compileBudget)
            } catch {
                if error == .tooMuchWork { throw .tooCostly(Self.compileBudget) }
                throw .internalConstraint("\(error)")
            }
        }
        // (A conflict is found there too, but `compile` names it as UIKit would: built only then.)
        do { base = try parts(widthGiven: true, adding: [], sharing: nil) } catch {
            _ = try compile()
            throw error
        }
        // A cell wider than every box and gap together, where every view has room (a hugging
        // tie shows only there).
        var roomy = 1000 + 100 * Double(textOrder.count) + parsed.reduce(0) { $0 + abs($1.rule.constant) }
        for v in all { if case .box(let w, _) = v.kind { roomy += abs(w ?? 0) } }
        let probed = try probeAmbiguities(budget: probeBudget, firstOnly: strict, roomy: roomy)
        if strict {
            if let first = probed.found.first { throw .ambiguous(first.view, axis: first.axis.rawValue) }
            if !probed.complete { throw .tooEntangled(probeBudget) }
        }
        ambiguities = probed.found
        ambiguityCheckIsComplete = probed.complete
        // Each edge of a free view pulled toward 0, far more weakly than the probe that found it free.
        // Its leading or top edge at its least, and its size at its intrinsic size where it has
        // one (a label's at its natural width and measured height: a label squeezed for nothing
        // would wrap into more lines), else at its least. The content view's height always
        // pulled to its least too, so a tie with the fitting pull gives the least height.
        var stays: [Constraint] = []
        var shares: [(view: Int, share: Variable)] = []
        func stay(_ e: LinearExpression, _ label: String) {
            var c = Constraint(e, .equal, priority: 1, label: label)
            c.weight = Self.placementWeight
            stays.append(c)
        }
        stay(LinearExpression([(edges[0].bottom, 1), (edges[0].top, -1)]), "super.height at its least")
        for a in ambiguities where a.view != Self.contentView {
            let k = index[a.view]!, e = edges[k]
            let (start, end) = a.axis == .horizontal ? (e.left, e.right) : (e.top, e.bottom)
            stay(LinearExpression(start), "\(start.name) at its least (ambiguous)")
            let size = LinearExpression([(end, 1), (start, -1)])
            let intrinsic: LinearExpression?
            switch all[k].kind {
            case .box(let w, let h): intrinsic = (a.axis == .horizontal ? w : h).map { LinearExpression(constant: $0) }
            case .text: intrinsic = LinearExpression(a.axis == .horizontal ? textVariables[k]!.width : textVariables[k]!.height)
            case .container: intrinsic = nil
            }
            if let intrinsic { stay(size.minus(intrinsic), "\(a.view) \(a.axis.rawValue) size at its intrinsic (ambiguous)") } else { stay(LinearExpression(end), "\(end.name) at its least (ambiguous)") }
            if a.axis == .horizontal, textVariables[k] != nil {
                // A free label below its share of a space it ties for (suggested per row, 0
                // where there is none) pays for each point it lacks, eight times the pulls
                // above (which alone cost the same for every split, give or take a leading
                // edge's): so tied labels take their shares, not one label a sliver.
                let share = variable(a.view + ".share")
                var c = Constraint(size.minus(LinearExpression(share)), .greaterOrEqual, priority: 1, label: "\(a.view) width at least its share (ambiguous)")
                c.weight = 8 * Self.placementWeight
                stays.append(c)
                shares.append((k, share))
            }
        }
        do {
            base.limitWork(to: Self.compileBudget)
            defer { base.limitWork(to: nil) }
            try base.add(stays)
            for (_, share) in shares { try base.addEditVariable(share, priority: 999) }
        } catch {
            if error == .tooMuchWork { throw .tooCostly(Self.compileBudget) }
            throw .internalConstraint("\(error)")
        }
        shareGroups = tiedGroups(shares)
        compressed = try parts(widthGiven: false, adding: stays, editing: shares.map(\.share), sharing: base)
        // Rows start from a typical layout (a 400 pt cell, texts 100 × 20), not from width 0
        // where everything is squeezed: fewer pivots per row. The same start for every row.
        var typical: [(Variable, Double)] = []
        for k in textOrder {
            let t = textVariables[k]!
            typical += [(t.width, 100), (t.height, 20)]
        }
        var primed = base
        if (try? primed.suggest([(fittingWidth, 400)] + typical)) != nil { base = primed }
        primed = compressed
        if (try? primed.suggest(typical)) != nil { compressed = primed }
        try checkWidthIsFree()
    }

    /// The most views and rules a cell may have (UIKit cells have tens).
    package static let maximumViews = 256
    package static let maximumRules = 2_048

    /// The most work (tableau cells rewritten) the ambiguity probe may take in all, about 3 s:
    /// an 80-view chain takes 22,000, 50 views with 150 weighted width rules between them
    /// 546,000; rules far more entangled than a cell's (100 views, 300 such rules) would
    /// otherwise take minutes.
    package static let probeBudget = 5_000_000

    /// The most work building a cell's parts may take, each: 4× the largest of the benchmark's
    /// 256-view cells (a cell whose rounding makes the simplex wander fails in seconds, not
    /// minutes).
    package static let compileBudget = 200_000_000


    /// UIKit's pairing rules (`NSLayoutConstraint` throws "Invalid pairing of layout
    /// attributes"): a position relates only to a position on the same axis, a size only to a
    /// size (of either axis, as an aspect ratio); and numbers stay within a table's lengths.
    static func checkPairing(_ rule: LayoutRule, _ text: String) throws(ConstraintCellError) {
        func kind(_ a: LayoutRule.Attribute) -> String {
            switch a {
            case .width, .height: return "a size"
            case .leading, .trailing, .centerX: return "a horizontal position"
            case .top, .bottom, .centerY, .firstBaseline, .lastBaseline: return "a vertical position"
            }
        }
        let limit = 16_777_215.0
        guard abs(rule.constant) <= limit, rule.multiplier.isFinite, abs(rule.multiplier) <= 1e6 else {
            throw .invalidRule(text, "a constant beyond ±\(Int(limit)) points, or a multiplier beyond ±1,000,000")
        }
        guard let second = rule.second else { return }
        let a = kind(rule.first.attribute), b = kind(second.attribute)
        guard a == b else { throw .invalidRule(text, "\(a) cannot be related to \(b) (UIKit: invalid pairing of layout attributes)") }
    }

    /// Checks, at a 320 and a 1,000 pt cell with labels 100 × 20, that the rules let the cell
    /// be as wide as it is given: the table's width is required in UIKit (the encapsulated
    /// width), so a required rule fixing another width is a conflict there; here the fitting
    /// width would give way and the heights would be for another width.
    private mutating func checkWidthIsFree() throws(ConstraintCellError) {
        for width in [320.0, 1_000] {
            let h = try? fit(width: width, naturalWidth: { _ in 100 }, measure: { _, _ in TextSize(height: 20, firstBaseline: 15, lastBaselineFromBottom: 5) })
            let got = base.value(of: edges[0].right) - base.value(of: edges[0].left)
            guard h != nil, abs(got - width) <= 1e-6 * max(1, width) else {
                throw .widthFixed(given: width, got: got)
            }
        }
    }

    /// The solver expression of an anchor.
    private func expression(_ anchor: LayoutRule.Anchor, rule: String) throws(ConstraintCellError) -> LinearExpression {
        guard let k = index[anchor.view] else { throw .unknownView(anchor.view, rule: rule) }
        let e = edges[k]
        switch anchor.attribute {
        case .leading: return LinearExpression(e.left)
        case .trailing: return LinearExpression(e.right)
        case .top: return LinearExpression(e.top)
        case .bottom: return LinearExpression(e.bottom)
        case .width: return LinearExpression([(e.right, 1), (e.left, -1)])
        case .height: return LinearExpression([(e.bottom, 1), (e.top, -1)])
        case .centerX: return LinearExpression([(e.left, 0.5), (e.right, 0.5)])
        case .centerY: return LinearExpression([(e.top, 0.5), (e.bottom, 0.5)])
        case .firstBaseline:
            guard let first = textVariables[k]?.first else { return LinearExpression(e.bottom) }
            return LinearExpression([(e.top, 1), (first, 1)])
        case .lastBaseline:
            guard let last = textVariables[k]?.last else { return LinearExpression(e.bottom) }
            return LinearExpression([(e.bottom, 1), (last, -1)])
        }
    }

    /// A view's solved frame (x, y, width, height) in the cell, after the last `fit`.
    package func frame(of name: String) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let k = index[name] else { return nil }
        let e = edges[k]
        let left = base.value(of: e.left), top = base.value(of: e.top)
        return (left, top, base.value(of: e.right) - left, base.value(of: e.bottom) - top)
    }

    /// The index of a view by name (for `fit`'s closures).
    package func viewIndex(_ name: String) -> Int? { index[name] }
}
