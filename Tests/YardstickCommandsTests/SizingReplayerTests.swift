import XCTest
import YardstickLayout
import YardstickTable
@testable import YardstickCommands
@testable import YardstickFormats

final class SizingReplayerTests: XCTestCase {
    func replayer(rows: Int) throws -> SizingReplayer {
        var csv = "Title,Notes\n"
        for i in 0..<rows { csv += "Note \(i),\"\(String(repeating: "some words ", count: 1 + i % 13))\"\n" }
        let data = try SizingJob.table(csv: Array(csv.utf8)).data
        let config = try SizingConfig(json: Array(#"{"layout":"list","width":390,"rowHeightMode":{"automatic":{"estimated":50,"prefetchWindow":2}},"cell":{"vstack":{"spacing":4,"children":[{"text":{"column":"Title","style":"headline"}},{"text":{"column":"Notes"}}]},"insets":{"top":8,"leading":16,"bottom":8,"trailing":16}}}"#.utf8))
        let table = try SizingJob(config: config, format: .csv, threads: 1).layout(data, engine: commandEngine)
        return SizingReplayer(table: LazyTable(holding: table, columns: data.columns), config: config)
    }

    func answer(_ r: inout SizingReplayer, _ line: String) -> JSONValue {
        var line = line
        var out: [UInt8] = []
        line.withUTF8 { r.replay(line: $0, appendingTo: &out) }
        return try! JSONParser.parse(out)
    }

    func testTraceOps() throws {
        var r = try replayer(rows: 1000)
        XCTAssertEqual(answer(&r, #"{"op":"total"}"#), try JSONParser.parse(#"{"height":50000,"measured":0}"#))
        let s = answer(&r, #"{"op":"scroll","y":0,"height":600}"#)
        let last = s["last"]!.arrayValue![1].exactIntegerValue!
        // The 12 rows the viewport met at the estimate, and the prefetch window below them.
        XCTAssertEqual(s["measured"]?.exactIntegerValue, 600 / 50 + 2)
        XCTAssertLessThan(last, 12)
        XCTAssertEqual(s["y"]?.doubleValue, 0)
        XCTAssertEqual(answer(&r, #"{"op":"height","section":0,"row":999}"#)["measured"], .bool(false))
        let edit = answer(&r, #"{"op":"edit","section":0,"row":0,"column":"Notes","text":"now a much longer note, long enough to need several lines in this cell"}"#)
        XCTAssertEqual(edit["changed"], .bool(true))
        XCTAssertEqual(edit["y"]?.doubleValue, 0)
        let far = answer(&r, #"{"op":"scroll","y":20000,"height":600}"#)
        let y = far["y"]!.doubleValue!
        XCTAssertEqual(answer(&r, #"{"op":"insert","section":0,"row":0,"cells":{"Title":"New"}}"#)["y"]?.doubleValue, y + 50) // estimated row above
        XCTAssertEqual(answer(&r, #"{"op":"delete","section":0,"row":0,"count":1}"#)["y"]?.doubleValue, y)
        XCTAssertEqual(answer(&r, #"{"op":"width","width":320}"#)["ok"], .bool(true))
        XCTAssertEqual(answer(&r, #"{"op":"category","category":"accessibilityLarge"}"#)["ok"], .bool(true))
        for bad in [#"{"op":"column","name":"Notes","width":100}"#, #"{"op":"edit","section":0,"row":1000,"column":"Notes","text":""}"#,
                    #"{"op":"scroll","y":"x","height":1}"#, "nope", #"{"op":"warp"}"#, #"{"op":"category","category":"huge"}"#] {
            let before = answer(&r, #"{"op":"total"}"#)
            XCTAssertNotNil(answer(&r, bad)["error"]?.stringValue, bad)
            XCTAssertEqual(answer(&r, #"{"op":"total"}"#), before, bad)
        }
    }

    func testFailedLinesChangeNothing() throws {
        let data = try SizingJob.table(csv: Array("Name,Country,h\nAnn,Japan,\nBob,Japan,50\nCy,France,\n".utf8)).data
        let config = try SizingConfig(json: Array(#"{"layout":"list","width":300,"heightColumn":"h","cell":{"text":{"column":"Name"}},"sections":{"column":"Country","hide":"noCellData"}}"#.utf8))
        var r = SizingReplayer(table: LazyTable(holding: try SizingJob(config: config, format: .csv, threads: 1).layout(data, engine: commandEngine), columns: data.columns), config: config)
        let total = answer(&r, #"{"op":"total"}"#)
        for bad in [#"{"op":"insert","section":0,"row":0,"cells":{"h":"2e7"}}"#, #"{"op":"insert","section":0,"row":0,"cells":{"Country":"France"}}"#,
                    #"{"op":"total","x":1}"#, #"{"op":"edit","section":0,"row":0,"column":"Name","text":"x","zz":1}"#,
                    #"{"op":"column","name":"Name","width":100}"#] {
            XCTAssertNotNil(answer(&r, bad)["error"], bad)
            XCTAssertEqual(answer(&r, #"{"op":"total"}"#), total, bad)
        }
        XCTAssertEqual(answer(&r, #"{"op":"column","name":"Name","width":100}"#)["error"]?.stringValue, "name: a list has no columns; set its width")
        // Emptying a section that hides when empty removes it.
        XCTAssertEqual(answer(&r, #"{"op":"delete","section":1,"row":0,"count":1}"#)["ok"], .bool(true))
        XCTAssertNotNil(answer(&r, #"{"op":"height","section":1,"row":0}"#)["error"]) // France is gone
        XCTAssertEqual(answer(&r, #"{"op":"height","section":0,"row":1}"#)["height"]?.doubleValue, 50)
    }

    func testEstimatedHeadersOfEmptySectionsAndTheTop() throws {
        let csv = "Name,Country,Notes\nAnn,Japan,a note\nBob,France,another note that is a little longer\nCy,Japan,\n"
        let data = try SizingJob.table(csv: Array(csv.utf8)).data
        let json = #"{"layout":"list","width":200,"cell":{"text":{"column":"Notes"}},"rowHeightMode":{"automatic":{"estimated":50,"prefetchWindow":2}},"sections":{"column":"Country","order":["Atlantis","France","Japan","Mu"],"header":{"text":{"column":"Country","style":"largeTitle"}},"estimatedHeader":5,"estimatedRowHeight":7}}"#
        let config = try SizingConfig(json: Array(json.utf8))
        var eager = try SizingJob(config: config, format: .csv, threads: 1).layout(data, engine: commandEngine)
        try eager.measureAll()
        var r = SizingReplayer(table: LazyTable(holding: try SizingJob(config: config, format: .csv, threads: 1).layout(data, engine: commandEngine), columns: data.columns), config: config)
        let scroll = answer(&r, #"{"op":"scroll","y":0,"height":2000}"#)
        XCTAssertEqual(scroll["y"]?.doubleValue, 0) // the top stays the top although the first header grew
        XCTAssertEqual(answer(&r, #"{"op":"total"}"#)["height"]?.doubleValue, eager.totalHeight.points) // empty sections' headers fitted too
        let zero = #"{"layout":"list","width":200,"cell":{"text":{"column":"Notes"}},"sections":{"column":"Country","estimatedRowHeight":0}}"#
        XCTAssertThrowsError(try SizingConfig(json: Array(zero.utf8)))
        let typo = #"{"layout":"list","width":200,"cell":{"text":{"column":"Notes"}},"sections":{"column":"Country"},"sectionOverrides":{"Narnia":{"header":{"text":{"column":"Nope"}}}}}"#
        XCTAssertThrowsError(try SizingJob(config: try SizingConfig(json: Array(typo.utf8)), format: .csv, threads: 1).layout(data, engine: commandEngine)) {
            XCTAssertEqual("\($0)", "sectionOverrides.Narnia.header.text.column: no column named \"Nope\"")
        }
    }
}
