import CICU
import CICULocales
import XCTest
@testable import YardstickFonts

/// The bundled fonts against ICU's locales: every character of every locale's standard
/// exemplar set maps to a glyph of a bundled face, in regular and in bold.
final class BundledFontsTests: XCTestCase {
    /// The code points of a locale's standard exemplar set.
    static func exemplars(_ locale: String) -> [UInt32]? {
        var out = [UInt32](repeating: 0, count: 4096)
        var count = ys_test_exemplars(locale, &out, Int32(out.count))
        if count > out.count {
            out = [UInt32](repeating: 0, count: Int(count))
            count = ys_test_exemplars(locale, &out, Int32(out.count))
        }
        return count < 0 ? nil : Array(out.prefix(Int(count)))
    }

    func testEveryExemplarCharacterOfEveryLocaleHasAGlyph() throws {
        let fonts = try FontCollection.bundled()
        let locales = (0..<ys_test_locale_count()).map { String(cString: ys_test_locale_id($0)) }
        XCTAssertGreaterThan(locales.count, 700)
        var failures: [String] = []
        var checked = 0
        for locale in locales {
            guard let characters = Self.exemplars(locale) else { failures.append("\(locale): ICU has no exemplar set"); continue }
            checked += characters.count
            for style in [FontStyle.regular, .bold] {
                let missing = characters.filter { !fonts.chainCovers(style, $0) }
                guard !missing.isEmpty else { continue }
                let scripts = Set(missing.map { AnalysisScript.name(of: $0) }).sorted().joined(separator: ", ")
                let listed = missing.prefix(12).map { String(format: "U+%04X", $0) }.joined(separator: " ")
                failures.append("\(locale) (\(style)): \(missing.count) character(s) of \(scripts) without a glyph: \(listed)")
            }
        }
        XCTAssertGreaterThan(checked, 100_000)
        XCTAssert(failures.isEmpty, "\n" + failures.joined(separator: "\n"))
    }

    /// The largest collection of the bundled files (the iOS profile's, nine weights, upright and
    /// italic, at many optical sizes) stays within the face and line-metrics limits.
    func testTheLargestBundledCollectionFits() throws {
        let fonts = try FontCollection.make(uiFamily: .inter, opticalSizes: [11, 12, 13, 15, 16, 17, 20, 22, 28, 34, 40, 53])
        XCTAssertLessThanOrEqual(fonts.faces.count, FontCollection.maximumFaces)
        XCTAssertLessThanOrEqual(fonts.distinctMetrics.count, FontCollection.maximumDistinctMetrics)
        for style in [FontStyle.regular, .bold, .italic, FontStyle(weight: .black, italic: true)] {
            XCTAssertTrue(fonts.chainCovers(style, 0x1E900), "\(style)") // Adlam
        }
    }
}

/// A script's ISO 15924 code, from ICU.
enum AnalysisScript {
    static func name(of scalar: UInt32) -> String {
        let tag = yardstick_icu_script_iso15924(yardstick_icu_script_of(scalar))
        guard tag != 0 else { return "unknown script" }
        return String(decoding: [24, 16, 8, 0].map { UInt8((tag >> $0) & 0xFF) }, as: UTF8.self)
    }
}
