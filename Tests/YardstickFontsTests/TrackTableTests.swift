import XCTest
@testable import YardstickFonts

/// `trak` values between and beyond the table's sizes, as HarfBuzz 15 gives them
/// (Tools/font-reference/check_fonts.py holds whole texts to it).
final class TrackTableTests: XCTestCase {
    func testInterpolatedBetweenSizesAndHeldAtTheEnds() {
        let table = TrackTable(sizes: [6, 12, 17, 28, 72], values: [60, 20, 0, -20, -60])
        XCTAssertEqual(table.value(at: 3), 60)
        XCTAssertEqual(table.value(at: 6), 60)
        XCTAssertEqual(table.value(at: 9), 40)
        XCTAssertEqual(table.value(at: 14.5), 10)
        XCTAssertEqual(table.value(at: 17), 0)
        XCTAssertEqual(table.value(at: 50), -40)
        XCTAssertEqual(table.value(at: 100), -60)
        XCTAssertEqual(TrackTable(sizes: [12], values: [-7]).value(at: 40), -7)
    }

    /// The bundled faces have no `trak` table: their widths do not change with it.
    func testBundledFacesAreUntracked() throws {
        let fonts = try FontCollection.bundled()
        XCTAssertTrue(fonts.faces.allSatisfy { $0.tracking == nil })
    }
}
