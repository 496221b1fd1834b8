import XCTest
@testable import YardstickLayout

final class LineStackTests: XCTestCase {
    let engine = sharedEngine

    /// Each line is as tall as its own faces make it, not as the line before: a line of
    /// Devanagari (taller faces) between lines of Latin is as tall as that paragraph laid out
    /// alone, and the Latin lines around it as theirs; `measure` sums the same heights.
    func testEachLineTakesItsOwnFacesHeight() {
        let paragraphs = ["plain Latin", "नमस्ते दुनिया", "plain Latin again", "日本語のテキスト", "Latin"]
        let a = TextAttributes(size: 15)
        let layout = engine.layout(paragraphs.joined(separator: "\n"), width: 400, attributes: a)
        XCTAssertEqual(layout.lineCount, paragraphs.count)
        let alone = paragraphs.map { engine.layout($0, width: 400, attributes: a).lines[0].height }
        XCTAssertNotEqual(alone[0], alone[1], "the test needs lines of different heights")
        for (line, height) in zip(layout.lines, alone) { XCTAssertEqual(line.height, height) }
        XCTAssertEqual(layout.height, alone.reduce(0, +), accuracy: 1e-9)
        XCTAssertEqual(engine.prepare(paragraphs.joined(separator: "\n")).measure(width: 400, attributes: a).height, layout.height)
    }

    /// Lines stack with line spacing between them and paragraph spacing where a paragraph
    /// starts; each baseline lies inside its line.
    func testLinesStackWithTheirSpacing() {
        let a = TextAttributes(size: 13, lineHeightMultiple: 1.5, lineSpacing: 2.5, paragraphSpacing: 7)
        let layout = engine.layout("one two three four five six\nनमस्ते दुनिया नमस्ते\n\nlast", width: 60, attributes: a)
        XCTAssertGreaterThan(layout.lineCount, 4)
        var y = 0.0
        for (k, line) in layout.lines.enumerated() {
            if k > 0 {
                y += a.lineSpacing
                if line.paragraph != layout.lines[k - 1].paragraph { y += a.paragraphSpacing }
            }
            XCTAssertEqual(line.top, y, "line \(k)")
            XCTAssertTrue(line.baseline > line.top && line.baseline < line.top + line.height, "line \(k)")
            y += line.height
        }
        XCTAssertEqual(layout.height, y)
    }
}
