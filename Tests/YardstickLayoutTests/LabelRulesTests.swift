import XCTest
@testable import YardstickLayout
import YardstickFonts
import YardstickTestSupport

/// UILabel's rules against Pango's on the same fonts: `.pushOut` moves one word and only where
/// the last line is one word; `.hangulWordPriority` breaks Korean at spaces only;
/// `.typographic` lines are as tall as the first face's, whatever the fallback faces.
final class LabelRulesTests: XCTestCase {
    static let uiLabel = try! TextEngine(fonts: sharedEngine.fonts, rules: .uiLabel)
    static let words = ["a", "to", "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "wonderful", "x", "measure", "it"]

    func lines(_ engine: TextEngine, _ text: String, _ width: Double) -> [Substring] {
        let layout = engine.layout(text, width: width)
        let bytes = Array(text.utf8)
        return layout.lines.map { Substring(String(decoding: bytes[$0.utf8Range], as: UTF8.self)) }
    }

    func wordCount(_ line: Substring) -> Int { line.split(separator: " ").count }

    /// Random paragraphs at random widths: the same lines but the last two; where Pango's last
    /// line is one word after a line of several, UILabel's last line takes the word before if
    /// it fits, and every line fits.
    func testPushOutGivesTheLastLineOneWord() {
        var random = SplitMix64(seed: 14)
        var pushed = 0
        for _ in 0..<400 {
            let count = 3 + Int(random.next() % 14)
            let text = (0..<count).map { _ in Self.words[Int(random.next() % UInt64(Self.words.count))] }.joined(separator: " ")
            let width = 40 + Double(random.next() % 200)
            let pango = lines(sharedEngine, text, width), ui = lines(Self.uiLabel, text, width)
            XCTAssertEqual(pango.count, ui.count, text)
            guard pango.count == ui.count else { continue }
            XCTAssertEqual(Array(pango.dropLast(2)), Array(ui.dropLast(2)), text)
            for line in Self.uiLabel.layout(text, width: width).lines { XCTAssertLessThanOrEqual(line.width, width + 1e-6, text) }
            guard pango.count >= 2 else { XCTAssertEqual(pango, ui); continue }
            let before = pango[pango.count - 2], last = pango[pango.count - 1]
            let candidate = (before.split(separator: " ").last ?? "") + " " + last
            let fits = sharedEngine.layout(String(candidate), width: .infinity).width <= width + 1e-6
            // (A line that starts inside a word broken for being too wide gives nothing.)
            let wholeWords = before.hasSuffix(" ") && (pango.count == 2 || pango[pango.count - 3].hasSuffix(" "))
            if wordCount(last) == 1 && wordCount(before) >= 2 && wholeWords && fits {
                XCTAssertEqual(ui.last.map(String.init), String(candidate), text)
                pushed += 1
            } else {
                XCTAssertEqual(pango, ui, text)
            }
        }
        XCTAssertGreaterThan(pushed, 20) // the case is met, not only skipped
    }

    /// "well-known" is two break units and one word: it moves whole.
    func testPushOutMovesAWordNotABreakUnit() {
        let text = "aaa well-known ccc"
        var checked = 0
        for width in stride(from: 60.0, through: 200, by: 1) {
            let pango = lines(sharedEngine, text, width)
            guard pango.count == 2, pango[1] == "ccc", pango[0] == "aaa well-known " else { continue }
            let ui = lines(Self.uiLabel, text, width)
            let fits = sharedEngine.layout("well-known ccc", width: .infinity).width <= width + 1e-6
            XCTAssertEqual(ui, fits ? ["aaa ", "well-known ccc"] : pango, "\(width)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 0)
    }

    func testHangulBreaksAtSpacesOnly() {
        let text = "대한민국의 수도는 서울입니다 그리고 부산은 항구도시입니다 2024년 3월 15일에 iPhone을 샀다"
        let bytes = Array(text.utf8)
        for width in stride(from: 130.0, through: 400, by: 15) { // (every word fits)
            let ui = Self.uiLabel.layout(text, width: width)
            for line in ui.lines.dropFirst() { XCTAssertEqual(bytes[line.utf8Range.lowerBound - 1], 0x20, "\(width)") }
        }
        // Pango breaks between syllables where a word does not fit.
        let pango = sharedEngine.layout(text, width: 130)
        XCTAssertTrue(pango.lines.dropFirst().contains { bytes[$0.utf8Range.lowerBound - 1] != 0x20 })
        // A word wider than the line is still broken (between clusters), never left to overflow.
        let narrow = Self.uiLabel.layout("항구도시입니다", width: 30)
        XCTAssertGreaterThan(narrow.lineCount, 1)
    }

    func testTypographicLinesTakeTheFirstFacesHeight() {
        let latin = Self.uiLabel.layout("Hello", width: 300)
        let thai = Self.uiLabel.layout("Hello สวัสดีครับ", width: 300)
        XCTAssertEqual(thai.height, latin.height)
        XCTAssertGreaterThan(sharedEngine.layout("Hello สวัสดีครับ", width: 300).height, sharedEngine.layout("Hello", width: 300).height)
        // The same through measure (no lines built) and with the one-line shortcut.
        let prepared = Self.uiLabel.prepare("Hello สวัสดีครับ\nสวัสดีครับ สวัสดีครับ สวัสดีครับ")
        let attributes = TextAttributes()
        XCTAssertEqual(prepared.measure(width: 120, attributes: attributes).height, prepared.layout(width: 120, attributes: attributes).height)
        XCTAssertEqual(prepared.layout(width: 120, attributes: attributes).height, Double(prepared.layout(width: 120, attributes: attributes).lineCount) * latin.height,
                       accuracy: 1e-9)
    }

    /// The rules are the engine's: a renewed engine keeps them.
    func testARenewedEngineKeepsItsRules() throws {
        XCTAssertEqual(try Self.uiLabel.renewed().rules, .uiLabel)
        XCTAssertEqual(sharedEngine.rules, .pango)
    }
}
