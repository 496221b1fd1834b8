import XCTest
@testable import YardstickLayout

final class PreparedTextTests: XCTestCase {
    /// `lineStarts` gives what `layout` gives (starts, count, width, height) without the lines,
    /// for wrapping, line limits, single lines, spacing, display scales and words too wide for a
    /// line, with and without hyphens.
    func testLineStartsAreTheLayoutsLines() throws {
        let engine = try TextEngine()
        let texts = ["", "one", "a fairly long sentence that wraps over several lines at narrow widths",
                     "para one\npara two is longer than the first\n\nafter an empty one", "مرحبا بالعالم، هذا نص طويل بعض الشيء",
                     "日本語のテキストは単語の間に空白がありません", "supercalifragilisticexpialidocious-and-more"]
        let attributes = [TextAttributes(), TextAttributes(size: 13, maxLines: 2), TextAttributes(lineBreakMode: .singleLine),
                          TextAttributes(size: 15, letterSpacing: 0.3, lineSpacing: 2, paragraphSpacing: 5), TextAttributes(displayScale: 3),
                          TextAttributes(hyphenateWordBreaks: false)]
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
                }
            }
        }
    }
}
