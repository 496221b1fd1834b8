import XCTest
@testable import YardstickLayout

final class PreparedTextTests: XCTestCase {
    /// `lineStarts` gives what `layout` gives (starts, count, width, height) without the lines,
    /// and `measure` and `heightAndBaselines` its height, count and baselines, to the bit: for
    /// wrapping, line limits, single lines, spacing, line-height multiples and limits, display
    /// scales, lines of several faces (whose heights differ), soft hyphens and words too wide for
    /// a line, with and without hyphens.
    func testLineStartsAreTheLayoutsLines() throws {
        let engine = try TextEngine()
        let texts = ["", "one", "a fairly long sentence that wraps over several lines at narrow widths",
                     "para one\npara two is longer than the first\n\nafter an empty one", "مرحبا بالعالم، هذا نص طويل بعض الشيء",
                     "日本語のテキストは単語の間に空白がありません", "supercalifragilisticexpialidocious-and-more",
                     "Latin then 日本語 then العربية then हिन्दी and 😀 emoji\nनमस्ते दुनिया\nplain Latin last",
                     "extra\u{AD}ordinarily hyphen\u{AD}ated in\u{AD}com\u{AD}pre\u{AD}hen\u{AD}si\u{AD}bil\u{AD}i\u{AD}ties"]
        let attributes = [TextAttributes(), TextAttributes(size: 13, maxLines: 2), TextAttributes(lineBreakMode: .singleLine),
                          TextAttributes(size: 15, letterSpacing: 0.3, lineSpacing: 2, paragraphSpacing: 5), TextAttributes(displayScale: 3),
                          TextAttributes(hyphenateWordBreaks: false),
                          TextAttributes(size: 11, lineHeightMultiple: 1.37, lineSpacing: 1.25, paragraphSpacing: 3.1),
                          TextAttributes(minimumLineHeight: 26), TextAttributes(maximumLineHeight: 19, displayScale: 2)]
        for text in texts {
            for a in attributes {
                let prepared = engine.prepare(text, style: a.fontStyle)
                for width in [5.0, 40, 120, 400] { // (5 pt: words broken between clusters)
                    let layout = prepared.layout(width: width, attributes: a)
                    var starts: [Int] = []
                    let m = prepared.lineStarts(width: width, attributes: a, into: &starts)
                    XCTAssertEqual(starts, layout.lineStarts, "\(text) at \(width)")
                    XCTAssertEqual(m.lineCount, layout.lineCount)
                    XCTAssertEqual(m.width, layout.width)
                    XCTAssertEqual(m.height, layout.height)
                    let measured = prepared.measure(width: width, attributes: a)
                    XCTAssertEqual(measured.height, layout.height, "\(text) at \(width)")
                    XCTAssertEqual(measured.lineCount, layout.lineCount)
                    let b = prepared.heightAndBaselines(width: width, attributes: a)
                    XCTAssertEqual(b.firstBaseline, layout.lines.first?.baseline ?? 0, "\(text) at \(width)")
                    XCTAssertEqual(b.lastBaseline, layout.lines.last?.baseline ?? 0, "\(text) at \(width)")
                }
            }
        }
    }
}
