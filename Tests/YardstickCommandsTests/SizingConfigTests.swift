import XCTest
import YardstickLayout
import YardstickTable
@testable import YardstickCommands
@testable import YardstickFormats

final class SizingConfigTests: XCTestCase {
    func config(_ json: String) throws -> SizingConfig { try SizingConfig(json: Array(json.utf8)) }

    /// The error of a config read, then laid out over a one-column table (where templates are
    /// compiled and checked).
    func error(_ json: String) -> String? {
        do {
            let job = SizingJob(config: try config(json), format: .csv, threads: 1)
            _ = try job.layout(TableData(columns: ["T"], rows: [TableData.Row(["x"])]), engine: commandEngine)
            return nil
        } catch { return "\(error)" }
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
        XCTAssertEqual(list.list?.width, 390)
        XCTAssertEqual(list.list?.rowHeightMode, .automatic(estimated: 44, prefetchWindow: 10))
    }

    func testErrorsNameTheirPath() {
        XCTAssertEqual(error(#"{"layout":"grid","colour":1}"#)?.hasPrefix("colour: unknown key; expected one of"), true)
        XCTAssertEqual(error(#"{"layout":"list","width":390,"cell":{"hstack":{"spacing":-4,"children":[{"box":{"width":1,"height":1}}]}}}"#),
                       "cell.hstack.spacing: must be a finite number of points from 0 to 16777215 (got -4.0)")
        XCTAssertEqual(error(#"{"layout":"list","width":390,"cell":{"vstack":{"children":[]}}}"#), "cell.vstack.children: a stack needs at least one child")
        XCTAssertEqual(error(#"{"layout":"list","width":390,"cell":{"text":{"column":"T","style":"huge"}}}"#)?.hasPrefix("cell.text.style: unknown style \"huge\""), true)
        XCTAssertEqual(error(#"{"category":"big"}"#)?.hasPrefix("category: unknown value \"big\""), true)
        XCTAssertEqual(error(#"{"layout":"list","width":390,"cell":{"text":{"column":"T"},"insets":{"top":-1}}}"#), "cell.insets.top: must be a finite number of points from 0 to 16777215 (got -1.0)")
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
        let data = TableData(columns: ["Title"], rows: [TableData.Row(["a"])])
        let job = SizingJob(config: try config(#"{"layout":"list","width":300,"cell":{"vstack":{"children":[{"text":{"column":"Titel"}}]}}}"#), format: .csv, threads: 1)
        XCTAssertThrowsError(try job.layout(data, engine: commandEngine)) { XCTAssertEqual("\($0)", "cell.vstack.children[0].text.column: no column named \"Titel\"") }
        let heights = SizingJob(config: try config(#"{"heightColumn":"h"}"#), format: .csv, threads: 1)
        XCTAssertThrowsError(try heights.layout(data, engine: commandEngine)) { XCTAssertEqual("\($0)", "heightColumn: no column named \"h\"") }
        let bad = TableData(columns: ["Title", "h"], rows: [TableData.Row(["a", "12"]), TableData.Row(["b", "tall"])])
        XCTAssertThrowsError(try heights.layout(bad, engine: commandEngine)) { XCTAssertEqual("\($0)", "row 1, column \"h\": \"tall\" is not a height (a number of points from 0 to 16777215, or empty)") }
    }

    /// A config that contradicts itself is an error naming both sides, not a silent choice.
    func testContradictionsAreErrors() {
        XCTAssertEqual(error(#"{"minColumnWidth":500,"maxColumnWidth":10}"#),
                       "minColumnWidth: minColumnWidth 500 is above maxColumnWidth 10: a column cannot be both")
        XCTAssertEqual(error(#"{"maxColumnWidth":10}"#),
                       "maxColumnWidth: minColumnWidth 70 (its default) is above maxColumnWidth 10: a column cannot be both")
        XCTAssertNil(error(#"{"minColumnWidth":10,"maxColumnWidth":10}"#))
        XCTAssertEqual(error(#"{"sections":{"column":"T","order":["Japan","France","Japan"]}}"#),
                       #"sections.order[2]: "Japan" is named twice (also at sections.order[0]): one section each"#)
        XCTAssertEqual(error(#"{"layout":"list","width":390,"cell":{"text":{"column":"T","size":1e-9}}}"#),
                       "cell.text.size: must be at least 1 point (got 1e-09): a smaller text shows nothing")
        XCTAssertNil(error(#"{"layout":"list","width":390,"cell":{"text":{"column":"T","size":1}}}"#))
    }

    func testLimitsThatWouldOtherwiseFailLater() {
        XCTAssertEqual(error(#"{"rowHeightMode":{"fixed":1e10}}"#), "rowHeightMode.fixed: must be a finite number of points from 0 to 16777215 (got 10000000000.0)")
        XCTAssertEqual(error(#"{"headerHeight":1e300}"#)?.hasPrefix("headerHeight: must be a finite number"), true)
        XCTAssertEqual(error(#"{"layout":"list","width":390,"cell":{"box":{"width":10,"height":2e7}}}"#)?.hasPrefix("cell.box.height: must be"), true)
        XCTAssertEqual(error(#"{"rowHeightMode":{"automatic":{"followMedian":1}}}"#), "rowHeightMode.automatic.followMedian: must be true or false")
        XCTAssertNil(error("\u{FEFF}{\"layout\":\"grid\"}")) // a byte-order mark is skipped
    }

    func testDataDependentChecks() throws {
        let data = TableData(columns: ["Name", "Country", "h"], rows: [TableData.Row(["a", "Japan", "0x1A"])])
        func layoutError(_ json: String) throws -> String? {
            do { _ = try SizingJob(config: try config(json), format: .csv, threads: 1).layout(data, engine: commandEngine); return nil } catch { return "\(error)" }
        }
        XCTAssertEqual(try layoutError(#"{"layout":"list","width":390,"displayScale":1e-20,"cell":{"text":{"column":"Name"}}}"#),
                       "displayScale: must be from 1 to 64 pixels per point (got 1e-20)")
        XCTAssertEqual(try layoutError(#"{"layout":"list","width":390,"rowHeightMode":{"automatic":{"estimated":0}},"cell":{"text":{"column":"Name"}}}"#),
                       "rowHeightMode.automatic.estimated: must be a finite number of points above 0 to 16777215 (got 0.0)")
        XCTAssertEqual(try layoutError(#"{"layout":"grid","columns":{"Nope":{"width":100}}}"#), "columns.Nope: no column named \"Nope\"")
        XCTAssertEqual(try layoutError(#"{"layout":"list","width":300,"cell":{"text":{"column":"Name"}},"sections":{"column":"Country","header":{"text":{"column":"Countri"}}}}"#),
                       "sections.header.text.column: no column named \"Countri\"")
        XCTAssertEqual(try layoutError(#"{"heightColumn":"h"}"#), "row 0, column \"h\": \"0x1A\" is not a height (a number of points from 0 to 16777215, or empty)")
        let twice = TableData(columns: ["a", "a"], rows: [TableData.Row(["x", "y"])])
        XCTAssertThrowsError(try SizingJob(config: try config(#"{"layout":"list","width":300,"cell":{"text":{"column":"a"}}}"#), format: .csv, threads: 1)
            .layout(twice, engine: commandEngine)) { XCTAssertEqual("\($0)", "the CSV header names the column \"a\" more than once; the config can't tell which one it means") }
        let tall = TableData(columns: ["Name", "h"], rows: [TableData.Row(["a", "1"]), TableData.Row(["b", "16777215"])])
        XCTAssertThrowsError(try SizingJob(config: try config(#"{"heightColumn":"h","interRowSpacing":1}"#), format: .csv, threads: 1).layout(tall, engine: commandEngine)) {
            XCTAssertTrue($0 is CommandError, "a row too tall is the data's fault, not the config's: \($0)")
        }
    }
}
