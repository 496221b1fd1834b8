import YardstickFonts
import YardstickLayout

/// A cell template bound to a text engine and an environment: fits rows at a width.
///
/// `height(for:width:)` prepares the row's texts (analysis and shaping, cached by the engine)
/// and fits the template, O(text length + elements). Tables prepare many rows at once on all
/// cores and keep the prepared texts, so fitting again at another width, or with another
/// category (`with(environment:)`), is arithmetic only.
public struct CellSizer<Row> {
    public let template: CellTemplate<Row>
    public let engine: TextEngine
    package let compiled: CompiledTemplate<Row>
    private let path: String
    private let column: (String) -> ((Row) -> String?)?

    /// - Parameters:
    ///   - path: where the template sits, for error messages.
    ///   - column: the reader of a named column; nil (the default) when rows have no columns,
    ///     so a `.column` text is an error.
    public init(_ template: CellTemplate<Row>, engine: TextEngine, environment: SizingEnvironment = SizingEnvironment(),
                path: String = "cell", column: @escaping (String) -> ((Row) -> String?)? = { _ in nil }) throws(TemplateError) {
        self.template = template
        self.engine = engine
        self.path = path
        self.column = column
        compiled = try CompiledTemplate(template, environment: environment, path: path, column: column)
    }

    private init(_ other: CellSizer, compiled: CompiledTemplate<Row>) {
        template = other.template
        engine = other.engine
        path = other.path
        column = other.column
        self.compiled = compiled
    }

    public var environment: SizingEnvironment { compiled.environment }

    /// The same template under other traits (a new content size category): texts prepared for
    /// this sizer stay valid, since a text's font style does not change with the category.
    public func with(environment: SizingEnvironment) -> CellSizer {
        var c = try! CompiledTemplate(template, environment: environment, path: path, column: column) // checked in init
        c.ceilsToWholePoints = compiled.ceilsToWholePoints
        return CellSizer(self, compiled: c)
    }

    /// Rounds the cell's height up to whole points whatever the display scale (SwiftDataTables'
    /// default cell does).
    package func ceilingToWholePoints() -> CellSizer {
        var c = compiled
        c.ceilsToWholePoints = true
        return CellSizer(self, compiled: c)
    }

    /// The height of `row`'s cell at `width`.
    public func height(for row: Row, width: Double) -> Double {
        let texts = prepare(count: 1, threads: 1) { _ in row }
        var scratch = FitScratch(nodeCount: compiled.nodes.count)
        return texts.withRow(0) { compiled.height(width: width, texts: $0, scratch: &scratch) }
    }

    /// The height and each element's frame.
    public func fit(_ row: Row, width: Double) -> CellFit {
        let texts = prepare(count: 1, threads: 1) { _ in row }
        return texts.withRow(0) { compiled.fit(width: width, texts: $0) }
    }

    /// The cell's natural width (its texts on one line).
    public func naturalWidth(for row: Row) -> Double {
        let texts = prepare(count: 1, threads: 1) { _ in row }
        var scratch = FitScratch(nodeCount: compiled.nodes.count)
        return texts.withRow(0) { compiled.naturalWidth(texts: $0, scratch: &scratch) }
    }

    // MARK: - Batches

    /// Prepares the texts of `count` rows on `threads` threads (0 = all cores), slot by slot,
    /// empty texts left out (hidden), unless the element shows them as one line.
    package func prepare(count: Int, threads: Int, row: (Int) -> Row) -> PreparedCells {
        let slotCount = compiled.slots.count
        var cells = PreparedCells(rowCount: count, slotCount: slotCount)
        for (s, slot) in compiled.slots.enumerated() {
            var texts: [String] = []
            var rows: [Int32] = []
            texts.reserveCapacity(count)
            rows.reserveCapacity(count)
            for r in 0..<count {
                let value = slot.read(row(r)) ?? ""
                if value.isEmpty && slot.hidesWhenEmpty { continue }
                texts.append(value)
                rows.append(Int32(r))
            }
            let prepared = engine.prepare(texts, style: slot.fontStyle, threads: threads)
            for k in prepared.indices { cells.texts[Int(rows[k]) * slotCount + s] = prepared[k] }
        }
        return cells
    }
}

/// Prepared texts of many rows, row by row (`slotCount` per row; nil: hidden).
package struct PreparedCells: Sendable {
    package var texts: [PreparedText?]
    package let slotCount: Int

    package init(rowCount: Int, slotCount: Int) {
        texts = Array(repeating: nil, count: rowCount * slotCount)
        self.slotCount = slotCount
    }

    package var rowCount: Int { slotCount == 0 ? 0 : texts.count / slotCount }

    package func withRow<T>(_ row: Int, _ body: (UnsafeBufferPointer<PreparedText?>) -> T) -> T {
        texts.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[row * slotCount..<(row + 1) * slotCount]))
        }
    }

    /// One row's texts as their own value.
    package func row(_ r: Int) -> [PreparedText?] { Array(texts[r * slotCount..<(r + 1) * slotCount]) }
}
