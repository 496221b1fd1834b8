import XCTest
import YardstickLayout

@testable import YardstickFormats

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

    /// Offsets in the repaired text map back to the bytes as read.
    func testOffsetsMapBackToTheOriginal() {
        let original: [UInt8] = [0x61, 0xFF, 0x62, 0xE2, 0x82, 0x63, 0xC3, 0xA9] // a, bad, b, cut-off €, c, é
        let repaired = UTF8Repair.repair(original).bytes!
        XCTAssertEqual(repaired.count, 1 + 3 + 1 + 3 + 1 + 2)
        XCTAssertEqual(UTF8Repair.originalOffset(of: 0, in: original).offset, 0)
        XCTAssertTrue(UTF8Repair.originalOffset(of: 2, in: original) == (1, true))
        XCTAssertTrue(UTF8Repair.originalOffset(of: 4, in: original) == (2, false))
        XCTAssertTrue(UTF8Repair.originalOffset(of: 5, in: original) == (3, true))
        XCTAssertTrue(UTF8Repair.originalOffset(of: 8, in: original) == (5, false))
        XCTAssertTrue(UTF8Repair.originalOffset(of: 10, in: original) == (7, false))
    }

    /// The offset map gives, for every offset of the repaired text, what `originalOffset` gives.
    func testOffsetMapAgreesWithOriginalOffset() {
        let inputs: [[UInt8]] = [[0x61, 0xFF, 0x62], [0xED, 0xA0, 0x80, 0x7A], [0x61, 0x62, 0xE2, 0x82], [0xC0, 0x80], Array("ok é 日本".utf8), []]
        for input in inputs {
            let repaired = UTF8Repair.repair(input).bytes ?? input
            let map = UTF8Repair.offsetMap(input)
            XCTAssertEqual(map.count, repaired.count + 1, "\(input)")
            for offset in 0..<repaired.count { XCTAssertEqual(map[offset], UTF8Repair.originalOffset(of: offset, in: input).offset, "\(input) at \(offset)") }
            XCTAssertEqual(map.last, input.count)
        }
    }
}
