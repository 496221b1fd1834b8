import YardstickConstraints
import YardstickFonts
import YardstickLayout

/// A `CellTemplate` checked and flattened for one environment: nodes in pre-order with their
/// margins already scaled, and one slot per text element with its attributes. It does not
/// depend on the row type (the readers stay with the `CellSizer`), so fitting
/// (`TemplateLayout+Fitting`) is plain code with nothing generic and nothing allocated per row.
package struct TemplateLayout {
    package struct Node {
        package enum Kind {
            case text(slot: Int)
            case box(BoxElement)
            case stack(horizontal: Bool, spacing: Double, alignment: StackAlignment, distribution: StackDistribution, children: Range<Int>)
            case constraints(ConstraintNode)
        }
        package var kind: Kind
        package var insets: EdgeInsets
        package var minHeight: Double
        package var maxHeight: Double
        package var minWidth: Double
        package var hugging: Double
        package var compression: Double
    }

    /// One text element: how it is set.
    package struct Slot {
        package var attributes: TextAttributes
        package var hidesWhenEmpty: Bool
        /// A line limit without truncation: the last line shown is cut, not ellipsized (drawing
        /// only; the height is the same).
        package var clips = false
        /// The font the text is shaped in (prepared texts depend on it, not on the size).
        package var fontStyle: FontStyle { attributes.fontStyle }
        /// A label that wraps (more than one line) takes the space others leave in a stack.
        package var wraps: Bool { attributes.maxLines != 1 && attributes.lineBreakMode == .wordWrap }
    }

    package private(set) var nodes: [Node] = []
    /// Child node indices of every stack, each stack's in one range.
    package private(set) var children: [Int] = []
    package private(set) var slots: [Slot] = []
    package let environment: SizingEnvironment
    /// Whether the cell's height is rounded up to whole points whatever the display scale
    /// (SwiftDataTables' default cell).
    package var ceilsToWholePoints = false

    /// The deepest a template may nest.
    package static var maximumDepth: Int { 64 }

    /// Checks and flattens `template`; `readers` gets each text element's reader, in slot order.
    /// - Parameters:
    ///   - path: where the template sits, for errors (`cell`, `columns.Notes.cell`).
    ///   - column: the reader for a column name, nil when the table has no such column.
    package init<Row>(_ template: CellTemplate<Row>, environment: SizingEnvironment, path: String,
                      column: (String) -> ((Row) -> String?)?, readers: inout [(Row) -> String?]) throws(SizingError) {
        self.environment = environment
        try environment.validate()
        try add(template, path: path, depth: 1, column: column, readers: &readers)
    }

    @discardableResult
    private mutating func add<Row>(_ t: CellTemplate<Row>, path: String, depth: Int,
                                   column: (String) -> ((Row) -> String?)?, readers: inout [(Row) -> String?]) throws(SizingError) -> Int {
        guard depth <= Self.maximumDepth else { throw SizingError(path: path, .template("nested deeper than \(Self.maximumDepth) levels")) }
        try Self.checkLength(t.insets.top, path + ".insets.top")
        try Self.checkLength(t.insets.leading, path + ".insets.leading")
        try Self.checkLength(t.insets.bottom, path + ".insets.bottom")
        try Self.checkLength(t.insets.trailing, path + ".insets.trailing")
        if let v = t.minHeight { try Self.checkLength(v, path + ".minHeight") }
        if let v = t.maxHeight { try Self.checkLength(v, path + ".maxHeight") }
        if let v = t.minWidth { try Self.checkLength(v, path + ".minWidth") }
        if let lo = t.minHeight, let hi = t.maxHeight, lo > hi {
            throw SizingError(path: path + ".maxHeight", .template("is below minHeight (\(lo))"))
        }
        for (value, key) in [(t.hugging, "hugging"), (t.compression, "compression")] where !(value >= 1 && value <= 1000) {
            throw SizingError(path: path + "." + key, .outOfRange(expected: "a priority must be between 1 and 1000", got: "\(value)"))
        }
        var insets = t.insets
        if t.scalesInsets {
            insets = EdgeInsets(top: environment.scaledValue(insets.top), leading: environment.scaledValue(insets.leading),
                                bottom: environment.scaledValue(insets.bottom), trailing: environment.scaledValue(insets.trailing))
        }
        let index = nodes.count
        nodes.append(Node(kind: .box(BoxElement()), insets: insets, minHeight: t.minHeight ?? 0, maxHeight: t.maxHeight ?? .infinity,
                          minWidth: t.minWidth ?? 0, hugging: t.hugging, compression: t.compression))
        switch t.content {
        case .text(let text):
            nodes[index].kind = .text(slot: try addSlot(text, path: path + ".text", hidesWhenEmpty: text.hidesWhenEmpty,
                                                        column: column, readers: &readers))
        case .constraints(let element):
            nodes[index].kind = .constraints(try compile(element, path: path + ".constraints", column: column, readers: &readers))
        case .box(let box):
            let p = path + ".box"
            if let w = box.width { try Self.checkLength(w, p + ".width") }
            if let h = box.height { try Self.checkLength(h, p + ".height") }
            if let r = box.aspectRatio, !(r >= 0.001 && r <= 1000) {
                throw SizingError(path: p + ".aspectRatio", .template("must be from 0.001 to 1000 (width ÷ height; got \(r))"))
            }
            nodes[index].kind = .box(box)
        case .stack(let stack):
            let p = path + (stack.axis == .horizontal ? ".hstack" : ".vstack")
            try Self.checkLength(stack.spacing, p + ".spacing")
            guard !stack.children.isEmpty else { throw SizingError(path: p + ".children", .template("a stack needs at least one child")) }
            var childIndices: [Int] = []
            for (k, child) in stack.children.enumerated() {
                childIndices.append(try add(child, path: p + ".children[\(k)]", depth: depth + 1, column: column, readers: &readers))
            }
            let start = children.count
            children += childIndices
            nodes[index].kind = .stack(horizontal: stack.axis == .horizontal, spacing: stack.spacing, alignment: stack.alignment,
                                       distribution: stack.distribution, children: start..<children.count)
        }
        return index
    }

    /// Adds a text element's slot (its attributes) and reader; returns the slot.
    mutating func addSlot<Row>(_ text: TextElement<Row>, path p: String, hidesWhenEmpty: Bool,
                               column: (String) -> ((Row) -> String?)?, readers: inout [(Row) -> String?]) throws(SizingError) -> Int {
        let read: (Row) -> String?
        switch text.source {
        case .column(let name):
            guard let reader = column(name) else { throw SizingError(path: p + ".column", .noSuchColumn(name)) }
            read = reader
        case .value(let closure):
            read = closure
        }
        if let size = text.font.size, !(size.isFinite && size > 0 && size <= 10_000) {
            throw SizingError(path: p + ".size", .outOfRange(expected: "a font size must be above 0 and at most 10000 points", got: "\(size)"))
        }
        guard text.lines >= 0 else { throw SizingError(path: p + ".lines", .outOfRange(expected: "must be 0 (no limit) or more", got: "\(text.lines)")) }
        var a = TextAttributes(size: text.font.pointSize(category: environment.category, maximum: environment.maximumCategory),
                               fontStyle: text.font.fontStyle)
        a.opticalSizing = environment.opticalSizing
        a.hyphenateWordBreaks = text.hyphenates
        if text.lines == 1 && text.truncates {
            a.lineBreakMode = .singleLine
        } else {
            a.maxLines = text.lines
        }
        slots.append(Slot(attributes: a, hidesWhenEmpty: hidesWhenEmpty, clips: !text.truncates && text.lines > 0))
        readers.append(read)
        return slots.count - 1
    }

    /// The longest length a template may give: the tallest row a table can hold.
    package static var maximumLength: Double { 16_777_215 }

    /// Why a length can't be used (not finite, negative or, unless allowed, 0, or longer than
    /// `maximumLength`), or nil: the one rule for every length of a template or a table.
    package static func lengthProblem(_ value: Double, allowingZero: Bool = true) -> String? {
        guard value.isFinite && (allowingZero ? value >= 0 : value > 0) && value <= maximumLength else {
            return "must be a finite number of points \(allowingZero ? "from 0" : "above 0") to \(Int(maximumLength)) (got \(value))"
        }
        return nil
    }

    static func checkLength(_ value: Double, _ path: String) throws(SizingError) {
        if lengthProblem(value) != nil { throw SizingError(path: path, .invalidLength(value, allowsZero: true)) }
    }
}
