import XCTest
import YardstickLayout
@testable import YardstickTable

final class TableMeasurerTests: XCTestCase {
    static let engine = try! TextEngine()

    func testRowsAreAsTallAsTheirTallestCellAndColumnsAreCapped() {
        let engine = Self.engine
        let rows = [["Name", "Notes"],
                    ["Ann", "short"],
                    ["Bob", "a much longer note that will certainly need to wrap onto several lines in a narrow column"],
                    ["", ""]]
        let m = TableMeasurer(engine: engine, maxColumnWidth: 120, threads: 1).measure(rows)
        XCTAssertEqual(m.cellCount, 8)
        // Column 0 fits its widest cell on one line (the bold header or a name).
        var bold = TextAttributes()
        bold.fontStyle = .bold
        let nameWidth = engine.prepare("Name", style: .bold).naturalWidth(attributes: bold)
        XCTAssertEqual(m.columnWidths[0], max(nameWidth, engine.layout("Ann", width: 1000).width, engine.layout("Bob", width: 1000).width))
        XCTAssertEqual(m.columnWidths[1], 120) // capped
        let note = engine.layout(rows[2][1], width: 120)
        XCTAssertGreaterThan(note.lineCount, 2)
        XCTAssertEqual(m.rowHeights[2], note.height)
        XCTAssertEqual(m.rowHeights[1], engine.layout("short", width: 120).height)
        XCTAssertEqual(m.rowHeights[3], engine.layout("", width: 120).height) // empty cells are one line
        XCTAssertEqual(m.rowOffsets, [0, m.rowHeights[0], m.rowHeights[0] + m.rowHeights[1], m.rowHeights[0] + m.rowHeights[1] + m.rowHeights[2]])
        XCTAssertEqual(m.totalHeight, m.rowHeights.reduce(0, +), accuracy: 1e-9)
    }

    func testRaggedRowsAndThreadCounts() {
        let rows = [["h1", "h2", "h3"], ["only one"], ["a", "b", "c", "d extra"]] + (0..<300).map { ["row \($0)", String(repeating: "word ", count: $0 % 17)] }
        let one = TableMeasurer(engine: Self.engine, maxColumnWidth: 90, threads: 1).measure(rows)
        let two = TableMeasurer(engine: Self.engine, maxColumnWidth: 90, threads: 2).measure(rows)
        XCTAssertEqual(one.columnWidths.count, 4)
        XCTAssertEqual(one.rowHeights, two.rowHeights)
        XCTAssertEqual(one.columnWidths, two.columnWidths)
    }
}
