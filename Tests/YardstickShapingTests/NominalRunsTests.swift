import XCTest
import YardstickAnalysis
import YardstickFonts
@testable import YardstickShaping

final class NominalRunsTests: XCTestCase {
    /// Every bundled face's hyphens and ellipsis, made from the nominal glyph, are the runs
    /// HarfBuzz shapes: the engine's hyphens and ellipses depend on it.
    func testBundledHyphensAreWhatHarfBuzzGives() throws {
        let fonts = try FontCollection.bundled()
        let shaper = Shaper(fonts: fonts, cache: ShapingCache())
        var compared = 0, ellipses = 0
        for face in fonts.faces.indices {
            XCTAssertTrue(fonts.faces[face].isBundled)
            for scalar: Unicode.Scalar in ["\u{2010}", "-", "\u{2026}"] where fonts.faces[face].coverage.contains(scalar.value) {
                let nominal = try XCTUnwrap(shaper.nominalRun(scalar, face: face))
                var text = String(scalar)
                let shaped = text.withUTF8 { shaper.shapeUncached($0, face: face, script: ScriptTag.common, rightToLeft: false) }
                let name = "\(fonts.faces[face]) U+\(String(scalar.value, radix: 16))"
                XCTAssertEqual(nominal.glyphs, shaped.glyphs, name)
                XCTAssertEqual(nominal.clusters, shaped.clusters, name)
                XCTAssertEqual(nominal.byteCount, shaped.byteCount, name)
                XCTAssertEqual(nominal.trailingWhitespaceStart, shaped.trailingWhitespaceStart, name)
                XCTAssertEqual(nominal.totalAdvance, shaped.totalAdvance, name)
                compared += 1
                if scalar == "\u{2026}" { ellipses += 1 }
            }
        }
        XCTAssertGreaterThan(compared, 40)
        XCTAssertGreaterThanOrEqual(ellipses, 4) // (at least Noto Sans in its four styles)
        XCTAssertNil(shaper.nominalRun("\u{10FFFD}", face: 0))
    }
}
