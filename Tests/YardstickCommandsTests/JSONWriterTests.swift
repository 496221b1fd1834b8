import XCTest
@testable import YardstickCommands

final class JSONWriterTests: XCTestCase {
    func testLengthsInSixtyFourthsPrintInFull() {
        XCTAssertEqual(JSONWriter.unitsText(214_746_217_116_354), "3355409642443.03125") // shortest round-trip text drops the 5
        XCTAssertEqual(JSONWriter.numberText(3355409642443.03125), "3355409642443.03125")
        XCTAssertEqual(JSONWriter.unitsText(1), "0.015625")
        XCTAssertEqual(JSONWriter.unitsText(-97), "-1.515625")
        XCTAssertEqual(JSONWriter.unitsText(6400), "100")
        XCTAssertEqual(JSONWriter.numberText(231.4), "231.4") // not a multiple of 1/64: shortest text
        XCTAssertEqual(JSONWriter.numberText(69.5), "69.5")
        XCTAssertEqual(JSONWriter.numberText(.nan), "null")
        for units in stride(from: Int64(-200_000), through: 200_000, by: 37) {
            XCTAssertEqual(Double(JSONWriter.unitsText(units))! * 64, Double(units))
        }
    }
}
