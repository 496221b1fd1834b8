import XCTest
import YardstickAnalysis
import YardstickFonts
import YardstickShaping

final class MissingGlyphsTests: XCTestCase {
    static let fonts = try! FontCollection.bundled()

    func find(_ text: String, style: FontStyle = .regular) -> MissingGlyphs {
        var text = text
        return text.withUTF8 { bytes in
            MissingGlyphs.find(in: bytes, style: style, fonts: Self.fonts)
        }
    }

    func testCoveredTextHasNothingMissing() {
        XCTAssertEqual(find(""), .none)
        XCTAssertEqual(find("Plain ASCII text, long enough for the eight-byte path: 0123456789 ~!@#$%^&*()"), .none)
        XCTAssertEqual(find("tabs\tand\nlines\r\nand\u{2028}separators\u{85}"), .none)
        XCTAssertEqual(find("joiners\u{200D}, selectors \u{FE0F}\u{FE0E}, marks \u{200F} and tags \u{E0061}"), .none)
        XCTAssertEqual(find("日本語 한국어 العربية বাংলা 👨‍👩‍👧 ∑ 𝔸", style: .boldItalic), .none)
    }

    /// Each cluster with a character no face maps counts once; its characters are listed once,
    /// smallest first, whatever order they came in.
    func testClustersNoFaceCoversAreCountedWithTheirCharacters() {
        let m = find("Runic ᛣᚳᚩ and Linear B 𐀀 and ᛣᚳᚩ again")
        XCTAssertEqual(m.clusterCount, 7)
        XCTAssertEqual(m.scalars.map(\.value), [0x16A9, 0x16B3, 0x16E3, 0x10000])
        XCTAssertEqual(m.description, "7 clusters (U+16A9 U+16B3 U+16E3 U+10000)")
        // A base with a mark no face has is one cluster.
        XCTAssertEqual(find("a\u{1DFA}").clusterCount, 1)
        // A private-use character is missing too.
        XCTAssertEqual(find("x\u{E000}y").scalars.map(\.value), [0xE000])
        // Past eight ASCII bytes, a missing character is still found.
        XCTAssertEqual(find("abcdefghijklmnop\u{16A0}").clusterCount, 1)
    }

    /// A mark no face has together with its base is drawn as .notdef from the base's face: the
    /// cluster counts, with the mark. Marks a face has with their base, and what HarfBuzz hides, do not.
    func testMarksNoFaceHasWithTheirBaseCount() {
        XCTAssertEqual(find("a\u{0E48}").scalars.map(\.value), [0x0E48]) // Thai tone mark on a Latin letter
        XCTAssertEqual(find("\u{0995}\u{0301}").scalars.map(\.value), [0x0301]) // Bengali letter + combining acute
        XCTAssertEqual(find("a\u{1F3FF}").scalars.map(\.value), [0x1F3FF]) // a skin tone on a letter
        XCTAssertEqual(find("\u{182E}\u{180F}\u{1823}").scalars.map(\.value), [0x180F]) // HarfBuzz 6 does not hide FVS4
        XCTAssertEqual(find("e\u{0301} \u{0995}\u{09BF} \u{0E01}\u{0E48} \u{1F44D}\u{1F3FD} \u{0915}\u{094D}\u{0937}"), .none)
        XCTAssertEqual(find("a\u{1D173}b x\u{061C}y z\u{FFF0}"), .none) // hidden by HarfBuzz
        XCTAssertEqual(find("a\u{0E48} a\u{0E48}").clusterCount, 2)
    }

    func testUnionAddsCountsAndKeepsTheSmallestCharacters() {
        var total = MissingGlyphs.none
        total.formUnion(find("𐀀 𐀁"))
        total.formUnion(.none)
        total.formUnion(find("ᚠ ᚡ ᚢ ᚣ ᚤ ᚥ ᚦ ᚧ ᚨ"))
        XCTAssertEqual(total.clusterCount, 11)
        XCTAssertEqual(total.scalars.count, MissingGlyphs.sampleLimit)
        XCTAssertEqual(total.scalars.first?.value, 0x16A0)
        var other = MissingGlyphs.none
        other.formUnion(find("ᚠ ᚡ ᚢ ᚣ ᚤ ᚥ ᚦ ᚧ ᚨ"))
        other.formUnion(find("𐀀 𐀁"))
        XCTAssertEqual(other, total)
        XCTAssertTrue(total.description.hasSuffix(" …)"))
    }
}
