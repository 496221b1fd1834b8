import XCTest
import YardstickLayout
@testable import YardstickCommands

final class UTF8RepairTests: XCTestCase {
    func testNumbersAndRepair() {
        XCTAssertEqual(OutputNumber.format(231.41796875), "231.418")
        XCTAssertEqual(OutputNumber.format(12), "12")
        XCTAssertEqual(UTF8Repair.repair(Array("ok".utf8)).replaced, 0)
        XCTAssertNil(UTF8Repair.repair(Array("ok".utf8)).bytes)
        let r = UTF8Repair.repair([0x61, 0xFF, 0x62, 0xC3])
        XCTAssertEqual(r.replaced, 2)
        XCTAssertEqual(r.bytes.map { String(decoding: $0, as: UTF8.self) }, "a\u{FFFD}b\u{FFFD}")
    }
}
