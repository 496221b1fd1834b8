import XCTest
import YardstickLayout
@testable import YardstickCommands

final class MeasureJobTests: XCTestCase {
    func testWritesOneLinePerRowWithHeightsAndOffsets() throws {
        let csv = "name,notes\nAnn,short\nBob,\"a long note that wraps in a narrow column, surely\"\n"
        let (out, summary) = try MeasureJob(maxColumnWidth: 80, attributes: TextAttributes(), threads: 1).run(csv: Array(csv.utf8), engine: commandEngine)
        let lines = out.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "row,height,offset")
        XCTAssertEqual(lines.count, 4)
        XCTAssertEqual(summary.rows, 3)
        XCTAssertEqual(summary.cells, 6)
        let heights = lines.dropFirst().map { Double($0.split(separator: ",")[1])! }
        let offsets = lines.dropFirst().map { Double($0.split(separator: ",")[2])! }
        XCTAssertEqual(offsets[0], 0)
        XCTAssertEqual(offsets[2], heights[0] + heights[1]) // exact: multiples of 1/64 pt
        XCTAssertGreaterThan(heights[2], heights[1]) // the long note wraps
        XCTAssertEqual(summary.totalHeight, heights.reduce(0, +))
        for h in heights { XCTAssertEqual(h * 64, (h * 64).rounded()) }
    }

    func testBadInput() {
        let job = MeasureJob(maxColumnWidth: 80, attributes: TextAttributes(), threads: 1)
        XCTAssertThrowsError(try job.run(csv: Array("a,\"b\n".utf8), engine: commandEngine))
        XCTAssertThrowsError(try job.run(csv: [], engine: commandEngine))
        XCTAssertThrowsError(try MeasureJob(maxColumnWidth: -1, attributes: TextAttributes(), threads: 1).run(csv: Array("a\n".utf8), engine: commandEngine))
    }
}
