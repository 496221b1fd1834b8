import XCTest
import YardstickLayout
import YardstickOffsets
import YardstickTemplates
@testable import YardstickTable

/// A sectioned contacts list: Braid's precedence of binding levels and hidden sections.
final class SectionsTests: XCTestCase {
    static let engine = try! TextEngine()
    var engine: TextEngine { Self.engine }

    struct Contact { var name: String; var phone: String }

    let cell = CellTemplate<Contact>.vstack(spacing: 2) {
        CellTemplate.text(\.name, style: .body)
        CellTemplate.text(\.phone, style: .caption1)
    }.insets(EdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16))

    func contacts() -> [(key: String, rows: [Contact])] {
        [("A", [Contact(name: "Ada Lovelace", phone: "+44 20 7946 0000"), Contact(name: "Alan Turing", phone: "")]),
         ("B", []),
         ("C", [Contact(name: "Claude Shannon", phone: "+1 617 555 0100")]),
         ("D", [])]
    }

    func testPrecedenceNamedThenAllThenAnyThenDefaults() throws {
        var c = ListConfiguration(width: 375, cell: cell)
        c.headerHeight = 5
        c.footerHeight = 1
        c.sections = SectionLevels(
            named: ["C": SectionRules(header: .height(60), cellHeight: .fixed(80))],
            allSections: SectionRules(header: .height(28)),
            anySection: SectionRules(header: .height(99), footer: .computed { Double($0.rowCount) }, cellHeight: .computed { _, row, _ in row == 1 ? 50 : nil }))
        var t = try TableLayout.list(sections: contacts(), configuration: c, engine: engine, threads: 1)
        try t.measureAll()
        XCTAssertEqual(t.sectionCount, 4) // manually managed: every section shown
        XCTAssertEqual(try t.offsets.headerFrame(ofSection: 0).height.points, 28)   // allSections
        XCTAssertEqual(try t.offsets.headerFrame(ofSection: 2).height.points, 60)   // named
        XCTAssertEqual(try t.offsets.footerFrame(ofSection: 0).height.points, 2)    // anySection (2 rows)
        XCTAssertEqual(try t.offsets.footerFrame(ofSection: 1).height.points, 0)
        XCTAssertEqual(try t.height(of: RowPosition(section: 2, row: 0)).points, 80) // named fixed height
        XCTAssertEqual(try t.height(of: RowPosition(section: 0, row: 1)).points, 50) // anySection closure
        let sizer = try CellSizer(cell, engine: engine)
        XCTAssertEqual(try t.height(of: RowPosition(section: 0, row: 0)), try LayoutLength(roundingPoints: sizer.height(for: contacts()[0].rows[0], width: 375)))
    }

    func testHiddenSections() throws {
        var c = ListConfiguration(width: 375, cell: cell)
        c.sections = SectionLevels(named: ["D": SectionRules(footer: .height(20))])
        c.display = .hidesSectionsWithNoCellData
        XCTAssertEqual(try TableLayout.list(sections: contacts(), configuration: c, engine: engine).sectionCount, 2) // A, C
        c.display = .hidesSectionsWithNoData // D has a footer: it is data
        let t = try TableLayout.list(sections: contacts(), configuration: c, engine: engine)
        XCTAssertEqual(t.sectionKeys, ["A", "C", "D"])
    }

    func testGroupingACSVTableByColumn() throws {
        let data = TableData(columns: ["Name", "Country"], rows: [TableData.Row(["Yuki", "Japan"]), TableData.Row(["Anne", "France"]), TableData.Row(["Ken", "Japan"])])
        let row = CellTemplate<TableData.Row>.text(column: "Name")
        var c = ListConfiguration(width: 300, cell: row)
        c.sections = SectionLevels(allSections: SectionRules(header: .template(.text(column: "Country", style: .footnote).insets(EdgeInsets(top: 10, leading: 0, bottom: 4, trailing: 0)))))
        let input = try TableLayout.list(data, configuration: c, grouping: SectionGrouping(column: "Country"), engine: engine)
        XCTAssertEqual(input.sectionKeys, ["Japan", "France"])
        XCTAssertEqual(input.rowCounts[0], 2)
        let ascending = try TableLayout.list(data, configuration: c, grouping: SectionGrouping(column: "Country", order: .ascending), engine: engine)
        XCTAssertEqual(ascending.sectionKeys, ["France", "Japan"])
        // The header template reads the section's value.
        var footnote = TextAttributes(size: DynamicType.pointSize(.footnote))
        footnote.hyphenateWordBreaks = false
        let expected = engine.prepare("France").measure(width: 300, attributes: footnote).height + 14
        XCTAssertEqual(try ascending.offsets.headerFrame(ofSection: 0).height, try LayoutLength(roundingPoints: expected))
        let listed = try TableLayout.list(data, configuration: c, grouping: SectionGrouping(column: "Country", order: .explicit(["Chile", "France"]),
                                                                                          display: .hidesSectionsWithNoCellData), engine: engine)
        XCTAssertEqual(listed.sectionKeys, ["France", "Japan"])
        XCTAssertThrowsError(try TableLayout.list(data, configuration: c, grouping: SectionGrouping(column: "Land"), engine: engine))
    }
}
