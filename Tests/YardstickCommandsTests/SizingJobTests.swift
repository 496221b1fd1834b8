import XCTest
import YardstickLayout
import YardstickOffsets
import YardstickTable
@testable import YardstickCommands
@testable import YardstickFormats

final class SizingJobTests: XCTestCase {
    let csv = "Title,Notes,Country,h\nGroceries,\"Milk, eggs, bread and a long list that wraps in a narrow column\",Japan,\nCall mom,Sunday,France,\nTrip,Pack,Japan,80\n"

    func run(_ json: String, _ format: SizingJob.Format = .csv, threads: Int = 1) throws -> String {
        let job = SizingJob(config: try SizingConfig(json: Array(json.utf8)), format: format, threads: threads)
        var table = try job.layout(try SizingJob.table(csv: Array(csv.utf8)).data, engine: commandEngine)
        try table.measureAll()
        return String(decoding: SizingJob.write(table, format: format, sectioned: job.config.grouping != nil), as: UTF8.self)
    }

    func testGridOutputIsRowsWithOffsetsAfterTheHeader() throws {
        let out = try run(#"{"textLayout":"wrap","rowHeightMode":{"automatic":{}},"maxColumnWidth":120,"heightColumn":"h"}"#)
        let lines = out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "row,height,offset")
        XCTAssertEqual(lines.count, 4)
        let fields = lines.dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
        XCTAssertEqual(fields.map { $0[0] }, [0, 1, 2])
        XCTAssertEqual(fields[0][2], 44) // below the column header
        XCTAssertEqual(fields[1][2], 44 + fields[0][1] + 1) // inter-row spacing 1
        XCTAssertEqual(fields[2][1], 80) // heightColumn
        XCTAssertGreaterThan(fields[0][1], fields[1][1])
        for f in fields { XCTAssertEqual(f[1] * 64, (f[1] * 64).rounded()) }
    }

    func testSectionedOutputsListHeadersRowsAndFooters() throws {
        let json = #"{"layout":"list","width":320,"cell":{"text":{"column":"Notes"},"insets":{"top":8,"bottom":8}},"sections":{"column":"Country","header":{"height":28}},"footerHeight":4}"#
        let csvOut = try run(json).split(separator: "\n").map(String.init)
        XCTAssertEqual(csvOut[0], "section,item,height,offset")
        XCTAssertEqual(csvOut[1], "0,header,28,0")
        XCTAssertEqual(csvOut.map { $0.split(separator: ",")[1] }, ["item", "header", "0", "1", "footer", "header", "0", "footer"])
        let jsonl = try run(json, .jsonl).split(separator: "\n").map(String.init)
        XCTAssertEqual(jsonl[0], #"{"section":0,"header":28,"y":0}"#)
        XCTAssertTrue(jsonl[1].hasPrefix(#"{"section":0,"row":0,"height":"#))
        XCTAssertEqual(jsonl.count, 7)
        // Every y is the sum of what comes before.
        var y = 0.0
        for line in jsonl {
            let v = try JSONParser.parse(line)
            XCTAssertEqual(v["y"]?.doubleValue, y, line)
            y += (v["height"] ?? v["header"] ?? v["footer"])!.doubleValue!
        }
    }

    func testSameBytesAtOneAndTwoThreads() throws {
        let json = #"{"layout":"list","width":200,"cell":{"hstack":{"spacing":6,"children":[{"text":{"column":"Title","lines":1,"truncate":true}},{"text":{"column":"Notes"}}]}}}"#
        XCTAssertEqual(try run(json, threads: 1), try run(json, threads: 2))
    }
}
