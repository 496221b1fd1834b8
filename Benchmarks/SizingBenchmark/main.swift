// Table sizing benchmark: eager sizing of a grid and a list, lazy time to first screen at
// growing row counts, remeasureRow, and a template's overhead over measuring its texts alone.
//
//   swift run -c release SizingBenchmark [--rows N] [--skip-eager] [--skip-lazy]
//
// Rows are three text columns made from the bundled sample (Data/sample.csv): a customer name,
// a status (few distinct values) and an order note (20–1000 bytes, many languages), the note
// ending in the row number so no two notes are equal. Every eager pass runs on a new engine
// (cold shaping cache). Prints figures; asserts nothing.
import Foundation
import YardstickFonts
import YardstickLayout
import YardstickOffsets
import YardstickTable
import YardstickTemplates

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
func fmt(_ v: Double, _ places: Int = 2) -> String { String(format: "%.\(places)f", v) }

var args = Array(CommandLine.arguments.dropFirst())
var rowCount = 1_000_000
if let i = args.firstIndex(of: "--rows"), i + 1 < args.count { rowCount = Int(args[i + 1]) ?? rowCount; args.removeSubrange(i...(i + 1)) }
let skipEager = args.contains("--skip-eager")
let skipLazy = args.contains("--skip-lazy")

let samplePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Data/sample.csv").standardized.path
let sample = try CSVReader(bytes: [UInt8](FileManager.default.contents(atPath: samplePath)!)).rows
let header = sample[0]
let (nameColumn, statusColumn, notesColumn) = (header.firstIndex(of: "customer")!, header.firstIndex(of: "status")!, header.firstIndex(of: "notes")!)
let source = sample.dropFirst().filter { $0.count == header.count }
func field(_ row: Int, _ column: Int) -> String { source[row % source.count][column] }
func name(_ i: Int) -> String { field(i, nameColumn) }
func status(_ i: Int) -> String { field(i, statusColumn) }
func note(_ i: Int) -> String { field(i &* 7 &+ 3, notesColumn) + " #\(i)" }

let rows = (0..<rowCount).map { TableData.Row([name($0), status($0), note($0)]) }
let data = TableData(columns: ["Name", "Status", "Notes"], rows: rows)
let bytes = rows.reduce(0) { $0 + $1.fields.reduce(0) { $0 + $1.utf8.count } }
print("rows: \(rowCount) × 3 text columns, \(fmt(Double(bytes) / Double(rowCount), 1)) UTF-8 bytes per row; \(Machine.coreCount) cores\n")

let fonts = try FontCollection.bundled()
func engine() -> TextEngine { try! TextEngine(fonts: fonts) }

var grid = DataTableConfiguration()
grid.textLayout = .wrap
grid.rowHeightMode = .automatic(estimated: 60, prefetchWindow: 10)
grid.maxColumnWidth = 250
grid.columnWidthMode = .fitContentText(.sampledMax(sampleSize: 1000))

let productCell = CellTemplate<TableData.Row>.hstack(spacing: 12, alignment: .top) {
    CellTemplate.box(width: 44, height: 44)
    CellTemplate.vstack(spacing: 4) {
        CellTemplate.text(column: "Name", style: .headline, lines: 1, truncates: true)
        CellTemplate.text(column: "Notes", style: .body)
        CellTemplate.text(column: "Status", style: .caption1)
    }
}.insets(EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
var list = ListConfiguration(width: 390, cell: productCell)
list.rowHeightMode = .automatic(estimated: 80, prefetchWindow: 10)

if !skipEager {
    print("eager: every row measured (TableLayout.measureAll), new engine each pass")
    print("| layout | threads | seconds | µs per row |")
    print("|---|---:|---:|---:|")
    for (label, make) in [("grid, 3 wrapped columns", { (e: TextEngine, t: Int) in try TableLayout.grid(data, configuration: grid, engine: e, threads: t) }),
                          ("list, product template", { (e: TextEngine, t: Int) in try TableLayout.list(data, configuration: list, engine: e, threads: t) })] {
        for threads in [1, 2] {
            let e = engine()
            let start = now()
            var t = try make(e, threads)
            t.keepsPreparedText = false
            try t.measureAll()
            let s = now() - start
            print("| \(label) | \(threads) | \(fmt(s)) | \(fmt(s * 1e6 / Double(rowCount), 3)) |")
        }
    }
    // The reference: the same cells prepared and measured by the engine alone (no table).
    for threads in [1, 2] {
        let e = engine()
        let cells = rows.flatMap { $0.fields }
        let start = now()
        _ = e.prepareAndMeasure(cells, width: 220, attributes: TextAttributes(size: 17), threads: threads)
        let s = now() - start
        print("| reference: TextEngine.prepareAndMeasure of the same 3 cells | \(threads) | \(fmt(s)) | \(fmt(s * 1e6 / Double(rowCount), 3)) |")
    }
    print("")
}

// Template overhead: the product cell against measuring its three texts alone at the widths
// the stack leaves them (the title on one line, notes wrapped, status wrapped), same rows, each
// pass on a new engine. Six rounds, the order of the three passes rotating; the ratios are
// medians over rounds (this machine's speed swings by ±30 % between neighbouring seconds).
do {
    let n = min(rowCount, 100_000)
    let subset = TableData(columns: data.columns, rows: Array(rows.prefix(n)))
    let textWidth = 390.0 - 32 - 44 - 12
    var headline = TextAttributes(textStyle: .headline)
    headline.lineBreakMode = .singleLine
    headline.hyphenateWordBreaks = false
    var body = TextAttributes(textStyle: .body)
    body.hyphenateWordBreaks = false
    var caption = TextAttributes(textStyle: .caption1)
    caption.hyphenateWordBreaks = false
    func alone() -> Double {
        let e = engine()
        let start = now()
        let titles = e.prepare(subset.rows.map { $0.fields[0] }, style: .bold, threads: 1)
        let notes = e.prepare(subset.rows.map { $0.fields[2] }, style: .regular, threads: 1)
        let statuses = e.prepare(subset.rows.map { $0.fields[1] }, style: .regular, threads: 1)
        var sum = 0.0
        for i in 0..<n {
            let h = titles[i].heightAndLineCount(width: textWidth, attributes: headline).height + 4 + notes[i].measure(width: textWidth, attributes: body).height
                + 4 + statuses[i].heightAndLineCount(width: textWidth, attributes: caption).height
            sum += max(44, h) + 16
        }
        precondition(sum > 0)
        return now() - start
    }
    func sizer() throws -> Double {
        let e = engine()
        let start = now()
        let sizer = try CellSizer(productCell, engine: e, path: "cell", column: subset.columnReader)
        precondition(sizer.heights(for: subset.rows, width: 390, threads: 1).count == n)
        return now() - start
    }
    func table() throws -> Double {
        let e = engine()
        let start = now()
        var t = try TableLayout.list(subset, configuration: list, engine: e, threads: 1)
        try t.measureAll()
        return now() - start
    }
    var times: [[Double]] = [[], [], []]
    for round in 0..<6 {
        for k in 0..<3 {
            let which = (k + round) % 3
            times[which].append(which == 0 ? alone() : which == 1 ? try sizer() : try table())
        }
    }
    func median(_ v: [Double]) -> Double { let s = v.sorted(); return (s[s.count / 2] + s[(s.count - 1) / 2]) / 2 }
    let sizerRatio = median(zip(times[1], times[0]).map { $0 / $1 }), tableRatio = median(zip(times[2], times[0]).map { $0 / $1 })
    print("template overhead, \(n) rows, 1 thread, 6 rounds (new engine each pass; best time, median of per-round ratios):")
    print("| what | best seconds | over the texts alone |")
    print("|---|---:|---:|")
    print("| its three texts alone (prepare, measure at the widths the stack leaves) | \(fmt(times[0].min()!, 3)) | |")
    print("| the product cell, CellSizer.heights (template fitting) | \(fmt(times[1].min()!, 3)) | +\(fmt((sizerRatio - 1) * 100, 1)) % |")
    print("| the product cell in a list, TableLayout.measureAll (fitting + row-offset cache) | \(fmt(times[2].min()!, 3)) | +\(fmt((tableRatio - 1) * 100, 1)) % |\n")
}

if !skipLazy {
    // Lazy: rows are indices (their texts computed from the sample), so 10M rows cost little.
    let lazyCell = CellTemplate<Int>.vstack(spacing: 4) {
        CellTemplate.text(style: .headline, lines: 1, truncates: true) { name($0) }
        CellTemplate.text(style: .body) { note($0) }
    }.insets(EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
    var lazy = ListConfiguration(width: 390, cell: lazyCell)
    lazy.rowHeightMode = .automatic(estimated: 80, prefetchWindow: 10)
    print("lazy: build the table (every row estimated) and size the first screen (844 pt), one engine warmed on other rows")
    print("remeasureRow: a visible row given another note, 200 times, median; new notes, then the same notes again (words seen, as when typing)")
    print("| rows | build ms | first screen ms | rows measured | scroll to the middle ms | remeasureRow, new text µs | remeasureRow, words seen µs |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    let e = engine()
    do { // warm the process (fonts, shape plans), not the rows measured below
        var warm = try TableLayout.list(sections: [("", Array(5_000_000..<5_000_200))], configuration: lazy, engine: e, threads: 1)
        try warm.measureAll()
    }
    for n in [10_000, 1_000_000, 10_000_000] {
        let models = Array(0..<n)
        var start = now()
        var t = try TableLayout.list(sections: [("", models)], configuration: lazy, engine: e, threads: 1)
        let build = now() - start
        start = now()
        let first = try t.scroll(to: 0, viewportHeight: 844)
        let firstScreen = now() - start
        start = now()
        _ = try t.scroll(to: t.totalHeight.points / 2, viewportHeight: 844)
        let middle = now() - start
        let visible = t.offsets.rows(meeting: LayoutLength(clampingFlooringPoints: t.viewport!.top)..<LayoutLength(clampingFlooringPoints: t.viewport!.top + 844))!
        var medians: [Double] = []
        for _ in 0..<2 {
            var times: [Double] = []
            for k in 0..<200 {
                let p = RowPosition(section: 0, row: visible.lowerBound.row + k % 5)
                start = now()
                try t.replaceRow(at: p, with: 3_000_000 + n / 1000 + k * 7919) // a note of its own for each table size
                times.append(now() - start)
            }
            times.sort()
            medians.append(times[100])
        }
        print("| \(n) | \(fmt(build * 1000, 1)) | \(fmt(firstScreen * 1000, 2)) | \(first.measuredRowCount) | \(fmt(middle * 1000, 2)) | \(fmt(medians[0] * 1e6, 1)) | \(fmt(medians[1] * 1e6, 1)) |")
    }
}
