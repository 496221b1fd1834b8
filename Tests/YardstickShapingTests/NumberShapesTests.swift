import XCTest
import YardstickAnalysis
import YardstickFonts
@testable import YardstickShaping

final class NumberShapesTests: XCTestCase {
    static let fonts = try! FontCollection.bundled()

    /// Number runs put together from single glyphs are exactly what HarfBuzz gives, for every
    /// bundled face and both scripts they are used in, on random strings of the characters.
    func testComposedNumbersAreWhatHarfBuzzGives() {
        let fonts = Self.fonts
        let composing = Shaper(fonts: fonts, cache: ShapingCache())
        let harfBuzz = Shaper(fonts: fonts, cache: ShapingCache())
        harfBuzz.composesNumbers = false
        var generator = SystemRandomNumberGenerator()
        var composedFaces = 0
        for face in fonts.faces.indices where fonts.coversPrintableASCII(face) {
            for script in [ScriptTag.latin, ScriptTag.common] {
                var strings = ["#0", "#123456", "1,234.56", "00", "..", ",,", "#", "2026.11.25"]
                strings += (0..<150).map { _ in
                    String(decoding: (0..<Int.random(in: 2...24, using: &generator)).map { _ in Shaper.numberCharacters.randomElement(using: &generator)! }, as: UTF8.self)
                }
                for text in strings {
                    let bytes = Array(text.utf8)
                    let (a, b) = bytes.withUnsafeBufferPointer {
                        (composing.shapeUncached($0, face: face, script: script, rightToLeft: false),
                         harfBuzz.shapeUncached($0, face: face, script: script, rightToLeft: false))
                    }
                    XCTAssertEqual(a.glyphs, b.glyphs, "face \(face) \(fonts.faces[face].familyName) \(text)")
                    XCTAssertEqual(a.clusters, b.clusters, "face \(face) \(text)")
                    XCTAssertEqual(a.totalAdvance, b.totalAdvance)
                }
                if bytesCompose(composing, face: face, script: script) { composedFaces += 1 }
            }
        }
        XCTAssertGreaterThan(composedFaces, 0, "no bundled face composes numbers: the shortcut is never taken")
    }

    /// A run with any other character, right to left, or a face with features is shaped by HarfBuzz.
    func testOtherRunsAreNotComposed() {
        let shaper = Shaper(fonts: Self.fonts, cache: ShapingCache())
        for text in ["#12a", "12 3", "1٢", "x"] {
            Array(text.utf8).withUnsafeBufferPointer { XCTAssertNil(shaper.composedNumber($0, face: 0, script: ScriptTag.latin)) }
        }
        XCTAssertTrue(bytesCompose(shaper, face: 0, script: ScriptTag.latin)) // Noto Sans: its digits do not kern
    }

    private func bytesCompose(_ shaper: Shaper, face: Int, script: UInt32) -> Bool {
        Array("#1,234.50".utf8).withUnsafeBufferPointer { shaper.composedNumber($0, face: face, script: script) != nil }
    }
}
