import XCTest
@testable import YardstickShaping

final class ShapedRunTests: XCTestCase {
    /// A cluster's advance and flags share a word: each reads back as set, whatever the other
    /// holds, negative advances included; an advance past the limit is held at it.
    func testClusterAdvanceAndFlagsShareAWord() {
        XCTAssertEqual(MemoryLayout<ShapedCluster>.stride, 16)
        for advance: Int64 in [0, 1, -1, 1_234, -98_765, 1 << 40, -(1 << 40), ShapedCluster.advanceLimit, -ShapedCluster.advanceLimit] {
            for flags: UInt8 in [0, 1, 0x80, 0xFF] {
                var c = ShapedCluster(start: 7, advance: advance, flags: flags, kerning: -3)
                XCTAssertEqual(c.advance, advance)
                XCTAssertEqual(c.flags, flags)
                XCTAssertEqual(c.kerning, -3)
                c.advance += 5
                XCTAssertEqual(c.flags, flags)
                c.flags = ~flags
                XCTAssertEqual(c.advance, min(advance + 5, ShapedCluster.advanceLimit))
                XCTAssertEqual(c.flags, ~flags)
            }
        }
        XCTAssertEqual(ShapedCluster(start: 0, advance: .max, flags: 3).advance, ShapedCluster.advanceLimit)
        XCTAssertEqual(ShapedCluster(start: 0, advance: .min, flags: 3).advance, -ShapedCluster.advanceLimit)
    }
}
