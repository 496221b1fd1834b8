import XCTest
@testable import YardstickRender

final class CanvasTests: XCTestCase {
    func pixel(_ c: Canvas, _ x: Int, _ y: Int) -> [UInt8] { Array(c.pixels[(y * c.width + x) * 3..<(y * c.width + x) * 3 + 3]) }

    func testWholePixelFillCoversExactly() {
        var c = Canvas(width: 4, height: 3, background: .init(255, 255, 255))
        c.fill(x: 1, y: 1, width: 2, height: 1, color: .init(0, 0, 0))
        XCTAssertEqual(pixel(c, 0, 1), [255, 255, 255])
        XCTAssertEqual(pixel(c, 1, 1), [0, 0, 0])
        XCTAssertEqual(pixel(c, 2, 1), [0, 0, 0])
        XCTAssertEqual(pixel(c, 3, 1), [255, 255, 255])
        XCTAssertEqual(pixel(c, 1, 0), [255, 255, 255])
    }

    func testHalfPixelEdgesAreHalfTone() {
        var c = Canvas(width: 3, height: 1, background: .init(255, 255, 255))
        c.fill(x: 0.5, y: 0, width: 1, height: 1, color: .init(0, 0, 0))
        XCTAssertEqual(pixel(c, 0, 0), [127, 127, 127])
        XCTAssertEqual(pixel(c, 1, 0), [127, 127, 127])
        XCTAssertEqual(pixel(c, 2, 0), [255, 255, 255])
    }

    func testFillsOutsideOrNotFiniteDrawNothing() {
        var c = Canvas(width: 2, height: 2, background: .init(9, 9, 9))
        let before = c.pixels
        c.fill(x: -10, y: 0, width: 5, height: 5, color: .init(0, 0, 0))
        c.fill(x: .nan, y: 0, width: 1, height: 1, color: .init(0, 0, 0))
        c.fill(x: 0, y: 0, width: .infinity, height: 1, color: .init(0, 0, 0))
        XCTAssertEqual(c.pixels, before)
    }

    func testMaskAndColorBitmapCompose() {
        var c = Canvas(width: 2, height: 1, background: .init(255, 255, 255))
        [UInt8(255), 0].withUnsafeBufferPointer { c.blend(mask: $0, maskWidth: 2, maskHeight: 1, pitch: 2, x: 0, y: 0, color: .init(10, 20, 30)) }
        XCTAssertEqual(pixel(c, 0, 0), [10, 20, 30])
        XCTAssertEqual(pixel(c, 1, 0), [255, 255, 255])
        // Premultiplied BGRA at half alpha over white: source plus half the white.
        c.blend(bgra: [0, 0, 128, 128], imageWidth: 1, imageHeight: 1, x: 1, y: 0)
        XCTAssertEqual(pixel(c, 1, 0), [255, 127, 127])
        // Partly outside: clipped, no crash.
        [UInt8](repeating: 255, count: 9).withUnsafeBufferPointer { c.blend(mask: $0, maskWidth: 3, maskHeight: 3, pitch: 3, x: -2, y: -2, color: .init(0, 0, 0)) }
        XCTAssertEqual(pixel(c, 0, 0), [0, 0, 0])
    }

    func testColorFromHex() {
        XCTAssertEqual(Canvas.Color(hex: "#1a2B3c"), Canvas.Color(0x1A, 0x2B, 0x3C))
        XCTAssertNil(Canvas.Color(hex: "#12345"))
        XCTAssertNil(Canvas.Color(hex: "zzzzzz"))
    }
}
