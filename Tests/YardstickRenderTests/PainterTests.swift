import XCTest
import YardstickLayout
import YardstickTemplates
@testable import YardstickRender

final class PainterTests: XCTestCase {
    static let engine = try! TextEngine()

    /// The columns holding ink (any pixel darker than the background), first and last.
    func inkColumns(_ c: Canvas) -> ClosedRange<Int>? {
        var lo = Int.max, hi = -1
        for y in 0..<c.height { for x in 0..<c.width where c.pixels[(y * c.width + x) * 3] < 200 { lo = min(lo, x); hi = max(hi, x) } }
        return hi < 0 ? nil : lo...hi
    }

    func inkRows(_ c: Canvas) -> Set<Int> {
        var rows = Set<Int>()
        for y in 0..<c.height { for x in 0..<c.width where c.pixels[(y * c.width + x) * 3] < 200 { rows.insert(y) } }
        return rows
    }

    func testTextInkStaysWithinTheMeasuredWidthAndLines() throws {
        let attributes = TextAttributes(size: 17)
        let layout = Self.engine.layout("The quick brown fox jumps over the lazy dog and keeps on running", width: 150, attributes: attributes)
        XCTAssertGreaterThan(layout.lineCount, 2)
        let painter = try Painter(scale: 2)
        var canvas = try painter.canvas(width: 170, height: layout.height + 20)
        painter.draw(layout, in: CellDrawing.Rect(x: 10, y: 10, width: 150, height: layout.height), on: &canvas)
        let ink = try XCTUnwrap(inkColumns(canvas))
        XCTAssertGreaterThanOrEqual(ink.lowerBound, 20 - 2)
        XCTAssertLessThanOrEqual(ink.upperBound, Int((10 + layout.width) * 2) + 2, "ink past the measured line width")
        // Ink in each line's band, nothing below the last.
        let rows = inkRows(canvas)
        for line in layout.lines {
            let band = Int((10 + line.top) * 2)..<Int((10 + line.top + line.height) * 2)
            XCTAssertFalse(rows.isDisjoint(with: band), "line at \(line.top) has no ink")
        }
        XCTAssertTrue(rows.allSatisfy { Double($0) <= (10 + layout.height) * 2 + 2 })
    }

    func testRightToLeftParagraphSitsAtTheTrailingEdge() throws {
        let layout = Self.engine.layout("مرحبا", width: 200, attributes: TextAttributes(size: 17))
        let painter = try Painter(scale: 1)
        var canvas = try painter.canvas(width: 200, height: layout.height)
        painter.draw(layout, in: CellDrawing.Rect(x: 0, y: 0, width: 200, height: layout.height), on: &canvas)
        let ink = try XCTUnwrap(inkColumns(canvas))
        XCTAssertGreaterThan(ink.lowerBound, 100)
        XCTAssertGreaterThan(ink.upperBound, 190)
    }

    func testTooLargeAPictureIsAnError() throws {
        let painter = try Painter(scale: 8)
        XCTAssertThrowsError(try painter.canvas(width: 3000, height: 10)) { XCTAssertTrue("\($0)".contains("too large"), "\($0)") }
        XCTAssertThrowsError(try painter.canvas(width: 0, height: 10))
        XCTAssertThrowsError(try painter.canvas(width: .nan, height: 10))
    }

    /// A rectangle shorter than the text shows the lines that fit, the last cut with an
    /// ellipsis, and nothing below it; a cell's contents never leave the cell.
    func testALabelShorterThanItsTextShowsTheLinesThatFitInsideItsCell() throws {
        let layout = Self.engine.layout("The quick brown fox jumps over the lazy dog and keeps on running", width: 150, attributes: TextAttributes(size: 17))
        XCTAssertGreaterThan(layout.lineCount, 2)
        let painter = try Painter(scale: 1)
        var canvas = try painter.canvas(width: 200, height: 200)
        let rect = CellDrawing.Rect(x: 0, y: 0, width: 150, height: layout.lines[1].top + layout.lines[1].height)
        let cell = CellDrawing(height: 60, texts: [CellDrawing.Text(rect: rect, layout: layout)])
        painter.draw(cell, x: 10, y: 20, width: 170, height: 60, on: &canvas)
        let rows = inkRows(canvas)
        XCTAssertFalse(rows.isEmpty)
        XCTAssertTrue(rows.allSatisfy { $0 >= 20 && $0 < 20 + Int(rect.height.rounded(.up)) }, "ink outside the label's lines: \(rows.sorted())")
        // Stacked marks far above the line are cut at the cell's top.
        let marks = Self.engine.layout("e" + String(repeating: "\u{301}", count: 30), width: 100, attributes: TextAttributes(size: 17))
        var other = try painter.canvas(width: 100, height: 100)
        painter.draw(CellDrawing(height: 30, texts: [CellDrawing.Text(rect: .init(x: 0, y: 0, width: 100, height: 30), layout: marks)]),
                     x: 0, y: 50, width: 100, height: 30, on: &other)
        XCTAssertTrue(inkRows(other).allSatisfy { $0 >= 50 && $0 < 80 }, "\(inkRows(other).sorted())")
    }
}
