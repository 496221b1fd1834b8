import XCTest
import Synchronization
import YardstickLayout
import YardstickOffsets
import YardstickTemplates
@testable import YardstickTable

/// Tables over a data source (`TableLayout+Source`): the same heights as a table of the rows,
/// only measured rows read, edits as a table view is told of them, failures as errors.
final class TableSourceTests: XCTestCase {
    static let engine = try! TextEngine()

    static func rows(_ n: Int) -> [TableData.Row] {
        (0..<n).map { i in
            TableData.Row(["Name \(i % 37)", ["Shipped", "Pending", "Returned with a longer note"][i % 3],
                           String(repeating: "words that wrap in a narrow column ", count: 1 + (i * 7) % 5)] + (i % 11 == 0 ? [] : ["extra"]))
        }
    }
    static let columns = ["Name", "Status", "Notes", "Extra"]

    /// A source over an array that counts its reads.
    final class Counted: Sendable {
        let rows: Mutex<[TableData.Row]>
        let reads = Atomic<Int>(0)
        init(_ rows: [TableData.Row]) { self.rows = Mutex(rows) }
        func read(_ i: Int) throws(SizingError) -> TableData.Row {
            reads.add(1, ordering: .relaxed)
            return rows.withLock { $0[i] }
        }
    }

    func heights(_ t: TableLayout<TableData.Row>) -> [Int64] {
        (0..<t.rowCounts[0]).map { try! t.offsets.height(of: RowPosition(section: 0, row: $0)).units }
    }

    func testGridOverASourceIsTheGridOfItsRows() throws {
        let rows = Self.rows(3_000)
        var modes: [DataTableConfiguration.ColumnWidthMode] = [.fitContentText(.estimatedAverage(averageCharWidth: 7)),
                                                               .fitContentText(.sampledMax(sampleSize: 50)), .fitContentText(.maxMeasured), .fixed(120)]
        modes += [.fitContentAutoLayout(sample: .percentile(percentile: 0.9, sampleSize: 40))]
        for mode in modes {
            var c = DataTableConfiguration()
            c.columnWidthMode = mode
            c.textLayout = .wrap
            c.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 10)
            let source = Counted(rows)
            var lazy = try TableLayout.grid(columns: Self.columns, rowCount: rows.count, configuration: c, engine: Self.engine, threads: 2,
                                            row: { i throws(SizingError) in try source.read(i) })
            var whole = try TableLayout.grid(TableData(columns: Self.columns, rows: rows), configuration: c, engine: Self.engine, threads: 2)
            XCTAssertEqual(lazy.columnWidths, whole.columnWidths, "\(mode)")
            let before = source.reads.load(ordering: .relaxed)
            let a = try lazy.scroll(to: 20_000, viewportHeight: 700)
            let b = try whole.scroll(to: 20_000, viewportHeight: 700)
            XCTAssertEqual(a, b, "\(mode)")
            XCTAssertEqual(source.reads.load(ordering: .relaxed) - before, a.measuredRowCount, "only the rows measured are read")
            try lazy.measureAll()
            try whole.measureAll()
            XCTAssertEqual(heights(lazy), heights(whole), "\(mode)")
            // What a renderer draws: the source's rows, not the placeholders the table counts.
            let drawn = try lazy.drawing(rows: 100...104), expected = try whole.drawing(rows: 100...104)
            XCTAssertEqual(drawn.items.map(\.height), expected.items.map(\.height))
            XCTAssertEqual(drawn.items.map { $0.cells.map { $0.content.texts.map(\.layout.lineCount) } },
                           expected.items.map { $0.cells.map { $0.content.texts.map(\.layout.lineCount) } })
        }
    }

    func testListReadsOnlyWhatItMeasuresAndFollowsEdits() throws {
        let cell = CellTemplate<TableData.Row>.vstack(spacing: 4) {
            CellTemplate.text(column: "Name", style: .headline, lines: 1, truncates: true)
            CellTemplate.text(column: "Notes", style: .body)
        }.insets(EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
        var c = ListConfiguration(width: 390, cell: cell)
        c.rowHeightMode = .automatic(estimated: 80, prefetchWindow: 5)
        let source = Counted(Self.rows(100_000))
        var lazy = try TableLayout.list(columns: Self.columns, rowCount: 100_000, configuration: c, engine: Self.engine, threads: 2,
                                        row: { i throws(SizingError) in try source.read(i) })
        XCTAssertEqual(source.reads.load(ordering: .relaxed), 0)
        let first = try lazy.scroll(to: 3_000_000, viewportHeight: 800)
        XCTAssertEqual(source.reads.load(ordering: .relaxed), first.measuredRowCount)
        XCTAssertLessThan(first.measuredRowCount, 60)

        // The source changes; the table is told, as a UITableView is.
        let p = first.firstVisibleRow!
        source.rows.withLock { $0[p.row].fields[2] = String(repeating: "now much longer ", count: 40) }
        let edit = try lazy.remeasureRow(at: p)
        XCTAssertTrue(edit.changed)
        source.rows.withLock { $0.insert(contentsOf: Self.rows(3), at: 10) }
        try lazy.insertRows(count: 3, at: RowPosition(section: 0, row: 10))
        source.rows.withLock { $0.removeSubrange(500..<510) }
        try lazy.deleteRows(at: RowPosition(section: 0, row: 500), count: 10)
        XCTAssertEqual(lazy.rowCounts, [100_000 + 3 - 10])
        // Every row now as a table of the source's rows measures it.
        try lazy.measureAll()
        let all = source.rows.withLock { $0 }
        var whole = try TableLayout.list(TableData(columns: Self.columns, rows: all), configuration: c, engine: Self.engine, threads: 2)
        try whole.measureAll()
        XCTAssertEqual(heights(lazy), heights(whole))
        XCTAssertEqual(try lazy.model(at: RowPosition(section: 0, row: 11)), all[11])
    }

    func testAFailingSourceIsAnErrorAndTheTableStaysUsable() throws {
        var c = ListConfiguration(width: 300, cell: CellTemplate<TableData.Row>.text(column: "A", style: .body))
        c.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 2)
        let failing = Atomic<Bool>(true)
        var t = try TableLayout.list(columns: ["A"], rowCount: 1_000, configuration: c, engine: Self.engine, threads: 1) { i throws(SizingError) in
            if i == 3 && failing.load(ordering: .relaxed) { throw SizingError(path: "", .source("row 3: the callback failed")) }
            return TableData.Row(["row \(i)"])
        }
        XCTAssertThrowsError(try t.scroll(to: 0, viewportHeight: 200)) { error in
            XCTAssertEqual((error as? SizingError)?.reason, .source("row 3: the callback failed"))
        }
        failing.store(false, ordering: .relaxed)
        let r = try t.scroll(to: 0, viewportHeight: 200)
        XCTAssertEqual(r.firstVisibleRow, RowPosition(section: 0, row: 0))
        XCTAssertThrowsError(try TableLayout.list(columns: ["A"], rowCount: -1, configuration: c, engine: Self.engine) { _ throws(SizingError) in TableData.Row([]) })
        var grouped = DataTableConfiguration()
        grouped.grouping = SectionGrouping(column: "A")
        XCTAssertThrowsError(try TableLayout.grid(columns: ["A"], rowCount: 5, configuration: grouped, engine: Self.engine) { _ throws(SizingError) in TableData.Row([]) })
    }
}
