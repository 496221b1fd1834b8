import XCTest
@testable import YardstickLayout

final class RecordBufferTests: XCTestCase {
    func testAppendGrowTruncateAndTake() {
        var buffer = RecordBuffer<Int32>(capacity: 2)
        for i in 0..<1000 { buffer.append(Int32(i)) }
        XCTAssertEqual(buffer.count, 1000)
        XCTAssertEqual(buffer[999], 999)
        buffer[5] = -5
        [Int32(7), 8, 9].withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
        XCTAssertEqual(Array(buffer.elements.suffix(3)), [7, 8, 9])
        buffer.removeLast(from: 10)
        XCTAssertEqual(Array(buffer.elements), [0, 1, 2, 3, 4, -5, 6, 7, 8, 9])
        let taken = buffer.take()
        XCTAssertEqual(Array(taken), [0, 1, 2, 3, 4, -5, 6, 7, 8, 9])
        XCTAssertTrue(buffer.isEmpty)
        // Usable again after giving its memory away.
        buffer.append(42)
        XCTAssertEqual(Array(buffer.elements), [42])
        buffer.free()
        free(UnsafeMutableRawPointer(mutating: taken.baseAddress!))
    }
}
