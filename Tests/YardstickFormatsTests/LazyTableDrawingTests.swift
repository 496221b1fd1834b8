import XCTest
import Foundation
@testable import YardstickFormats
import YardstickLayout
import YardstickOffsets
import YardstickTemplates
@testable import YardstickTable

/// What a renderer draws for a lazy table's row: only measured rows, each label showing the
/// row's own field with the lines its height came from; a grid's bars show the column names.
final class LazyTableDrawingTests: XCTestCase {
    static let engine = try! TextEngine()
    static let rows: [[String]] = (0..<2_000).map { ["Row \($0)", ["Shipped", "Pending"][$0 % 2], String(repeating: "note words ", count: 1 + $0 % 17)] }

    func testAMeasuredRowIsDrawnFromItsOwnFields() throws {
        var lazy = try LazyTable(.rows(count: Self.rows.count, row: { Self.rows[$0] }), columns: ["Name", "Status", "Notes"],
                                 sizing: LazyTableTests.list, engine: Self.engine, threads: 1)
        XCTAssertThrowsError(try lazy.drawing(row: 0)) { XCTAssertTrue("\($0)".contains("scroll to it first"), "\($0)") }
        let shown = try lazy.scroll(to: 30_000, viewportHeight: 800)
        let first = try XCTUnwrap(shown.firstVisibleRow).row, last = try XCTUnwrap(shown.lastVisibleRow).row
        for r in first...last {
            let item = try lazy.drawing(row: r)
            let texts = item.cells.flatMap(\.content.texts)
            XCTAssertEqual(texts.map(\.string), [Self.rows[r][0], Self.rows[r][2]], "row \(r)")
            let height = try lazy.table.height(of: RowPosition(section: 0, row: r)).points
            XCTAssertEqual(item.height, height, accuracy: 1e-9)
            for text in texts {
                XCTAssertLessThanOrEqual(text.rect.y + text.rect.height, height + 1e-9, "row \(r) fits its labels")
                XCTAssertEqual(text.layout.lines.last?.utf8Range.upperBound, text.string?.utf8.count, "row \(r): the lines cover the text")
            }
            XCTAssertTrue(texts[0].clips && texts[0].layout.attributes.maxLines == 1, "the headline keeps its line limit when it fits")
        }
        XCTAssertNil(try lazy.drawing(header: true), "a list has no header bar")
        XCTAssertThrowsError(try lazy.drawing(row: Self.rows.count))
    }

    func testAGridsBarsShowTheColumnNames() throws {
        var lazy = try LazyTable(.rows(count: Self.rows.count, row: { Self.rows[$0] }), columns: ["Name", "Status", "Notes"],
                                 sizing: LazyTableTests.grid, engine: Self.engine, threads: 1)
        let header = try XCTUnwrap(try lazy.drawing(header: true))
        XCTAssertEqual(header.cells.flatMap(\.content.texts).map(\.string), ["Name", "Status", "Notes"])
        _ = try lazy.scroll(to: 0, viewportHeight: 600)
        let row = try lazy.drawing(row: 3)
        XCTAssertEqual(row.cells.map { $0.content.texts.map(\.string) }, [["Row 3"], ["Pending"], [Self.rows[3][2]]])
        XCTAssertEqual(row.cells.map(\.x), row.cells.map(\.x).sorted(), "cells left to right")
    }
}
