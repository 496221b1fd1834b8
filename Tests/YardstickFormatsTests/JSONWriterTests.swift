import XCTest
@testable import YardstickFormats

final class JSONWriterTests: XCTestCase {
    func testLengthsInSixtyFourthsPrintInFull() {
        XCTAssertEqual(JSONWriter.numberText(3355409642443.03125), "3355409642443.03125") // shortest round-trip text drops the 5
        XCTAssertEqual(JSONWriter.numberText(-97.0 / 64), "-1.515625")
        XCTAssertEqual(JSONWriter.numberText(231.4), "231.4") // not a multiple of 1/64: shortest text
        XCTAssertEqual(JSONWriter.numberText(69.5), "69.5")
        XCTAssertEqual(JSONWriter.numberText(.nan), "null")
    }
}
