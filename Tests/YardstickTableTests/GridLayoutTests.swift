import XCTest
import YardstickLayout
import YardstickOffsets
import YardstickShaping
import YardstickTemplates
@testable import YardstickTable

/// SwiftDataTables grids: default cells, row height modes, spacing, overrides, custom cells.
final class GridLayoutTests: XCTestCase {
    static let engine = try! TextEngine()
    var engine: TextEngine { Self.engine }

    let data = TableData(columns: ["Title", "Notes"], rows: [
        TableData.Row(["Groceries", "Milk, eggs, bread, butter, flour, sugar, apples and a few things more to wrap"]),
        TableData.Row(["Call mom", ""]),
        TableData.Row(["Trip"]), // ragged: the missing cell is empty
    ])

    var line: Double {
        var a = TextAttributes(size: 17)
        a.hyphenateWordBreaks = false
        return engine.prepare("").measure(width: 100, attributes: a).height
    }

    func heights(_ t: TableLayout<TableData.Row>) -> [Double] {
        (0..<t.rowCounts[0]).map { try! t.height(of: RowPosition(section: 0, row: $0)).points }
    }

    func testSingleLineRowsAreCeilLinePlusTenAndSpacingFollowsEveryRow() throws {
        var c = DataTableConfiguration()
        c.rowHeightMode = .automatic(estimated: 60, prefetchWindow: 10)
        var t = try TableLayout.grid(data, configuration: c, engine: engine, threads: 1)
        try t.measureAll()
        let h = (line + 10 - 1e-9).rounded(.up)
        XCTAssertEqual(heights(t), [h, h, h])
        XCTAssertEqual(try t.offsets.offset(of: RowPosition(section: 0, row: 2)).points, 44 + 2 * (h + 1))
        XCTAssertEqual(t.totalHeight.points, 44 + 3 * (h + 1) + 44) // header, rows with spacing, footer
    }

    /// An estimate below the cache's unit would make every estimated row 0 tall: no viewport
    /// would ever meet one to measure it.
    func testAnEstimateBelowTheCachesUnitIsAnError() throws {
        var c = DataTableConfiguration()
        c.heightOfInterRowSpacing = 0
        c.rowHeightMode = .automatic(estimated: 0.005, prefetchWindow: 10)
        XCTAssertThrowsError(try TableLayout.grid(data, configuration: c, engine: engine, threads: 1)) {
            XCTAssertTrue("\($0)".contains("at least 1/64 pt"), "\($0)")
        }
        c.rowHeightMode = .automatic(estimated: 1.0 / 64, prefetchWindow: 10)
        XCTAssertNoThrow(try TableLayout.grid(data, configuration: c, engine: engine, threads: 1))
    }

    /// What no font covers is counted wherever the table measured it: column titles (they set
    /// least widths) and rows, each measured row once more when it is measured again.
    func testMissingGlyphsOfTitlesAndRowsAreCounted() throws {
        let runic = TableData(columns: ["ᛣ name", "Notes"], rows: [TableData.Row(["ᛣᚳᚩ", "ok"]), TableData.Row(["fine", "ᚠ"])])
        var c = DataTableConfiguration()
        c.rowHeightMode = .automatic(estimated: 60, prefetchWindow: 10)
        c.textLayout = .wrap // (single-line default cells have a known height: their texts are not measured)
        var t = try TableLayout.grid(runic, configuration: c, engine: engine, threads: 1)
        XCTAssertEqual(t.missingGlyphs.clusterCount, 1) // the title, before any row is measured
        try t.measureAll()
        XCTAssertEqual(t.missingGlyphs.clusterCount, 5)
        XCTAssertEqual(t.missingGlyphs.scalars.map(\.value), [0x16A0, 0x16A9, 0x16B3, 0x16E3])
        var plain = try TableLayout.grid(data, configuration: c, engine: engine, threads: 1)
        try plain.measureAll()
        XCTAssertEqual(plain.missingGlyphs, .none)
    }

    func testWrappedRowsTakeTheirTallestCell() throws {
        var c = DataTableConfiguration()
        c.rowHeightMode = .automatic(estimated: 60, prefetchWindow: 10)
        c.textLayout = .wrap
        c.maxColumnWidth = 150
        c.columnWidthMode = .fitContentText(.maxMeasured)
        var t = try TableLayout.grid(data, configuration: c, engine: engine, threads: 1)
        try t.measureAll()
        var a = TextAttributes(size: 17)
        a.hyphenateWordBreaks = false
        let notes = t.columnWidths[1]
        XCTAssertEqual(notes, 150)
        let text = engine.prepare(data.rows[0].fields[1]).measure(width: notes - 30, attributes: a).height
        XCTAssertEqual(heights(t)[0], (max(text, line) - 1e-9).rounded(.up) + 10)
        XCTAssertGreaterThan(heights(t)[0], 3 * line)
        XCTAssertEqual(heights(t)[1], (line - 1e-9).rounded(.up) + 10)
    }

    func testFixedModeAndHeightForRowAt() throws {
        var c = DataTableConfiguration()
        c.heightForRowAt = { p, _ in p.row == 1 ? 80 : nil }
        var t = try TableLayout.grid(data, configuration: c, engine: engine, threads: 1)
        XCTAssertEqual(t.measuredRowCount, 3) // known without measuring
        try t.measureAll()
        XCTAssertEqual(heights(t), [44, 80, 44])
    }

    func testCustomCellsRoundUpAndNeverGoUnderTheEstimate() throws {
        var c = DataTableConfiguration()
        c.rowHeightMode = .automatic(estimated: 30, prefetchWindow: 10)
        c.cellTemplates = ["Notes": .vstack { CellTemplate.text(column: "Notes"); CellTemplate.box(width: 10, height: 0.3) }]
        c.columnWidths = ["Notes": 200]
        var t = try TableLayout.grid(data, configuration: c, engine: engine, threads: 1)
        try t.measureAll()
        var a = TextAttributes(size: 17)
        a.hyphenateWordBreaks = false
        let fit = engine.prepare(data.rows[0].fields[1]).measure(width: 200, attributes: a).height + 0.3
        let single = (line + 10 - 1e-9).rounded(.up)
        XCTAssertEqual(heights(t)[0], max((fit - 1e-9).rounded(.up), single))
        XCTAssertEqual(heights(t)[2], max(30, single)) // empty notes: only the box, under the estimate
    }

    func testSameHeightsAtAnyThreadCount() throws {
        let rows = (0..<3000).map { i in TableData.Row(["row \(i)", String(repeating: "wörd ", count: i % 23) + "مرحبا \(i)", "你好世界 \(i % 7)"]) }
        let big = TableData(columns: ["a", "b", "c"], rows: rows)
        var c = DataTableConfiguration()
        c.textLayout = .wrap
        c.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 0)
        c.columnWidthMode = .fitContentText(.sampledMax(sampleSize: 50))
        c.maxColumnWidth = 160
        var one = try TableLayout.grid(big, configuration: c, engine: engine, threads: 1)
        var two = try TableLayout.grid(big, configuration: c, engine: engine, threads: 2)
        try one.measureAll()
        try two.measureAll()
        XCTAssertEqual(heights(one), heights(two))
        XCTAssertEqual(one.totalHeight, two.totalHeight)
    }

    func testNarrowColumnsWrapAtTheLabelsMinimumAndFramesFollowTheWidth() throws {
        var c = DataTableConfiguration()
        c.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 0)
        c.textLayout = .wrap
        c.columnWidths = ["Notes": 10]
        var t = try TableLayout.grid(data, configuration: c, engine: engine, threads: 1)
        try t.measureAll()
        var a = TextAttributes(size: 17)
        a.hyphenateWordBreaks = false
        let text = engine.prepare(data.rows[0].fields[1]).measure(width: 20, attributes: a).height
        XCTAssertEqual(heights(t)[0], (max(text, line) - 1e-9).rounded(.up) + 10) // the label stays 20 wide
        // A new frame widens the automatic columns in proportion; named widths stay.
        c.columnWidths = [:]
        var framed = try TableLayout.grid(data, configuration: c, engine: engine, threads: 1)
        let before = framed.columnWidths
        try framed.setWidth(before.reduce(0, +) * 2)
        XCTAssertEqual(framed.columnWidths[0], before[0] * 2, accuracy: 1e-9)
        try framed.setColumnWidth(99, column: "Title")
        XCTAssertEqual(framed.columnWidths[0], 99)
        XCTAssertThrowsError(try framed.setColumnWidth(99, column: "Nope"))
    }
}
