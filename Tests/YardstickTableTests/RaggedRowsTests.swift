import XCTest
@testable import YardstickTable

final class RaggedRowsTests: XCTestCase {
    /// Rows are counted without end; only the first `namedLines` lines are named, in order,
    /// whether they come one by one or block by block.
    func testCountsAllAndNamesTheFirstLines() {
        var one = RaggedRows()
        for line in [3, 9, 12, 40, 41, 42, 90] { one.add(line: line) }
        XCTAssertEqual(one.count, 7)
        XCTAssertEqual(one.lines, [3, 9, 12, 40, 41])
        var blocks = RaggedRows()
        var first = RaggedRows(), second = RaggedRows()
        for line in [3, 9, 12] { first.add(line: line) }
        for line in [40, 41, 42, 90] { second.add(line: line) }
        blocks.append(first)
        blocks.append(second)
        XCTAssertEqual(blocks, one)
        XCTAssertEqual(RaggedRows(count: 9, lines: Array(1...8)).lines, [1, 2, 3, 4, 5])
    }
}
