import XCTest
import YardstickLayout
import YardstickOffsets
import YardstickTemplates
@testable import YardstickTable

/// Lazy sizing: the notes app of SwiftDataTables' guide, scrolling, anchoring, re-layout.
final class LazyLayoutTests: XCTestCase {
    static let engine = try! TextEngine()
    var engine: TextEngine { Self.engine }

    struct Note { var title: String; var content: String }

    let noteCell = CellTemplate<Note>.vstack(spacing: 4) {
        CellTemplate.text(\.title, style: .headline, lines: 1, truncates: true)
        CellTemplate.text(\.content, style: .body)
    }.insets(EdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16))

    func notes(_ n: Int) -> [Note] {
        (0..<n).map { i in Note(title: "Note \(i)", content: String(repeating: "line of text that wraps ", count: 1 + (i * 7) % 9)) }
    }

    func layout(_ n: Int, estimate: Double = 100, prefetch: Int = 10) throws -> TableLayout<Note> {
        var c = ListConfiguration(width: 390, cell: noteCell)
        c.rowHeightMode = .automatic(estimated: estimate, prefetchWindow: prefetch)
        return try TableLayout.list(sections: [("", notes(n))], configuration: c, engine: engine, threads: 1)
    }

    func allHeights<R>(_ t: TableLayout<R>) -> [LayoutLength] {
        (0..<t.sectionCount).flatMap { s in (0..<t.rowCounts[s]).map { try! t.height(of: RowPosition(section: s, row: $0)) } }
    }

    func testScrollMeasuresOnlyTheViewportAndItsPrefetchWindow() throws {
        var t = try layout(10_000)
        let first = try t.scroll(to: 0, viewportHeight: 800)
        XCTAssertEqual(first.contentOffset, 0)
        let visible = first.lastVisibleRow!.row - first.firstVisibleRow!.row + 1
        XCTAssertEqual(first.measuredRowCount, visible + 10) // nothing above row 0
        XCTAssertEqual(t.measuredRowCount, first.measuredRowCount)
        for r in 0..<first.measuredRowCount { XCTAssertTrue(try t.isMeasured(RowPosition(section: 0, row: r))) }
        XCTAssertFalse(try t.isMeasured(RowPosition(section: 0, row: first.measuredRowCount)))
        // Far down: the row at the top stays where it was although prefetched rows above it changed.
        let y = 500_000.0
        let anchor = t.offsets.scrollAnchor(atViewportTop: LayoutLength(clampingFlooringPoints: y))!
        let far = try t.scroll(to: y, viewportHeight: 800)
        XCTAssertEqual(far.contentOffset, try t.offsets.offset(of: anchor.row!).points + anchor.delta.points)
        XCTAssertGreaterThan(far.measuredRowCount, 20)
        XCTAssertLessThan(t.measuredRowCount, 200)
    }

    func testLazyHeightsEqualEagerAfterScrollingThroughEverything() throws {
        var lazy = try layout(700, estimate: 37, prefetch: 3)
        var y = 0.0
        while lazy.offsets.estimatedRowCount > 0 {
            let r = try lazy.scroll(to: y, viewportHeight: 600)
            y = r.contentOffset + 600
        }
        var eager = try layout(700)
        try eager.measureAll()
        XCTAssertEqual(allHeights(lazy), allHeights(eager))
        XCTAssertEqual(lazy.totalHeight, eager.totalHeight)
    }

    func testRemeasureWhileTypingKeepsTheAnchor() throws {
        var t = try layout(2000, estimate: 80)
        _ = try t.scroll(to: 3000, viewportHeight: 700)
        let top = LayoutLength(clampingFlooringPoints: t.viewport!.top)
        let anchor = t.offsets.scrollAnchor(atViewportTop: top)!
        // Typing in a note above the anchor, then in the anchored one.
        let edited = RowPosition(section: 0, row: anchor.row!.row - 2)
        var note = try t.model(at: edited)
        var lastHeight = try t.height(of: edited).points
        for word in ["Now", "this", "note", "grows", "as", "the", "user", "types", "more", "and", "more", "words", "into", "it"] {
            note.content += " " + word + String(repeating: " filler", count: 3)
            let yBefore = t.viewport!.top
            let r = try t.replaceRow(at: edited, with: note)
            XCTAssertEqual(r.changed, r.height != lastHeight)
            // The anchored row stays put on screen: the offset moves by exactly the change above it.
            XCTAssertEqual(r.contentOffset!, try t.offsets.offset(of: anchor.row!).points + anchor.delta.points)
            XCTAssertEqual(r.contentOffset! - yBefore, r.height - lastHeight)
            lastHeight = r.height
        }
        let sizer = try CellSizer(noteCell, engine: engine)
        XCTAssertEqual(try t.height(of: edited), try LayoutLength(roundingPoints: sizer.height(for: note, width: 390)))
        XCTAssertEqual(try t.offsets.offset(of: anchor.row!).points + anchor.delta.points, t.viewport!.top)
    }

    func testInsertAndDeleteAboveKeepTheRowOnScreen() throws {
        var t = try layout(500, estimate: 90)
        _ = try t.scroll(to: 4000, viewportHeight: 700)
        let anchor = t.offsets.scrollAnchor(atViewportTop: LayoutLength(clampingFlooringPoints: t.viewport!.top))!
        try t.insertRows(notes(3), at: RowPosition(section: 0, row: 5))
        var row = RowPosition(section: 0, row: anchor.row!.row + 3)
        XCTAssertEqual(try t.offsets.offset(of: row).points + anchor.delta.points, t.viewport!.top)
        try t.deleteRows(at: RowPosition(section: 0, row: 0), count: 10)
        row.row -= 10
        XCTAssertEqual(try t.offsets.offset(of: row).points + anchor.delta.points, t.viewport!.top)
        XCTAssertEqual(t.rowCounts[0], 493)
        XCTAssertThrowsError(try t.deleteRows(at: RowPosition(section: 0, row: 490), count: 5))
        XCTAssertThrowsError(try t.insertRows(notes(1), at: RowPosition(section: 1, row: 0)))
    }

    func testEstimateFollowsTheMedianOfMeasuredRows() throws {
        var t = try layout(3000, estimate: 300, prefetch: 4)
        t.estimateFollowsMedian = true
        XCTAssertEqual(t.offsets.estimatedRowHeight.points, 300)
        _ = try t.scroll(to: 0, viewportHeight: 900)
        let measured = (0..<3000).map { RowPosition(section: 0, row: $0) }.filter { try! t.isMeasured($0) }
        let heights = measured.map { try! t.offsets.height(of: $0).units }.sorted()
        XCTAssertGreaterThan(heights.count, 4)
        XCTAssertEqual(t.offsets.estimatedRowHeight.units, heights[(heights.count - 1) / 2]) // the lower median
        // Scrolling through everything still gives the eager heights.
        var y = 0.0
        while t.offsets.estimatedRowCount > 0 { y = try t.scroll(to: y, viewportHeight: 900).contentOffset + 900 }
        var eager = try layout(3000)
        try eager.measureAll()
        XCTAssertEqual(allHeights(t), allHeights(eager))
        try t.deleteRows(at: RowPosition(section: 0, row: 0), count: 2999)
        XCTAssertEqual(t.offsets.estimatedRowHeight, try t.offsets.height(of: RowPosition(section: 0, row: 0)))
        t.estimateFollowsMedian = false
        XCTAssertEqual(t.offsets.estimatedRowHeight.points, 300)
    }

    func testNewWidthAndCategoryAreArithmeticOnly() throws {
        let engine = try TextEngine() // its own shaping cache, to count lookups
        var c = ListConfiguration(width: 390, cell: noteCell)
        var t = try TableLayout.list(sections: [("", notes(200))], configuration: c, engine: engine, threads: 1)
        try t.measureAll()
        XCTAssertEqual(t.preparedRowCount, 200)
        let lookups = engine.cache.hits + engine.cache.misses
        try t.setWidth(250)
        try t.setEnvironment(SizingEnvironment(category: .extraExtraLarge))
        XCTAssertEqual(t.preparedRowCount, 200) // nothing prepared again: arithmetic only
        XCTAssertEqual(engine.cache.hits + engine.cache.misses, lookups) // no shaping lookup either
        c.width = 250
        c.environment = SizingEnvironment(category: .extraExtraLarge)
        var fresh = try TableLayout.list(sections: [("", notes(200))], configuration: c, engine: engine, threads: 1)
        try fresh.measureAll()
        XCTAssertEqual(allHeights(t), allHeights(fresh))
    }

    func testNewWidthAndCategoryEqualAFreshLayout() throws {
        var t = try layout(300)
        try t.measureAll()
        try t.setWidth(320)
        var c = ListConfiguration(width: 320, cell: noteCell)
        c.rowHeightMode = .automatic(estimated: 100, prefetchWindow: 10)
        var fresh = try TableLayout.list(sections: [("", notes(300))], configuration: c, engine: engine, threads: 1)
        try fresh.measureAll()
        XCTAssertEqual(allHeights(t), allHeights(fresh))
        let big = SizingEnvironment(category: .accessibilityLarge)
        try t.setEnvironment(big)
        c.environment = big
        fresh = try TableLayout.list(sections: [("", notes(300))], configuration: c, engine: engine, threads: 1)
        try fresh.measureAll()
        XCTAssertEqual(allHeights(t), allHeights(fresh))
        XCTAssertThrowsError(try t.setColumnWidth(100, column: "Notes")) // a list has no columns
    }

    func testAScrollToTheEndStaysAtTheEnd() throws {
        var t = try layout(2000, estimate: 30)
        let r = try t.scroll(to: 1e12, viewportHeight: 800)
        XCTAssertEqual(r.contentOffset, max(0, t.totalHeight.points - 800))
        XCTAssertEqual(r.lastVisibleRow, RowPosition(section: 0, row: 1999))
    }

    func testAMedianOfZeroKeepsTheEstimateAndPositionalHeightsFollowEdits() throws {
        let hidden = CellTemplate<Note>.text(\.content) // an empty note is hidden: a row of height 0
        var c = ListConfiguration(width: 300, cell: hidden)
        c.rowHeightMode = .automatic(estimated: 50, prefetchWindow: 0)
        c.sections = SectionLevels(allSections: SectionRules(cellHeight: .computed { _, row, _ in row == 0 ? 70 : nil }))
        var t = try TableLayout.list(sections: [("", (0..<100).map { Note(title: "", content: $0 < 60 ? "" : "words") })], configuration: c, engine: engine, threads: 1)
        t.estimateFollowsMedian = true
        _ = try t.scroll(to: 0, viewportHeight: 400)
        XCTAssertEqual(t.offsets.estimatedRowHeight.points, 50) // the median is 0: the estimate stays
        XCTAssertEqual(try t.height(of: RowPosition(section: 0, row: 0)).points, 70)
        try t.insertRows([Note(title: "", content: "new")], at: RowPosition(section: 0, row: 0))
        XCTAssertEqual(try t.height(of: RowPosition(section: 0, row: 0)).points, 70) // the new row 0
        XCTAssertNotEqual(try t.height(of: RowPosition(section: 0, row: 1)).points, 70) // the old row 0 moved: no longer the first
        try t.deleteRows(at: RowPosition(section: 0, row: 0), count: 1)
        XCTAssertEqual(try t.height(of: RowPosition(section: 0, row: 0)).points, 70)
    }
}
