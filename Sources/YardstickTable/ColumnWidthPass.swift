import YardstickLayout
import YardstickTemplates

/// A grid's column widths chosen over a table read in blocks, holding only what each column's
/// mode needs: the same widths `ColumnWidths.compute` gives the whole table, bit for bit.
///
/// Two passes over the rows, in order:
/// 1. `count(_:)` every block: each column's number of values; for modes that measure every
///    value (`maxMeasured`, Auto Layout over `all`), the widest so far (max is exact in any
///    grouping); for character-count estimates, the running sum in row order.
/// 2. `sample(_:)` every block again, only when `needsSamples`: the rows each sampling mode
///    picks (every ⌈count ÷ size⌉-th value, as `ColumnWidths.sampleRows` over the whole table).
/// Then `columns()`. Memory: the samples (at most the sample sizes in rows). Time: pass 1 costs
/// a measurement of every value only for the modes that need one.
package struct ColumnWidthPass {
    let names: [String]
    let configuration: DataTableConfiguration
    let templates: [Int: CellSizer<TableData.Row>]
    let engine: TextEngine
    let threads: Int
    let body: TextAttributes
    let modes: [DataTableConfiguration.ColumnWidthMode]
    /// Per column: values seen (rows long enough to have it).
    private var present: [Int]
    private var widest: [Double?]
    private var characterSums: [Double]
    /// Per sampled column: the value indices to keep, the next one, values seen in pass 2, and the rows kept.
    private var picks: [[Int]] = []
    private var next: [Int] = []
    private var seen: [Int] = []
    private var samples: [[TableData.Row]] = []

    package init(columns: [String], configuration: DataTableConfiguration, engine: TextEngine, threads: Int) throws(SizingError) {
        names = columns
        self.configuration = configuration
        try configuration.validate()
        templates = try TablePlan.gridTemplates(columns, configuration, engine: engine)
        self.engine = engine
        self.threads = threads
        body = ColumnWidths.bodyAttributes(configuration)
        modes = columns.map { configuration.columnWidthModes[$0] ?? configuration.columnWidthMode }
        present = Array(repeating: 0, count: columns.count)
        widest = Array(repeating: nil, count: columns.count)
        characterSums = Array(repeating: 0, count: columns.count)
    }

    /// The sample size a column's mode takes, if it samples.
    private static func sampleSize(_ mode: DataTableConfiguration.ColumnWidthMode) -> Int? {
        switch mode {
        case .fitContentText(.sampledMax(let n)), .fitContentText(.percentileMeasured(_, let n)), .fitContentText(.hybrid(let n, _)),
             .fitContentAutoLayout(.sampledMax(let n)), .fitContentAutoLayout(.percentile(_, let n)): n
        default: nil
        }
    }

    private static func measuresAll(_ mode: DataTableConfiguration.ColumnWidthMode) -> Bool {
        switch mode {
        case .fitContentText(.maxMeasured), .fitContentAutoLayout(.all): true
        default: false
        }
    }

    private static func charWidth(_ mode: DataTableConfiguration.ColumnWidthMode) -> Double? {
        switch mode {
        case .fitContentText(.estimatedAverage(let w)), .fitContentText(.hybrid(_, let w)): w
        default: nil
        }
    }

    /// Whether pass 1 reads the rows at all: some column's width depends on them (its mode is
    /// not fixed and `columnWidths` does not name it).
    package var readsRows: Bool {
        names.indices.contains { i in
            if case .fixed = modes[i] { return false }
            return configuration.columnWidths[names[i]] == nil
        }
    }

    /// Whether pass 2 is needed.
    package var needsSamples: Bool { modes.contains { Self.sampleSize($0) != nil } }

    /// Pass 1 over a block of rows.
    package mutating func count(_ rows: [TableData.Row]) {
        count(rows: rows.count, fieldCount: { rows[$0].fields.count }, row: { rows[$0] })
    }

    /// Pass 1 over a block of `rows` rows, read as needed: most modes need only each row's
    /// number of fields; `row(k)` is asked only by modes that measure or count every value.
    package mutating func count(rows n: Int, fieldCount: (Int) -> Int, row: (Int) -> TableData.Row) {
        var built: [TableData.Row]?
        func all() -> [TableData.Row] {
            if built == nil { built = (0..<n).map(row) }
            return built!
        }
        for (i, mode) in modes.enumerated() {
            if case .fixed = mode { continue }
            for k in 0..<n where i < fieldCount(k) { present[i] += 1 }
            if let w = Self.charWidth(mode) {
                for r in all() where i < r.fields.count { characterSums[i] += Double(r.fields[i].count) * w }
            }
            if Self.measuresAll(mode) {
                let w = ColumnWidths.baseWidth(column: i, mode: mode, of: TableData(columns: names, rows: all()), templates: templates,
                                               attributes: body, engine: engine, threads: threads)
                widest[i] = max(widest[i] ?? w, w)
            }
        }
    }

    /// Pass 2 over the same blocks, in the same order.
    package mutating func sample(_ rows: [TableData.Row]) {
        sample(rows: rows.count, fieldCount: { rows[$0].fields.count }, row: { rows[$0] })
    }

    /// Pass 2 over a block of `rows` rows: `row(k)` is asked only for rows a sample takes.
    package mutating func sample(rows n: Int, fieldCount: (Int) -> Int, row: (Int) -> TableData.Row) {
        if picks.isEmpty {
            picks = modes.indices.map { i in Self.sampleSize(modes[i]).map { ColumnWidths.sampleRows(present[i], $0) } ?? [] }
            next = Array(repeating: 0, count: names.count)
            seen = Array(repeating: 0, count: names.count)
            samples = Array(repeating: [], count: names.count)
        }
        var built: [Int: TableData.Row] = [:]
        for i in names.indices where !picks[i].isEmpty {
            for k in 0..<n where i < fieldCount(k) {
                if next[i] < picks[i].count && picks[i][next[i]] == seen[i] {
                    if built[k] == nil { built[k] = row(k) }
                    samples[i].append(built[k]!)
                    next[i] += 1
                }
                seen[i] += 1
            }
        }
    }

    /// The widths, after pass 1 (and pass 2 when `needsSamples`).
    package func columns() throws(SizingError) -> GridColumns {
        try Self.columns(names, configuration: configuration, engine: engine, threads: threads, bases: bases())
    }

    /// Each column's width before clamping (nil for a fixed mode), after the passes: what
    /// `columns(_:configuration:engine:threads:bases:)` turns into the widths.
    package func bases() -> [Double?] {
        modes.indices.map { i in
            if case .fixed = modes[i] { return nil }
            return base(i, modes[i])
        }
    }

    /// The columns' widths from their bases (see `bases()`).
    package static func columns(_ names: [String], configuration: DataTableConfiguration, engine: TextEngine, threads: Int,
                                bases: [Double?]) throws(SizingError) -> GridColumns {
        try ColumnWidths.assemble(names, configuration, engine: engine, threads: threads) { i, _, _ in i < bases.count ? bases[i] ?? 0 : 0 }
    }

    private func base(_ i: Int, _ mode: DataTableConfiguration.ColumnWidthMode) -> Double {
        let rows = i < samples.count ? samples[i] : []
        let average = present[i] == 0 ? 0 : characterSums[i] / Double(present[i])
        switch mode {
        case .fitContentText(.maxMeasured), .fitContentAutoLayout(.all):
            return widest[i] ?? ColumnWidths.baseWidth(column: i, mode: mode, of: TableData(columns: names, rows: []), templates: templates,
                                                       attributes: body, engine: engine, threads: threads)
        case .fitContentText(.estimatedAverage):
            return average + 30 + 2 * 15
        case .fitContentText(.hybrid(let n, _)):
            let measured = ColumnWidths.textWidth(column: i, of: TableData(columns: names, rows: rows), strategy: .sampledMax(sampleSize: n),
                                                  attributes: body, engine: engine, threads: threads)
            return max(average, measured) + 30 + 2 * 15
        default:
            return ColumnWidths.baseWidth(column: i, mode: mode, of: TableData(columns: names, rows: rows), templates: templates,
                                          attributes: body, engine: engine, threads: threads)
        }
    }
}
