import CHarfBuzz
import XCTest
import YardstickFonts
@testable import YardstickShaping

/// The shaping font answers every character-to-glyph and advance question as its face's own font does.
final class ShapingFontTests: XCTestCase {
    func testAnswersAsTheParentFont() throws {
        let fonts = ShaperTests.fonts
        var characters = Array(UInt32(0)..<0x900) // the table's range and past it
        characters += [0x0E01, 0x0915, 0x4E2D, 0xAC00, 0x1F600, 0x10FFFF, 0xFFFD]
        var found = 0, missing = 0
        for face in fonts.faces {
            let shapingFont = ShapingFont(parent: face.hbFont)
            for pass in 0..<2 { // filling the table, then from it
                for unicode in characters {
                    var expected: hb_codepoint_t = 0, glyph: hb_codepoint_t = 0
                    let has = hb_font_get_nominal_glyph(face.hbFont, unicode, &expected) != 0
                    XCTAssertEqual(hb_font_get_nominal_glyph(shapingFont.font, unicode, &glyph) != 0, has, "\(face.path) U+\(String(unicode, radix: 16))")
                    if has { XCTAssertEqual(glyph, expected) }
                    if pass == 0 { if has { found += 1 } else { missing += 1 } }
                }
                // The batch call stops at the first character without a glyph, as HarfBuzz's own does.
                let run: [hb_codepoint_t] = [0x41, 0x62, 0x20, 0x3A9, 0x5D0, 0x627, 0x10FFFF, 0x41]
                var glyphs = [hb_codepoint_t](repeating: 0, count: run.count), reference = glyphs
                let n = hb_font_get_nominal_glyphs(shapingFont.font, UInt32(run.count), run, 4, &glyphs, 4)
                let m = hb_font_get_nominal_glyphs(face.hbFont, UInt32(run.count), run, 4, &reference, 4)
                XCTAssertEqual(n, m, face.path)
                XCTAssertEqual(Array(glyphs[0..<Int(n)]), Array(reference[0..<Int(m)]), face.path)
            }
        }
        XCTAssertGreaterThan(found, 1_000)
        XCTAssertGreaterThan(missing, 1_000)
    }

    func testAdvancesAreTheParentFonts() {
        var compared = 0
        for face in ShaperTests.fonts.faces {
            let shapingFont = ShapingFont(parent: face.hbFont)
            let glyphs = (0..<min(hb_face_get_glyph_count(face.hbFace), 3_000)).map { hb_codepoint_t($0) } // the table's range and past it
            for _ in 0..<2 { // filling the table, then from it
                var advances = [hb_position_t](repeating: 0, count: glyphs.count), reference = advances
                hb_font_get_glyph_h_advances(shapingFont.font, UInt32(glyphs.count), glyphs, 4, &advances, 4)
                hb_font_get_glyph_h_advances(face.hbFont, UInt32(glyphs.count), glyphs, 4, &reference, 4)
                XCTAssertEqual(advances, reference, face.path)
                compared += glyphs.count
            }
        }
        XCTAssertGreaterThan(compared, 20_000)
    }
}
