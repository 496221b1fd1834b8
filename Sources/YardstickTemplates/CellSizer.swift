import YardstickFonts
import YardstickLayout

/// A cell template bound to a text engine and an environment: fits rows at a width.
///
/// `height(for:width:)` prepares the row's texts (analysis and shaping, cached by the engine)
/// and fits the template, O(text length + elements). Tables prepare many rows at once on all
/// cores and keep the prepared texts, so fitting again at another width, or with another
/// category (`with(environment:)`), is arithmetic only.
public struct CellSizer<Row> {
    /// The template the sizer fits, as given.
    public let template: CellTemplate<Row>
    /// The engine that prepares the rows' texts (analysis and shaping, cached).
    public let engine: TextEngine
    /// The checked, flattened template (independent of `Row`).
    package private(set) var layout: TemplateLayout
    /// Each text element's reader, in slot order.
    package let readers: [(Row) -> String?]
    private let path: String
    private let column: @Sendable (String) -> ((Row) -> String?)?

    /// Checks `template` and flattens it for `environment`, ready to fit rows.
    /// - Parameters:
    ///   - template: the cell.
    ///   - engine: measures its texts.
    ///   - environment: width-independent settings: Dynamic Type category, display scale.
    ///   - path: where the template sits, for error messages.
    ///   - column: the reader of a named column; nil (the default) when rows have no columns,
    ///     so a `.column` text is an error.
    /// - Throws: `SizingError`, at `path`, for a template that can't be used (a bad length or
    ///   priority, an unknown column) or an environment out of range.
    public init(_ template: CellTemplate<Row>, engine: TextEngine, environment: SizingEnvironment = SizingEnvironment(),
                path: String = "cell", column: @escaping @Sendable (String) -> ((Row) -> String?)? = { _ in nil }) throws(SizingError) {
        self.template = template
        self.engine = engine
        self.path = path
        self.column = column
        var readers: [(Row) -> String?] = []
        layout = try TemplateLayout(template, environment: environment, path: path, column: column, readers: &readers)
        self.readers = readers
    }

    /// The traits the sizer fits under: content size category and display scale.
    public var environment: SizingEnvironment { layout.environment }

    /// The same template under other traits (a new content size category): texts prepared for
    /// this sizer stay valid, since a text's font style does not change with the category.
    /// - Throws: `SizingError` for an environment that can't be used (a display scale out of range).
    public func with(environment: SizingEnvironment) throws(SizingError) -> CellSizer {
        var copy = self
        var unused: [(Row) -> String?] = []
        copy.layout = try TemplateLayout(template, environment: environment, path: path, column: column, readers: &unused)
        copy.layout.ceilsToWholePoints = layout.ceilsToWholePoints
        return copy
    }

    /// Rounds the cell's height up to whole points whatever the display scale (SwiftDataTables'
    /// default cell does).
    package func ceilingToWholePoints() -> CellSizer {
        var copy = self
        copy.layout.ceilsToWholePoints = true
        return copy
    }

    /// The height of `row`'s cell at `width`.
    public func height(for row: Row, width: Double) -> Double {
        let texts = prepare(count: 1, threads: 1) { _ in row }
        var scratch = FitScratch(nodeCount: layout.nodes.count)
        return texts.withRow(0) { layout.height(width: width, texts: $0, scratch: &scratch) }
    }

    /// The heights of many rows' cells at `width`, on `threads` threads (0 = all cores): each
    /// text slot prepared for all rows at once, then every cell fitted. The same numbers as
    /// `height(for:width:)` row by row, whatever the thread count.
    public func heights(for rows: [Row], width: Double, threads: Int = 0) -> [Double] {
        let texts = prepare(count: rows.count, threads: threads) { rows[$0] }
        let layout = self.layout
        let workers = Parallel.workerCount(count: rows.count, threads: threads, chunk: 64)
        let scratch = UnsafeMutableBufferPointer<FitScratch>.allocate(capacity: workers)
        _ = scratch.initialize(from: (0..<workers).map { _ in FitScratch(nodeCount: layout.nodes.count) })
        defer { scratch.deinitialize(); scratch.deallocate() }
        return Parallel.map(count: rows.count, threads: workers, chunk: 64) { r, worker in
            texts.withRow(r) { layout.height(width: width, texts: $0, scratch: &scratch[worker]) }
        }
    }

    /// The height and each element's frame.
    public func fit(_ row: Row, width: Double) -> CellFit {
        let texts = prepare(count: 1, threads: 1) { _ in row }
        return texts.withRow(0) { layout.fit(width: width, texts: $0) }
    }

    /// The cell's natural width (its texts on one line).
    public func naturalWidth(for row: Row) -> Double {
        let texts = prepare(count: 1, threads: 1) { _ in row }
        var scratch = FitScratch(nodeCount: layout.nodes.count)
        return texts.withRow(0) { layout.naturalWidth(texts: $0, scratch: &scratch) }
    }

    // MARK: - Batches

    /// How each text element is read and shaped, in slot order.
    package var slotReaders: [SlotReader<Row>] {
        zip(readers, layout.slots).map { SlotReader(read: $0, fontStyle: $1.fontStyle, skipsEmpty: $1.hidesWhenEmpty) }
    }

    /// Prepares the texts of `count` rows on `threads` threads (0 = all cores).
    package func prepare(count: Int, threads: Int, row: (Int) -> Row) -> PreparedCells {
        PreparedCells(slotReaders, count: count, engine: engine, threads: threads, row: row)
    }
}

// An engine (thread-safe) and a template: sizing can run on any thread or actor. Unchecked only
// because the readers' type does not say it: each is made from a `@Sendable` closure, a
// `Sendable` key path or the `@Sendable` column reader.
extension CellSizer: @unchecked Sendable {}
