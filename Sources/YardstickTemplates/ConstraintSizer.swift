import YardstickConstraints
import YardstickLayout

/// A cell laid out by constraints (`ConstraintCell`) whose texts are real: each text view reads
/// its string from the row and is measured by the engine, as a UILabel with
/// `preferredMaxLayoutWidth` set to the width the layout gives it (one-line width for the
/// intrinsic width, height and baselines at the solved width). An empty text's intrinsic size
/// is 0 × 0, as an empty UILabel's (its hugging and compression still apply).
///
/// The solver is built once; a row costs preparing its texts (analysis and shaping, cached by
/// the engine), a few suggestions and re-solves, and a layout per text per pass. Not
/// thread-safe (the solver is state); copy it per thread.
package struct ConstraintSizer<Row>: Sendable {
    /// A text view: where its string comes from and how it is set.
    package struct Text: Sendable {
        package var read: @Sendable (Row) -> String
        package var attributes: TextAttributes
        package init(_ read: @escaping @Sendable (Row) -> String, attributes: TextAttributes) {
            self.read = read
            self.attributes = attributes
        }
    }

    private var cell: ConstraintCell
    private let texts: [Int: Text]
    package let engine: TextEngine

    /// - Throws: `ConstraintCellError` for a rule that cannot be used, or a text naming no text view.
    package init(views: [ConstraintCell.View], texts: [String: Text], rules: [String], engine: TextEngine) throws(ConstraintCellError) {
        cell = try ConstraintCell(views: views, rules: rules)
        var byIndex: [Int: Text] = [:]
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            guard let k = cell.viewIndex(name), cell.views[k].kind == .text else { throw .unknownView(name, rule: "text \(name)") }
            byIndex[k] = text
        }
        self.texts = byIndex
        self.engine = engine
    }

    /// The cell's height for `row` at `width`.
    package mutating func height(for row: Row, width: Double) throws(ConstraintError) -> Double {
        var prepared: [Int: PreparedText] = [:]
        for (k, text) in texts {
            let string = text.read(row)
            // An empty label has no intrinsic size (UILabel's), unlike a stack's hidden text.
            if !string.isEmpty { prepared[k] = engine.prepare(string, style: text.attributes.fontStyle) }
        }
        let texts = self.texts
        return try cell.fit(width: width, naturalWidth: { k in
            guard let p = prepared[k], let t = texts[k] else { return 0 }
            return p.naturalWidth(attributes: t.attributes)
        }, measure: { k, w in
            guard let p = prepared[k], let t = texts[k] else { return .init(height: 0, firstBaseline: 0, lastBaselineFromBottom: 0) }
            let layout = p.layout(width: max(w, 0.001), attributes: t.attributes)
            let first = layout.lines.first?.baseline ?? 0
            let last = layout.lines.last?.baseline ?? 0
            return .init(height: layout.height, firstBaseline: first, lastBaselineFromBottom: layout.height - last)
        })
    }

    /// A view's frame after the last `height(for:width:)`.
    package func frame(of name: String) -> (x: Double, y: Double, width: Double, height: Double)? { cell.frame(of: name) }
}
