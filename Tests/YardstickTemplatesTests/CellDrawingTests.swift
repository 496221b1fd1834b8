import XCTest
import YardstickLayout
@testable import YardstickTemplates

/// What a renderer draws of a fitted cell: texts laid out as measured, where the fit puts them.
final class CellDrawingTests: XCTestCase {
    struct Note: Sendable { var title: String; var body: String }
    static let engine = try! TextEngine()
    let note = Note(title: "Groceries for the week", body: "Milk, eggs, bread, butter, flour, sugar, apples and a few things more to wrap")

    func drawing<Row>(_ sizer: CellSizer<Row>, _ row: Row, width: Double) -> CellDrawing {
        sizer.prepare(count: 1, threads: 1) { _ in row }.withRow(0) { sizer.layout.drawing(width: width, texts: $0) }
    }

    func testStackTextsSitInTheirFramesLessInsetsWithTheMeasuredLines() throws {
        let cell = CellTemplate<Note>.hstack(spacing: 12, alignment: .top) {
            CellTemplate.box(width: 44, height: 44)
            CellTemplate.vstack(spacing: 4) {
                CellTemplate.text(\.title, style: .headline, lines: 1, truncates: true)
                CellTemplate.text(\.body)
            }
        }.insets(EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
        let sizer = try CellSizer(cell, engine: Self.engine)
        let d = drawing(sizer, note, width: 320)
        XCTAssertEqual(d.height, sizer.height(for: note, width: 320))
        XCTAssertEqual(d.boxes, [CellDrawing.Rect(x: 16, y: 8, width: 44, height: 44)])
        XCTAssertEqual(d.texts.count, 2)
        let textX = 16 + 44 + 12.0, textWidth = 320 - 16 - 16 - 44 - 12.0
        for t in d.texts {
            XCTAssertEqual(t.rect.x, textX, accuracy: 1e-9)
            XCTAssertEqual(t.rect.width, textWidth, accuracy: 1e-9)
            XCTAssertLessThanOrEqual(t.layout.height, t.rect.height + 1e-9, "a text taller than its frame would overflow")
            XCTAssertLessThanOrEqual(t.layout.width, t.rect.width + 1e-9)
        }
        XCTAssertEqual(d.texts[0].layout.lineCount, 1)
        XCTAssertTrue(d.texts[0].layout.isTruncated || d.texts[0].layout.width <= textWidth)
        XCTAssertGreaterThan(d.texts[1].layout.lineCount, 1)
        XCTAssertEqual(d.texts[1].rect.y, d.texts[0].rect.y + d.texts[0].rect.height + 4, accuracy: 1e-9)
        XCTAssertEqual(d.texts[1].rect.y + d.texts[1].rect.height + 8, d.height, accuracy: 1.0 / 64)
    }

    func testHiddenTextsAreNotDrawn() throws {
        let cell = CellTemplate<Note>.vstack(spacing: 4) {
            CellTemplate.text(\.title)
            CellTemplate.text(\.body)
        }
        let d = drawing(try CellSizer(cell, engine: Self.engine), Note(title: "Only a title", body: ""), width: 300)
        XCTAssertEqual(d.texts.count, 1)
        XCTAssertEqual(d.texts[0].layout.prepared.utf8Count, "Only a title".utf8.count)
    }

    func testConstraintViewsAreDrawnWhereTheSolverPutsThem() throws {
        let rules = ["title.top == super.top + 10", "title.leading == super.leading + 16", "title.trailing == super.trailing - 16",
                     "body.top == title.bottom + 4", "body.leading == super.leading + 16", "body.trailing == super.trailing - 16",
                     "super.bottom == body.bottom + 10"]
        let cell = CellTemplate<Note>.constraints(views: [.text("title", \.title, style: .headline), .text("body", \.body)], rules: rules)
        let sizer = try CellSizer(cell, engine: Self.engine)
        let d = drawing(sizer, note, width: 300)
        XCTAssertEqual(d.texts.count, 2)
        XCTAssertEqual(d.texts[0].rect.x, 16, accuracy: 1e-6)
        XCTAssertEqual(d.texts[0].rect.y, 10, accuracy: 1e-6)
        XCTAssertEqual(d.texts[0].rect.width, 300 - 32, accuracy: 1e-6)
        XCTAssertEqual(d.texts[1].rect.y, d.texts[0].rect.y + d.texts[0].rect.height + 4, accuracy: 1e-6)
        XCTAssertEqual(d.texts[1].rect.y + d.texts[1].rect.height + 10, d.height, accuracy: 1e-6)
        XCTAssertEqual(d.texts[1].layout.height, d.texts[1].rect.height, accuracy: 1e-6)
    }

    /// `lines` without `truncates` cuts the last line shown (no ellipsis); with it, an ellipsis.
    func testALineLimitWithoutTruncationCutsTheLastLine() throws {
        let clipped = try CellSizer(CellTemplate<Note>.text(\.body, lines: 2), engine: Self.engine)
        let cut = drawing(clipped, note, width: 200).texts[0].layout
        XCTAssertEqual(cut.lineCount, 2)
        XCTAssertFalse(cut.lines.contains { $0.isTruncated }, "no ellipsis")
        let whole = Self.engine.layout(note.body, width: 200, attributes: TextAttributes(textStyle: .body))
        XCTAssertEqual(cut.lines.map(\.utf8Range), Array(whole.lines.prefix(2).map(\.utf8Range)), "the lines of the unlimited text")
        XCTAssertEqual(cut.height, clipped.height(for: note, width: 200), accuracy: 1.0 / 64)
        let truncated = try CellSizer(CellTemplate<Note>.text(\.body, lines: 2, truncates: true), engine: Self.engine)
        XCTAssertTrue(drawing(truncated, note, width: 200).texts[0].layout.lines[1].isTruncated)
    }
}
