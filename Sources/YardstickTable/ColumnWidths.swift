import YardstickFonts
import YardstickLayout
import YardstickShaping
import YardstickTemplates

/// A grid's column widths, as SwiftDataTables chooses them (`SwiftDataTable.swift`,
/// `DataStructureModel.swift`, pavankataria/SwiftDataTables 870de05):
/// - text strategies: base width + 30 (sort indicator) + 2 × 15 (cell margins);
/// - every mode is clamped: `max(min(max(w, minColumnWidth), maxColumnWidth), header)`, where
///   header = the bold title's width + 45, so the title beats `maxColumnWidth`;
/// - when the columns together are narrower than the frame, each widens in proportion;
/// - a width given by name (`widthForColumnAt`) beats all of it, unclamped and unscaled.
enum ColumnWidths {
    static func compute(_ data: TableData, _ c: DataTableConfiguration, templates: [Int: CellSizer<TableData.Row>],
                        engine: TextEngine, threads: Int) throws(SizingError) -> GridColumns {
        try assemble(data.columns, c, engine: engine, threads: threads) { i, mode, body in
            baseWidth(column: i, mode: mode, of: data, templates: templates, attributes: body, engine: engine, threads: threads)
        }
    }

    /// The body text's attributes widths are measured with.
    static func bodyAttributes(_ c: DataTableConfiguration) -> TextAttributes {
        let env = c.environment
        var body = TextAttributes(textStyle: .body, category: env.category, maximumCategory: env.maximumCategory)
        body.hyphenateWordBreaks = false
        return body
    }

    /// The columns' widths from each one's base width (what its mode gives before clamping;
    /// `base` is not asked for fixed columns), clamped, with the titles' least widths.
    static func assemble(_ columns: [String], _ c: DataTableConfiguration, engine: TextEngine, threads: Int,
                         base: (Int, DataTableConfiguration.ColumnWidthMode, TextAttributes) throws(SizingError) -> Double) throws(SizingError) -> GridColumns {
        for name in Set(c.columnWidths.keys).union(c.columnWidthModes.keys).sorted() where !columns.contains(name) {
            throw SizingError(path: "columns.\(name)", .noSuchColumn(name))
        }
        let body = bodyAttributes(c)
        var bold = body
        bold.fontStyle = .bold
        let titles = engine.prepare(columns, style: .bold, threads: threads)
        var widths: [Double] = []
        for (i, name) in columns.enumerated() {
            let header = titles[i].naturalWidth(attributes: bold) + 45
            let mode = c.columnWidthModes[name] ?? c.columnWidthMode
            let clamp = { (w: Double) in max(min(max(w, c.minColumnWidth), c.maxColumnWidth ?? .infinity), header) }
            if case .fixed(let w) = mode { widths.append(clamp(w)) } else { widths.append(clamp(try base(i, mode, body))) }
        }
        var named: [Int: Double] = [:]
        for (i, name) in columns.enumerated() { if let w = c.columnWidths[name] { named[i] = w } }
        var result = GridColumns(automatic: widths, named: named, scalesToFill: c.shouldContentWidthScaleToFillFrame, frameWidth: c.frameWidth)
        for title in titles { result.titleMissingGlyphs.formUnion(title.missingGlyphs) }
        return result
    }

    /// What a (not fixed) mode gives column `i` of `data` before clamping.
    static func baseWidth(column i: Int, mode: DataTableConfiguration.ColumnWidthMode, of data: TableData,
                          templates: [Int: CellSizer<TableData.Row>], attributes body: TextAttributes, engine: TextEngine, threads: Int) -> Double {
        switch mode {
        case .fixed(let w):
            return w
        case .fitContentText(let strategy):
            return textWidth(column: i, of: data, strategy: strategy, attributes: body, engine: engine, threads: threads) + 30 + 2 * 15
        case .fitContentAutoLayout(let sample):
            let present = data.rows.indices.filter { data.rows[$0][column: i] != nil }
            let rows: [Int]
            switch sample {
            case .all: rows = present
            case .sampledMax(let n), .percentile(_, let n): rows = sampleRows(present.count, n).map { present[$0] }
            }
            var natural: [Double]
            if let sizer = templates[i] {
                let prepared = sizer.prepare(count: rows.count, threads: threads) { data.rows[rows[$0]] }
                var scratch = FitScratch(nodeCount: sizer.layout.nodes.count)
                natural = rows.indices.map { k in prepared.withRow(k) { sizer.layout.naturalWidth(texts: $0, scratch: &scratch) } }
            } else { // the default cell: label (at least 20 wide) between 15 pt margins
                let texts = engine.prepare(rows.map { data.rows[$0][column: i] ?? "" }, style: .regular, threads: threads)
                natural = texts.map { max($0.naturalWidth(attributes: body), 20) + 30 }
            }
            natural = natural.map { ($0 - 1e-9).rounded(.up) }
            if case .percentile(let p, _) = sample { return percentile(natural, p) }
            return natural.max() ?? 0
        }
    }

    /// The base width a text strategy gives a column.
    static func textWidth(column: Int, of data: TableData, strategy: DataTableConfiguration.ColumnWidthStrategy, attributes: TextAttributes,
                          engine: TextEngine, threads: Int) -> Double {
        // Rows too short to have this column are left out, as SwiftDataTables does.
        let values = data.rows.compactMap { $0[column: column] }
        func measured(_ rows: [Int]) -> [Double] {
            let texts = engine.prepare(rows.map { values[$0] }, style: .regular, threads: threads)
            return Parallel.map(count: texts.count, threads: threads) { k in (texts[k].naturalWidth(attributes: attributes) - 1e-9).rounded(.up) }
        }
        func average(_ charWidth: Double) -> Double {
            guard !values.isEmpty else { return 0 }
            var sum = 0.0
            for value in values { sum += Double(value.count) * charWidth }
            return sum / Double(values.count)
        }
        switch strategy {
        case .maxMeasured:
            return measured(Array(values.indices)).max() ?? 0
        case .sampledMax(let n):
            return measured(sampleRows(values.count, n)).max() ?? 0
        case .percentileMeasured(let p, let n):
            return percentile(measured(sampleRows(values.count, n)), p)
        case .estimatedAverage(let charWidth):
            return average(charWidth)
        case .hybrid(let n, let charWidth):
            return max(average(charWidth), measured(sampleRows(values.count, n)).max() ?? 0)
        }
    }

    /// Every ⌈count ÷ size⌉-th row from row 0, at most `size` of them; all rows when `size` is
    /// not below the count (or not above 0).
    static func sampleRows(_ count: Int, _ size: Int) -> [Int] {
        guard size > 0 && count > size else { return Array(0..<count) }
        let stride = max(1, (count + size - 1) / size)
        var rows: [Int] = []
        var i = 0
        while i < count && rows.count < size {
            rows.append(i)
            i += stride
        }
        return rows
    }

    /// `sorted[round(clamp(p, 0, 1) × (k − 1))]`; 0 for no values.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let index = Int((min(max(p, 0), 1) * Double(sorted.count - 1)).rounded())
        return sorted[index]
    }
}

/// A grid's column widths as chosen by their modes, before and after the frame and the widths
/// given by name: what a new frame width or a column's new width is applied to.
package struct GridColumns {
    var automatic: [Double]
    var named: [Int: Double]
    var scalesToFill: Bool
    var frameWidth: Double?
    /// The clusters of the column titles no face covers (they set the columns' least widths).
    var titleMissingGlyphs = MissingGlyphs.none

    /// The widths at the configured frame.
    package var configuredWidths: [Double] { widths(frame: frameWidth) }

    /// Columns narrower in all than the frame widen in proportion; named widths beat all.
    func widths(frame: Double?) -> [Double] {
        var widths = automatic
        if scalesToFill, let frame {
            let total = widths.reduce(0, +)
            if total > 0 && total < frame {
                let gap = frame - total
                widths = widths.map { $0 + gap * ($0 / total) }
            }
        }
        for (i, w) in named { widths[i] = w }
        return widths
    }
}

extension DataTableConfiguration.ColumnWidthMode {
    func validate(_ path: String) throws(SizingError) {
        func size(_ n: Int, _ p: String) throws(SizingError) {
            guard n > 0 else { throw SizingError(path: p, .outOfRange(expected: "a sample size must be at least 1", got: "\(n)")) }
        }
        func fraction(_ v: Double, _ p: String) throws(SizingError) {
            guard v.isFinite && v >= 0 && v <= 1 else { throw SizingError(path: p, .outOfRange(expected: "a percentile must be between 0 and 1", got: "\(v)")) }
        }
        switch self {
        case .fixed(let w): try SizingError.check(w, path + ".fixed", allowZero: false)
        case .fitContentText(let s):
            let p = path + ".fitContentText"
            switch s {
            case .maxMeasured: break
            case .sampledMax(let n): try size(n, p + ".sampledMax.sampleSize")
            case .percentileMeasured(let v, let n): try fraction(v, p + ".percentileMeasured.percentile"); try size(n, p + ".percentileMeasured.sampleSize")
            case .estimatedAverage(let w): try SizingError.check(w, p + ".estimatedAverage.averageCharWidth")
            case .hybrid(let n, let w): try size(n, p + ".hybrid.sampleSize"); try SizingError.check(w, p + ".hybrid.averageCharWidth")
            }
        case .fitContentAutoLayout(let sample):
            let p = path + ".fitContentAutoLayout"
            switch sample {
            case .all: break
            case .sampledMax(let n): try size(n, p + ".sampledMax.sampleSize")
            case .percentile(let v, let n): try fraction(v, p + ".percentile.percentile"); try size(n, p + ".percentile.sampleSize")
            }
        }
    }
}
