import YardstickOffsets
import YardstickTable
import YardstickTemplates

extension LazyTable {
    /// What a renderer draws for row `row`: its cells at their x, each text laid out in its
    /// frame with the string it shows, each box. The row is read again; only a measured row is
    /// drawn, and only if its texts still give its height, so what is drawn is what the height
    /// came from: an estimated row is an error (scroll to it first), and so is a caller's row
    /// changed without the table being told (reload it first).
    /// - Complexity: the row's texts prepared again (shaping cached) and fitted.
    package mutating func drawing(row: Int) throws -> TableDrawing.Item {
        let p = RowPosition(section: 0, row: max(row, 0))
        try completeIndex(before: p)
        try table.check(p)
        guard try table.isMeasured(p) else {
            throw SizingError(path: "", .notApplicable("row \(row) is estimated, not measured: scroll to it first (its frames are those its height came from)"))
        }
        let drawn = try table.drawing(rows: row...row, checksHeights: true)
        guard let item = drawn.items.first(where: { if case .row = $0.part { return true } else { return false } }) else {
            preconditionFailure("a drawing of row \(row) without the row")
        }
        return item
    }

    /// The table's header (a grid's column titles) or footer as drawn; nil when it has none.
    package func drawing(header: Bool) throws -> TableDrawing.Item? {
        try table.drawing(header: header, section: 0)
    }
}
