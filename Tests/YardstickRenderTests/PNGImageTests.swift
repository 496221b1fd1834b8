import XCTest
@testable import YardstickRender

final class PNGImageTests: XCTestCase {
    func testRoundTripKeepsEveryPixel() throws {
        var rgb: [UInt8] = []
        for y in 0..<7 { for x in 0..<5 { rgb += [UInt8(x * 50), UInt8(y * 30), UInt8((x * y) % 256)] } }
        let png = try PNGImage.encode(rgb: rgb, width: 5, height: 7)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let back = try PNGImage.decode(png)
        XCTAssertEqual(back.width, 5)
        XCTAssertEqual(back.height, 7)
        XCTAssertEqual(back.rgb, rgb)
    }

    func testEncodingIsTheSameBytesEachTime() throws {
        let rgb = [UInt8](repeating: 200, count: 30 * 20 * 3)
        XCTAssertEqual(try PNGImage.encode(rgb: rgb, width: 30, height: 20), try PNGImage.encode(rgb: rgb, width: 30, height: 20))
    }

    func testNotAPNGIsAnError() {
        XCTAssertThrowsError(try PNGImage.decode(Array("hello".utf8))) { error in
            XCTAssertTrue("\(error)".contains("not a PNG"), "\(error)")
        }
        XCTAssertThrowsError(try PNGImage.decode([]))
    }
}
