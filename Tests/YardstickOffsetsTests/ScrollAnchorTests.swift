import Testing
@testable import YardstickOffsets

/// The anchoring rules: which row anchors, how the anchor follows inserts, deletes and moves,
/// and that restoring keeps the anchor row exactly where it was on screen.
@Suite struct ScrollAnchorTests {
    /// 100 estimated rows of 20 pt, section header 30 pt, footer 10 pt.
    func makeTable() throws -> RowOffsetCache {
        try RowOffsetCache(sections: [RowOffsetCache.SectionLayout(estimatedRowCount: 100, headerHeight: pt(30), footerHeight: pt(10))],
                           estimatedRowHeight: pt(20))
    }

    @Test func theAnchorIsTheFirstRowWhoseBottomIsBelowTheViewportTop() throws {
        var cache = try makeTable()
        let captured = cache.captureScrollAnchor(viewportTop: pt(535))   // row 25 spans 530–550
        let anchor = try #require(captured)
        #expect(anchor.row == at(0, 25))
        #expect(anchor.delta == pt(5))
        #expect(cache.scrollAnchor == anchor)
        // A viewport top inside the header anchors the first row, with a negative delta.
        #expect(cache.scrollAnchor(atViewportTop: pt(10))?.row == at(0, 0))
        #expect(cache.scrollAnchor(atViewportTop: pt(10))?.delta == pt(-20))
        #expect(cache.scrollAnchor(atViewportTop: pt(-50))?.delta == pt(-80))
        // At a row's bottom edge the next row anchors.
        #expect(cache.scrollAnchor(atViewportTop: pt(550))?.row == at(0, 26))
        // Below the last row (in the footer, or past the end) no row qualifies and nothing is kept.
        let none = cache.captureScrollAnchor(viewportTop: pt(2_035))
        #expect(none == nil)
        #expect(cache.scrollAnchor == nil)
    }

    @Test func zeroHeightRowsNeverAnchor() throws {
        var cache = try makeTable()
        try cache.setHeights(Array(repeating: .zero, count: 10), startingAt: at(0, 20))
        // Rows 20...29 have no height; y = 430 is the bottom of row 19 and the top of row 30.
        #expect(cache.scrollAnchor(atViewportTop: pt(430))?.row == at(0, 30))
        try cache.setHeight(pt(5), of: at(0, 50))
        try cache.setEstimatedRowHeight(.zero)
        // Estimated rows are now zero-height too; measured rows keep their heights.
        #expect(cache.scrollAnchor(atViewportTop: .zero)?.row == at(0, 50))
        #expect(cache.scrollAnchor(atViewportTop: .zero)?.delta == pt(-30))
        try cache.invalidateHeights(ofRows: 0..<100, inSection: 0)
        #expect(cache.scrollAnchor(atViewportTop: .zero) == nil)
    }

    /// Restoring must put the anchor row's top back at the same place on screen, to the unit,
    /// whatever happened above it.
    @Test func restoringKeepsTheAnchorRowInPlace() throws {
        var cache = try makeTable()
        _ = cache.captureScrollAnchor(viewportTop: pt(1_005))   // row 48 (990–1010), delta 15
        let viewport = pt(300)
        func anchorScreenPosition() throws -> LayoutLength {
            try cache.offset(of: cache.scrollAnchor!.row!) - cache.restoredContentOffset(viewportHeight: viewport)
        }
        #expect(try anchorScreenPosition() == pt(-15))

        try cache.setHeights((0..<40).map { .units(Int64(1_000 + 37 * $0)) }, startingAt: at(0, 0))   // estimated → measured above
        #expect(try anchorScreenPosition() == pt(-15))
        try cache.setHeight(.units(12_345), of: at(0, 7))                                             // remeasured above
        #expect(try anchorScreenPosition() == pt(-15))
        try cache.insertRows(at: at(0, 3), count: 5, height: .units(777))                              // inserted above
        #expect(cache.scrollAnchor?.row == at(0, 53))
        #expect(try anchorScreenPosition() == pt(-15))
        try cache.deleteRows(0..<2, inSection: 0)                                                      // deleted above
        #expect(cache.scrollAnchor?.row == at(0, 51))
        #expect(try anchorScreenPosition() == pt(-15))
        try cache.setHeight(pt(400), of: at(0, 51))                                                    // the anchor row itself
        #expect(try anchorScreenPosition() == pt(-15))
        try cache.setEstimatedRowHeight(.units(1_111))                                                 // the estimate
        #expect(try anchorScreenPosition() == pt(-15))
        try cache.setHeaderHeight(pt(99), ofSection: 0)
        #expect(try anchorScreenPosition() == pt(-15))
        // Changes below the anchor do not move it.
        let before = try cache.restoredContentOffset(viewportHeight: viewport)
        try cache.insertRows(at: at(0, 60), count: 10)
        try cache.setHeight(pt(1), of: at(0, 52))
        #expect(try cache.restoredContentOffset(viewportHeight: viewport) == before)
    }

    @Test func restoringClampsToTheScrollableRange() throws {
        var cache = try makeTable()   // total 30 + 2000 + 10 = 2040
        _ = cache.captureScrollAnchor(viewportTop: pt(1_990))   // row 98, delta 0
        #expect(try cache.restoredContentOffset(viewportHeight: pt(100)) == pt(1_940))
        #expect(try cache.restoredContentOffset(viewportHeight: pt(5_000)) == .zero)
        _ = cache.captureScrollAnchor(viewportTop: pt(-40))     // row 0, delta -70
        #expect(try cache.restoredContentOffset(viewportHeight: pt(100)) == .zero)
        #expect(throws: RowOffsetCacheError.negativeHeight(pt(-1))) { try cache.restoredContentOffset(viewportHeight: pt(-1)) }
    }

    @Test func deletingTheAnchorRowMovesTheAnchor() throws {
        var cache = try makeTable()
        _ = cache.captureScrollAnchor(viewportTop: pt(535))   // row 25, delta 5
        try cache.deleteRows(20..<30, inSection: 0)
        #expect(cache.scrollAnchor?.row == at(0, 20))          // the row now at the range's start
        #expect(cache.scrollAnchor?.delta == pt(5))
        #expect(try cache.restoredContentOffset(viewportHeight: pt(100)) == pt(30 + 400 + 5))
        // Deleting through the end moves it to the section's last row.
        try cache.deleteRows(15..<90, inSection: 0)
        #expect(cache.scrollAnchor?.row == at(0, 14))
        // Emptying the section loses the row: restoring returns the captured top, clamped.
        try cache.deleteRows(0..<15, inSection: 0)
        #expect(cache.scrollAnchor?.row == nil)
        #expect(try cache.restoredContentOffset(viewportHeight: .zero) == pt(40))   // total is now 40
        try cache.insertRows(at: at(0, 0), count: 100)
        #expect(cache.scrollAnchor?.row == nil)
        #expect(try cache.restoredContentOffset(viewportHeight: pt(100)) == pt(535))
    }

    @Test func theAnchorFollowsSectionChangesAndMoves() throws {
        var cache = try RowOffsetCache(sections: [RowOffsetCache.SectionLayout(estimatedRowCount: 5), RowOffsetCache.SectionLayout(estimatedRowCount: 5)],
                                       estimatedRowHeight: pt(10))
        _ = cache.captureScrollAnchor(viewportTop: pt(72))   // section 1 row 2, delta 2
        #expect(cache.scrollAnchor?.row == at(1, 2))
        try cache.insertSections([RowOffsetCache.SectionLayout(estimatedRowCount: 3)], at: 0)
        #expect(cache.scrollAnchor?.row == at(2, 2))
        try cache.insertRows(at: at(1, 0), count: 4)          // another section: no shift
        #expect(cache.scrollAnchor?.row == at(2, 2))
        try cache.moveRow(from: at(2, 2), to: at(0, 0))       // the anchor row itself moves
        #expect(cache.scrollAnchor?.row == at(0, 0))
        #expect(try cache.restoredContentOffset(viewportHeight: .zero) == pt(2))
        try cache.moveRow(from: at(1, 0), to: at(0, 0))       // a row moved in front of it
        #expect(cache.scrollAnchor?.row == at(0, 1))
        try cache.deleteSections(1..<2)
        #expect(cache.scrollAnchor?.row == at(0, 1))
        try cache.deleteSections(0..<1)
        #expect(cache.scrollAnchor?.row == nil)
        #expect(cache.scrollAnchor?.capturedViewportTop == pt(72))
    }

    @Test func aCallerHeldAnchorRestoresTheSameWay() throws {
        let cache = try makeTable()
        let anchor = try #require(cache.scrollAnchor(atViewportTop: pt(600)))
        #expect(try cache.contentOffset(restoring: anchor, viewportHeight: pt(10)) == pt(600))
    }
}
