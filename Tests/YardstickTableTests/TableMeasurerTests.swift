import XCTest
import YardstickLayout
@testable import YardstickTable

final class TableMeasurerTests: XCTestCase {
    static let engine = try! TextEngine()

    func testRowsAreAsTallAsTheirTallestCellAndColumnsAreCapped() throws {
        let engine = Self.engine
        let rows = [["Name", "Notes"],
                    ["Ann", "short"],
                    ["Bob", "a much longer note that will certainly need to wrap onto several lines in a narrow column"],
                    ["", ""]]
        let m = try TableMeasurer(engine: engine, maxColumnWidth: 120, threads: 1).measure(rows)
        XCTAssertEqual(m.cellCount, 8)
        // Column 0 fits its widest cell on one line (the bold header or a name).
        var bold = TextAttributes()
        bold.fontStyle = .bold
        let nameWidth = engine.prepare("Name", style: .bold).naturalWidth(attributes: bold)
        XCTAssertEqual(m.columnWidths[0], max(nameWidth, engine.layout("Ann", width: 1000).width, engine.layout("Bob", width: 1000).width))
        XCTAssertEqual(m.columnWidths[1], 120) // capped
        let note = engine.layout(rows[2][1], width: 120)
        XCTAssertGreaterThan(note.lineCount, 2)
        // Heights are kept in 1/64 pt, rounded to nearest.
        func q(_ x: Double) -> Double { (x * 64).rounded(.toNearestOrAwayFromZero) / 64 }
        XCTAssertEqual(m.rowHeights[2], q(note.height))
        XCTAssertEqual(m.rowHeights[1], q(engine.layout("short", width: 120).height))
        XCTAssertEqual(m.rowHeights[3], q(engine.layout("", width: 120).height)) // empty cells are one line
        XCTAssertEqual(m.rowOffsets, [0, m.rowHeights[0], m.rowHeights[0] + m.rowHeights[1], m.rowHeights[0] + m.rowHeights[1] + m.rowHeights[2]])
        XCTAssertEqual(m.totalHeight, m.rowHeights.reduce(0, +)) // exact: no drift
    }

    func testRaggedRowsAndThreadCounts() throws {
        let rows = [["h1", "h2", "h3"], ["only one"], ["a", "b", "c", "d extra"]] + (0..<300).map { ["row \($0)", String(repeating: "word ", count: $0 % 17)] }
        let one = try TableMeasurer(engine: Self.engine, maxColumnWidth: 90, threads: 1).measure(rows)
        let two = try TableMeasurer(engine: Self.engine, maxColumnWidth: 90, threads: 2).measure(rows)
        XCTAssertEqual(one.columnWidths.count, 4)
        XCTAssertEqual(one.rowHeights, two.rowHeights)
        XCTAssertEqual(one.columnWidths, two.columnWidths)
    }
}
