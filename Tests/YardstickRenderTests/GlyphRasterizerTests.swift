import XCTest
import YardstickFonts
import YardstickLayout
@testable import YardstickRender

final class GlyphRasterizerTests: XCTestCase {
    static let engine = try! TextEngine()

    func run(_ text: String) -> TextLayout.GlyphRun {
        Self.engine.layout(text, width: 1000, attributes: TextAttributes(size: 20)).glyphRuns(line: 0)[0]
    }

    func testOutlineGlyphHasCoverageNearTheEmSize() throws {
        let r = run("H")
        let raster = try GlyphRasterizer()
        let image = try XCTUnwrap(raster.image(face: r.face, glyph: r.glyphIDs[0], pixelSize: 40, phase: 0))
        XCTAssertFalse(image.isColor)
        // A capital H of a 40 px em: about 29 px tall (Noto Sans cap height 0.714 em), wider than thick.
        XCTAssertEqual(Double(image.height), 40 * 0.714, accuracy: 2)
        XCTAssertEqual(image.top, image.height, "an H sits on the baseline")
        XCTAssertEqual(image.pixels.count, image.width * image.height)
        XCTAssertGreaterThan(image.pixels.filter { $0 == 255 }.count, 100)
        // Another phase is another image, shifted right by a quarter pixel.
        let shifted = try XCTUnwrap(raster.image(face: r.face, glyph: r.glyphIDs[0], pixelSize: 40, phase: 2))
        XCTAssertNotEqual(shifted.pixels, image.pixels)
    }

    func testSpaceHasNoImage() throws {
        let r = run(" ")
        XCTAssertNil(try GlyphRasterizer().image(face: r.face, glyph: r.glyphIDs[0], pixelSize: 40, phase: 0))
    }

    func testColorEmojiIsScaledToTheSize() throws {
        let r = run("😀")
        XCTAssertTrue(r.face.hasColorGlyphs)
        let image = try XCTUnwrap(try GlyphRasterizer().image(face: r.face, glyph: r.glyphIDs[0], pixelSize: 40, phase: 1))
        XCTAssertTrue(image.isColor)
        XCTAssertEqual(image.pixels.count, image.width * image.height * 4)
        // Noto Color Emoji's strike is 136 × 128 at 109 ppem: about 50 × 47 at 40 px.
        XCTAssertEqual(Double(image.width), 136 * 40 / 109, accuracy: 2)
        XCTAssertEqual(Double(image.height), 128 * 40 / 109, accuracy: 2)
        // Yellow: red and green above blue somewhere in the middle.
        let mid = ((image.height / 2) * image.width + image.width / 2) * 4
        XCTAssertGreaterThan(image.pixels[mid + 2], image.pixels[mid])
    }
}
