import XCTest
import YardstickLayout
import YardstickOffsets
import YardstickTemplates
@testable import YardstickTable

/// Stretches of tables as a renderer draws them: the rows measured, their cells as measured.
final class TableDrawingTests: XCTestCase {
    static let engine = try! TextEngine()

    let data = TableData(columns: ["Title", "Notes"], rows: [
        TableData.Row(["Groceries", "Milk, eggs, bread, butter, flour, sugar, apples and a few things more to wrap"]),
        TableData.Row(["Call mom", ""]),
        TableData.Row(["Trip", "Book the train to the coast, the hotel by the sea and a table for dinner on Friday"]),
        TableData.Row(["مرحبا", "نص عربي قصير"]),
    ])

    func grid() throws -> TableLayout<TableData.Row> {
        var c = DataTableConfiguration()
        c.textLayout = .wrap
        c.maxColumnWidth = 160
        c.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 10)
        return try TableLayout.grid(data, configuration: c, engine: Self.engine)
    }

    func testGridRowsHaveTheMeasuredHeightsAndTheirTextsFit() throws {
        var table = try grid()
        try table.measure(rows: 0...3)
        let d = try table.drawing(rows: 0...3)
        XCTAssertTrue(d.isGrid)
        XCTAssertEqual(d.width, table.columnWidths.reduce(0, +), accuracy: 1e-9)
        XCTAssertEqual(d.items.count, 6) // column titles, four rows, the footer's titles
        XCTAssertTrue(d.items[0].isColumnTitles)
        XCTAssertEqual(d.items[0].cells.count, 2)
        XCTAssertEqual(d.items[0].top, 0)
        var previous = d.items[0]
        for (r, item) in d.items[1...4].enumerated() {
            XCTAssertEqual(item.part, .row(RowPosition(section: 0, row: r), index: r))
            let stored = try table.height(of: RowPosition(section: 0, row: r)).points
            XCTAssertEqual(item.height, stored, accuracy: 1e-9)
            XCTAssertEqual(item.cells.map(\.x), [0, table.columnWidths[0]])
            XCTAssertGreaterThanOrEqual(item.top, previous.top + previous.height)
            for cell in item.cells {
                for t in cell.content.texts {
                    XCTAssertLessThanOrEqual(t.layout.height, t.rect.height + 1e-9, "row \(r): a text taller than its cell")
                    XCTAssertLessThanOrEqual(t.layout.width, t.rect.width + 1e-9)
                }
            }
            previous = item
        }
        XCTAssertEqual(d.items[2].cells[1].content.texts.count, 0, "an empty cell draws no text")
        XCTAssertGreaterThan(d.items[1].cells[1].content.texts[0].layout.lineCount, 1, "wrapped as measured")
        XCTAssertEqual(d.items[5].part, .footer(section: 0))
        XCTAssertEqual(d.height, d.items[5].top + d.items[5].height, accuracy: 1e-9)
        // Offsets between rows are the table's.
        let gap = try table.offsets.offset(of: RowPosition(section: 0, row: 2)).points - table.offsets.offset(of: RowPosition(section: 0, row: 1)).points
        XCTAssertEqual(d.items[3].top - d.items[2].top, gap, accuracy: 1e-9)
    }

    func testAStretchInTheMiddleKeepsItsHeaderAboveAndFooterBelow() throws {
        var table = try grid()
        try table.measure(rows: 1...2)
        XCTAssertEqual(table.measuredRowCount, 2, "only the rows drawn are measured")
        let d = try table.drawing(rows: 1...2)
        XCTAssertEqual(d.items.map(\.part), [.header(section: 0), .row(RowPosition(section: 0, row: 1), index: 1),
                                             .row(RowPosition(section: 0, row: 2), index: 2), .footer(section: 0)])
        XCTAssertEqual(d.items[1].top, 44, accuracy: 1e-9)
    }

    func testListSectionsAreDrawnInOrderWithTheirHeaderTemplates() throws {
        struct Item: Sendable { var group: String; var name: String }
        var c = ListConfiguration<Item>(width: 300, cell: CellTemplate<Item>.text(\.name).insets(EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)))
        c.sections.allSections.header = .template(CellTemplate<SectionInfo>.text(\.key, style: .footnote).insets(EdgeInsets(top: 12, leading: 16, bottom: 4, trailing: 16)))
        var table = try TableLayout.list(sections: [("A", [Item(group: "A", name: "Ada"), Item(group: "A", name: "Alan")]),
                                                    ("B", [Item(group: "B", name: "Barbara")])], configuration: c, engine: Self.engine)
        try table.measure(rows: 0...2)
        let d = try table.drawing(rows: 0...2)
        XCTAssertFalse(d.isGrid)
        XCTAssertEqual(d.items.map(\.part), [.header(section: 0), .row(RowPosition(section: 0, row: 0), index: 0), .row(RowPosition(section: 0, row: 1), index: 1),
                                             .header(section: 1), .row(RowPosition(section: 1, row: 0), index: 2)])
        XCTAssertEqual(d.items[3].cells.first?.content.texts.count, 1, "the header template's text")
        for i in 1..<d.items.count { XCTAssertEqual(d.items[i].top, d.items[i - 1].top + d.items[i - 1].height, accuracy: 1e-9) }
        XCTAssertEqual(d.height, table.totalHeight.points, accuracy: 1e-9)
    }
}
