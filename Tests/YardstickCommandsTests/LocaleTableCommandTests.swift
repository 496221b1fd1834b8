import CICULocales
import Foundation
import XCTest

/// A table derived from CLDR as ICU holds it (every locale's name for other locales and for
/// its territory, and its exemplar characters), measured through the built executable: no
/// character is measured as a missing glyph, in the default profile and the iOS one.
final class LocaleTableCommandTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("yardstick-locales-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// In each locale: the names of these locales, of its own territory, and its exemplar set.
    static let named = ["en", "fr", "ar", "zh", "ja", "ko", "ru", "hi", "ff_Adlm", "chr", "ccp", "sat", "zgh", "vai", "ii", "am",
                        "th", "he", "el", "ka", "ta", "my", "km", "en_US_POSIX"]

    func quoted(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    func text(_ body: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 2048)
        let n = body(&buffer, Int32(buffer.count))
        return n > 0 ? String(cString: buffer) : ""
    }

    func testACLDRTableHasNoMissingGlyphs() throws {
        var csv = "Locale,Name,Territory,Characters\n"
        var rows = 0
        for i in 0..<ys_test_locale_count() {
            let locale = String(cString: ys_test_locale_id(i))
            let territory = text { ys_test_display_country(locale, locale, $0, $1) }
            let characters = BundledExemplars.string(locale)
            for (k, other) in Self.named.enumerated() {
                let name = text { ys_test_display_name(other, locale, $0, $1) }
                csv += [locale, name, territory, k == 0 ? characters : ""].map(quoted).joined(separator: ",") + "\n"
                rows += 1
            }
        }
        XCTAssertGreaterThan(rows, 15_000)
        try csv.write(to: directory.appendingPathComponent("names.csv"), atomically: false, encoding: .utf8)
        for profile in ["default", "ios"] {
            let r = try BuiltYardstick.shell(#""$Y" measure "$D/names.csv" --max-column-width 250 --profile \#(profile) --output "$D/out.csv""#,
                                             folder: directory)
            XCTAssertEqual(r.status, 0, r.err)
            XCTAssertFalse(r.err.contains("missing glyphs"), "\(profile): \(r.err)")
        }
    }
}

/// A locale's exemplar characters as one string.
enum BundledExemplars {
    static func string(_ locale: String) -> String {
        var out = [UInt32](repeating: 0, count: 8192)
        let count = ys_test_exemplars(locale, &out, Int32(out.count))
        guard count > 0 else { return "" }
        return String(String.UnicodeScalarView(out.prefix(Int(min(count, Int32(out.count)))).compactMap(Unicode.Scalar.init)))
    }
}
