import Foundation
import XCTest
import YardstickAnalysis
import YardstickFonts
@testable import YardstickShaping

final class FontFallbackTests: XCTestCase {
    let fonts = ShaperTests.fonts

    func runs(_ text: String, style: FontStyle = .regular) -> [(String, String)] {
        var text = text
        let analyzer = try! TextAnalyzer()
        var runs: [FontRun] = []
        return text.withUTF8 { bytes in
            FontFallback.resolve(bytes, paragraph: 0..<bytes.count, style: style, fonts: fonts,
                                 graphemes: { analyzer.graphemeBoundaries(bytes, range: 0..<bytes.count) }, into: &runs)
            return runs.map { (String(decoding: bytes[Int($0.start)..<Int($0.end)], as: UTF8.self), fonts.faces[$0.face].familyName) }
        }
    }

    func testEachScriptFindsItsFace() {
        XCTAssertEqual(runs("Hello").map(\.1), ["Noto Sans"])
        XCTAssertEqual(runs("Hi مرحبا").map(\.1), ["Noto Sans", "Noto Sans Arabic"])
        XCTAssertEqual(runs("Hi مرحبا").map(\.0), ["Hi ", "مرحبا"])
        XCTAssertEqual(runs("שלום עולם").map(\.1), ["Noto Sans Hebrew", "Noto Sans", "Noto Sans Hebrew"]) // a space is Noto Sans's
        XCTAssertEqual(runs("שלום abc").map(\.0), ["שלום", " abc"])
        XCTAssertEqual(runs("日本").map(\.1), ["Noto Sans CJK JP"])
        XCTAssertEqual(runs("한국").map(\.1), ["Noto Sans CJK KR"])
        XCTAssertEqual(runs("ok 👍🏽").map(\.1), ["Noto Sans", "Noto Color Emoji"])
        XCTAssertEqual(runs("e\u{301}").map(\.1), ["Noto Sans"]) // a mark stays with its base
    }

    func testAFirstFaceWithoutLatinLeavesLatinToTheNextFace() throws {
        // A user's Hebrew font first: Latin letters (ASCII included) still come from Noto Sans,
        // and a Latin word measures as it does without the Hebrew font.
        let hebrew = try BundledFonts.directory() + "/NotoSansHebrew-Regular.ttf"
        let user = try FontCollection.make(fontPaths: [hebrew])
        XCTAssertFalse(user.coversPrintableASCII(user.chain(for: .regular)[0]))
        XCTAssertTrue(user.coversPrintableASCII(user.chain(for: .regular)[1]))
        let analyzer = try TextAnalyzer()
        func runs(_ text: String) -> [(String, String)] {
            var text = text
            var runs: [FontRun] = []
            return text.withUTF8 { bytes in
                FontFallback.resolve(bytes, paragraph: 0..<bytes.count, style: .regular, fonts: user,
                                     graphemes: { analyzer.graphemeBoundaries(bytes, range: 0..<bytes.count) }, into: &runs)
                return runs.map { (String(decoding: bytes[Int($0.start)..<Int($0.end)], as: UTF8.self), user.faces[$0.face].familyName) }
            }
        }
        XCTAssertEqual(runs("abc").map(\.1), ["Noto Sans"])
        // Spaces (a tab is shaped as one) take the first face that has a space: the user's.
        XCTAssertEqual(runs("abc\tdef").map(\.1), ["Noto Sans", "Noto Sans Hebrew", "Noto Sans"])
        XCTAssertEqual(runs("שלום abc").map(\.1), ["Noto Sans Hebrew", "Noto Sans"])
        XCTAssertEqual(runs("שלום abc").map(\.0), ["שלום ", "abc"])
        XCTAssertEqual(runs("abc שלום").map(\.0), ["abc", " שלום"])
    }

    func testEmojiPresentationSelectorPrefersTheColorFace() {
        // U+2764 HEAVY BLACK HEART is text-default; with U+FE0F it is an emoji.
        XCTAssertEqual(runs("\u{2764}\u{FE0F}").map(\.1), ["Noto Color Emoji"])
    }

    /// A word in each bundled script is set in that script's face, and nothing is missing.
    func testEveryBundledScriptMeasuresWithItsOwnFace() throws {
        let words: [(String, String)] = [
            ("বাংলা ভাষা", "Noto Sans Bengali"), ("தமிழ் மொழி", "Noto Sans Tamil"), ("తెలుగు భాష", "Noto Sans Telugu"),
            ("ಕನ್ನಡ ಭಾಷೆ", "Noto Sans Kannada"), ("മലയാളം ഭാഷ", "Noto Sans Malayalam"), ("ગુજરાતી ભાષા", "Noto Sans Gujarati"),
            ("ਪੰਜਾਬੀ ਭਾਸ਼ਾ", "Noto Sans Gurmukhi"), ("ଓଡ଼ିଆ ଭାଷା", "Noto Sans Oriya"), ("සිංහල භාෂාව", "Noto Sans Sinhala"),
            ("ភាសាខ្មែរ", "Noto Sans Khmer"), ("ພາສາລາວ", "Noto Sans Lao"), ("မြန်မာဘာသာ", "Noto Sans Myanmar"),
            ("ქართული ენა", "Noto Sans Georgian"), ("Հայերեն լեզու", "Noto Sans Armenian"), ("አማርኛ ቋንቋ", "Noto Sans Ethiopic"),
            ("བོད་ཡིག", "Noto Serif Tibetan"), ("ܠܫܢܐ ܣܘܪܝܝܐ", "Noto Sans Syriac"), ("ދިވެހި ބަސް", "Noto Sans Thaana"),
            ("ᠮᠣᠩᠭᠣᠯ ᠬᠡᠯᠡ", "Noto Sans Mongolian"), ("हिन्दी भाषा", "Noto Sans Devanagari"), ("ภาษาไทย", "Noto Sans Thai"),
            ("العربية", "Noto Sans Arabic"), ("עברית", "Noto Sans Hebrew"), ("日本語", "Noto Sans CJK JP"), ("한국어", "Noto Sans CJK KR"),
            ("♔♕♖", "Noto Sans Symbols2"), ("𝔸𝔹", "Noto Sans Math"), ("🜁🜂", "Noto Sans Symbols"),
        ]
        for (word, family) in words {
            XCTAssertEqual(Set(runs(word).filter { $0.0 != " " }.map(\.1)), [family], word) // (spaces: Noto Sans)
            for style in [FontStyle.regular, .bold] {
                var text = word
                let missing = text.withUTF8 { bytes in
                    MissingGlyphs.find(in: bytes, style: style, fonts: fonts)
                }
                XCTAssertEqual(missing, .none, word)
            }
        }
    }

    /// A space takes the first face that has one, after an emoji too (Pango and Chromium agree
    /// there): "a 🇯🇵 b" is 50.0 pt at 17 pt, not 66.7 with the emoji font's 21 pt space.
    func testSpaceAfterAnEmojiLeavesTheEmojiFace() {
        XCTAssertEqual(runs("a 🇯🇵 b").map(\.1), ["Noto Sans", "Noto Color Emoji", "Noto Sans"])
        XCTAssertEqual(runs("a 🇯🇵 b").map(\.0), ["a ", "🇯🇵", " b"])
        XCTAssertEqual(runs("👍🏽  ok").map(\.0), ["👍🏽", "  ok"])
        XCTAssertEqual(runs("ok 👨‍👩‍👧 ok").map(\.0), ["ok ", "👨‍👩‍👧", " ok"]) // a ZWJ sequence is one cluster in the emoji face
        XCTAssertEqual(runs("1️⃣ 🏴󠁧󠁢󠁳󠁣󠁴󠁿 x").map(\.1), ["Noto Color Emoji", "Noto Sans", "Noto Color Emoji", "Noto Sans"])
        // Two emoji with a space between: the space is Noto Sans's.
        XCTAssertEqual(runs("😀 😀").map(\.1), ["Noto Color Emoji", "Noto Sans", "Noto Color Emoji"])
        // Between words of a script too, as Chromium does (Pango keeps the script
        // face's space, 500 units wide in Sinhala against Noto Sans's 260).
        XCTAssertEqual(runs("සිංහල භාෂාව").map(\.1), ["Noto Sans Sinhala", "Noto Sans", "Noto Sans Sinhala"])
        XCTAssertEqual(runs("日本 語").map(\.1), ["Noto Sans CJK JP", "Noto Sans", "Noto Sans CJK JP"])
        XCTAssertEqual(runs("日本\u{3000}語").map(\.1), ["Noto Sans CJK JP"]) // Noto Sans has no ideographic space
    }

    /// Text-presentation symbols take a text face that covers them; with U+FE0F, the emoji face.
    func testTextPresentationSymbolsTakeATextFace() {
        XCTAssertEqual(runs("\u{2764}").map(\.1), ["Noto Sans Symbols2"])
        XCTAssertEqual(runs("\u{2764}\u{FE0F}").map(\.1), ["Noto Color Emoji"])
        XCTAssertEqual(runs("\u{263A}").map(\.1), ["Noto Sans Symbols"]) // not in Symbols 2, which comes first
        XCTAssertEqual(runs("\u{2708}\u{FE0E}").map(\.1), ["Noto Sans Symbols2"])
        XCTAssertEqual(runs("\u{1F600}").map(\.1), ["Noto Color Emoji"]) // Emoji_Presentation
    }

    /// Common characters the primary face lacks stay in the script face before them; those it
    /// has (digits, comma, spaces) come from it.
    func testCommonCharactersBetweenScripts() {
        XCTAssertEqual(runs("বাংলা। ১২৩, abc").map(\.1), ["Noto Sans Bengali", "Noto Sans", "Noto Sans Bengali", "Noto Sans"])
        XCTAssertEqual(runs("বাংলা। ১২৩, abc").map(\.0), ["বাংলা।", " ", "১২৩", ", abc"])
        XCTAssertEqual(runs("हिन्दी।").map(\.1), ["Noto Sans Devanagari"]) // the danda after Devanagari
        XCTAssertEqual(runs("abc।").map(\.1), ["Noto Sans", "Noto Sans Bengali"]) // after Latin: the first face that has it
        XCTAssertEqual(runs("مرحبا، 123").map(\.0), ["مرحبا،", " 123"]) // Arabic comma stays, the space and digits do not
        XCTAssertEqual(runs("日本、2024").map(\.1), ["Noto Sans CJK JP", "Noto Sans"])
        XCTAssertEqual(runs("한국、").map(\.1), ["Noto Sans CJK KR"])
        XCTAssertEqual(runs("a → b").map(\.0), ["a ", "→", " b"])
    }
}
