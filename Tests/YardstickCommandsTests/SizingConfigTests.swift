import XCTest
import YardstickLayout
import YardstickTable
@testable import YardstickCommands

final class SizingConfigTests: XCTestCase {
    func config(_ json: String) throws -> SizingConfig { try SizingConfig(json: Array(json.utf8)) }

    func error(_ json: String) -> String? {
        do { _ = try config(json); return nil } catch { return "\(error)" }
    }

    func testReadsTheContract() throws {
        let c = try config("""
        {"layout":"grid","category":"extraLarge","maximumCategory":"accessibilityLarge","displayScale":2,"textLayout":"wrap",
         "rowHeightMode":{"automatic":{"estimated":60,"prefetchWindow":5}},
         "columnWidthMode":{"fitContentText":{"percentileMeasured":{"percentile":0.9,"sampleSize":100}}},
         "minColumnWidth":60,"maxColumnWidth":250,"columns":{"Notes":{"width":300,"cell":{"text":{"column":"Notes","lines":0}}}},
         "headerHeight":40,"footerHeight":0,"interRowSpacing":2,"heightColumn":"h",
         "sections":{"column":"Country","order":"ascending","hide":"noData","header":{"height":28},"footer":{"height":0},"rowHeight":50},
         "sectionOverrides":{"Japan":{"header":{"height":60},"rowHeight":80}}}
        """)
        XCTAssertEqual(c.layout, .grid)
        XCTAssertEqual(c.grid.rowHeightMode, .automatic(estimated: 60, prefetchWindow: 5))
        XCTAssertEqual(c.grid.columnWidthMode, .fitContentText(.percentileMeasured(percentile: 0.9, sampleSize: 100)))
        XCTAssertEqual(c.grid.environment.category, .extraLarge)
        XCTAssertEqual(c.grid.environment.displayScale, 2)
        XCTAssertEqual(c.grid.columnWidths, ["Notes": 300])
        XCTAssertEqual(c.grid.heightForSectionFooter, 0)
        XCTAssertEqual(c.grouping, SectionGrouping(column: "Country", order: .ascending, display: .hidesSectionsWithNoData))
        XCTAssertEqual(c.heightColumn, "h")
        XCTAssertNotNil(c.grid.sections.named["Japan"])
        let list = try config(#"{"layout":"list","width":390,"cell":{"vstack":{"children":[{"box":{"width":44,"height":44}}]}}}"#)
        XCTAssertEqual(list.list.width, 390)
        XCTAssertEqual(list.list.rowHeightMode, .automatic(estimated: 44, prefetchWindow: 10))
    }

    func testErrorsNameTheirPath() {
        XCTAssertEqual(error(#"{"layout":"grid","colour":1}"#)?.hasPrefix("colour: unknown key; expected one of"), true)
        XCTAssertEqual(error(#"{"layout":"list","width":390,"cell":{"hstack":{"spacing":-4,"children":[{"box":{"width":1,"height":1}}]}}}"#),
                       "cell.hstack.spacing: must be a finite number, 0 or more (got -4.0)")
        XCTAssertEqual(error(#"{"layout":"list","width":390,"cell":{"vstack":{"children":[]}}}"#), "cell.vstack.children: a stack needs at least one child")
        XCTAssertEqual(error(#"{"layout":"list","width":390,"cell":{"text":{"column":"T","style":"huge"}}}"#)?.hasPrefix("cell.text.style: unknown style \"huge\""), true)
        XCTAssertEqual(error(#"{"category":"big"}"#)?.hasPrefix("category: unknown value \"big\""), true)
        XCTAssertEqual(error(#"{"layout":"list","width":390,"cell":{"text":{"column":"T"},"insets":{"top":-1}}}"#), "cell.insets.top: must be a finite number, 0 or more (got -1.0)")
        XCTAssertEqual(error(#"{"layout":"grid","cell":{"text":{"column":"T"}}}"#), "cell: applies to list layouts only (\"layout\" is \"grid\")")
        XCTAssertEqual(error(#"{"layout":"list","cell":{"text":{"column":"T"}}}"#), "width: a list needs \"width\" (the cell width)")
        XCTAssertEqual(error("{\"layout\":"), error("{\"layout\":")) // deterministic
        XCTAssertEqual(error("not json")?.hasPrefix("not JSON:"), true)
        XCTAssertEqual(error(#"{"rowHeightMode":{"fixed":44,"automatic":{}}}"#)?.hasPrefix("rowHeightMode: must be an object with one of the keys"), true)
        var deep = #"{"box":{"width":1,"height":1}}"#
        for _ in 0..<64 { deep = #"{"vstack":{"children":["# + deep + "]}}" }
        XCTAssertEqual(error(#"{"layout":"list","width":300,"cell":"# + deep + "}")?.hasSuffix("nested deeper than 64 levels"), true)
        XCTAssertEqual(error(#"{"sectionOverrides":{"X":{"rowHeight":1}}}"#), "sectionOverrides: needs \"sections\" (the column that makes sections)")
    }

    func testColumnsTheTableLacksAreErrors() throws {
        let data = TableData(columns: ["Title"], rows: [TableRow(["a"])])
        let job = SizingJob(config: try config(#"{"layout":"list","width":300,"cell":{"vstack":{"children":[{"text":{"column":"Titel"}}]}}}"#), format: .csv, threads: 1)
        XCTAssertThrowsError(try job.layout(data, engine: commandEngine)) { XCTAssertEqual("\($0)", "cell.vstack.children[0].text.column: no column named \"Titel\"") }
        let heights = SizingJob(config: try config(#"{"heightColumn":"h"}"#), format: .csv, threads: 1)
        XCTAssertThrowsError(try heights.layout(data, engine: commandEngine)) { XCTAssertEqual("\($0)", "heightColumn: no column named \"h\"") }
        let bad = TableData(columns: ["Title", "h"], rows: [TableRow(["a", "12"]), TableRow(["b", "tall"])])
        XCTAssertThrowsError(try heights.layout(bad, engine: commandEngine)) { XCTAssertEqual("\($0)", "row 1, column \"h\": \"tall\" is not a height (a finite number of points, 0 or more, or empty)") }
    }
}
