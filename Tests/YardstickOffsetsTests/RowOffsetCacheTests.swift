import Testing
@testable import YardstickOffsets

@Suite struct RowOffsetCacheTests {
    // MARK: - Building and estimates

    @Test func estimatedRowsTakeTheEstimateAndFollowItsChanges() throws {
        var cache = try RowOffsetCache(estimatedRowCount: 1_000, estimatedRowHeight: pt(20))
        #expect(cache.totalHeight == pt(20_000))
        #expect(try cache.offset(of: at(0, 999)) == pt(19_980))
        try cache.setHeight(pt(50), of: at(0, 10))
        #expect(try cache.offset(of: at(0, 11)) == pt(11 * 20 + 30))
        try cache.setEstimatedRowHeight(pt(10))
        #expect(cache.totalHeight == pt(999 * 10 + 50))
        #expect(try cache.offset(of: at(0, 11)) == pt(10 * 10 + 50))
        #expect(try cache.height(of: at(0, 10)) == pt(50))
        #expect(try cache.height(of: at(0, 11)) == pt(10))
        #expect(try cache.isMeasured(at(0, 10)))
        #expect(try !cache.isMeasured(at(0, 11)))
        #expect(cache.estimatedRowCount == 999)
        try cache.invalidateHeight(of: at(0, 10))
        #expect(cache.totalHeight == pt(10_000))
    }

    @Test func buildsFromMeasuredHeightsAndSections() throws {
        let cache = try RowOffsetCache(sections: [
            RowOffsetCache.SectionLayout(measuredRowHeights: [pt(1), pt(2), pt(3)], headerHeight: pt(10), footerHeight: pt(5)),
            RowOffsetCache.SectionLayout(estimatedRowCount: 0, headerHeight: pt(7)),
            RowOffsetCache.SectionLayout(estimatedRowCount: 2, footerHeight: pt(4)),
        ], estimatedRowHeight: pt(100))
        #expect(cache.sectionCount == 3)
        #expect(cache.rowCount == 5)
        #expect(try cache.rowCount(inSection: 1) == 0)
        #expect(try cache.headerFrame(ofSection: 0) == RowOffsetCache.VerticalSpan(top: .zero, height: pt(10)))
        #expect(try cache.frame(of: at(0, 2)) == RowOffsetCache.VerticalSpan(top: pt(13), height: pt(3)))
        #expect(try cache.footerFrame(ofSection: 0) == RowOffsetCache.VerticalSpan(top: pt(16), height: pt(5)))
        #expect(try cache.headerFrame(ofSection: 1) == RowOffsetCache.VerticalSpan(top: pt(21), height: pt(7)))
        #expect(try cache.footerFrame(ofSection: 1) == RowOffsetCache.VerticalSpan(top: pt(28), height: .zero))
        #expect(try cache.headerFrame(ofSection: 2) == RowOffsetCache.VerticalSpan(top: pt(28), height: .zero))
        #expect(try cache.offset(of: at(2, 1)) == pt(128))
        #expect(cache.totalHeight == pt(232))
    }

    @Test func changingTheEstimateVisitsNoRow() throws {
        var cache = try RowOffsetCache(estimatedRowCount: 100_000, estimatedRowHeight: pt(1))
        let before = cache.storedCodes
        try cache.setEstimatedRowHeight(.units(1))
        #expect(cache.storedCodes == before)
        #expect(cache.totalHeight == .units(100_000))
    }

    // MARK: - Geometry queries

    @Test func itemAtYFindsHeadersRowsAndFootersAndSkipsZeroHeights() throws {
        let cache = try RowOffsetCache(sections: [
            RowOffsetCache.SectionLayout(measuredRowHeights: [pt(0), pt(10), pt(0), pt(10)], headerHeight: pt(5), footerHeight: pt(0)),
            RowOffsetCache.SectionLayout(estimatedRowCount: 0, headerHeight: pt(0), footerHeight: pt(3)),
        ], estimatedRowHeight: pt(1))
        #expect(cache.item(at: pt(-1)) == nil)
        #expect(cache.item(at: .zero) == .header(section: 0))
        #expect(cache.item(at: .units(5 * 64 - 1)) == .header(section: 0))
        #expect(cache.item(at: pt(5)) == .row(at(0, 1)))     // row 0 has zero height
        #expect(cache.item(at: pt(15)) == .row(at(0, 3)))    // row 2 has zero height
        #expect(cache.item(at: pt(25)) == .footer(section: 1))
        #expect(cache.item(at: .units(28 * 64 - 1)) == .footer(section: 1))
        #expect(cache.item(at: pt(28)) == nil)
    }

    @Test func viewportRowsAndTheirUnmeasuredNeighbours() throws {
        var cache = try RowOffsetCache(sections: [RowOffsetCache.SectionLayout(estimatedRowCount: 10), RowOffsetCache.SectionLayout(estimatedRowCount: 10, headerHeight: pt(5))],
                                       estimatedRowHeight: pt(10))
        try cache.setHeights([pt(10), pt(10), pt(10)], startingAt: at(0, 3))
        // Rows 2...4 of section 0 meet [25, 45): 20–30, 30–40, 40–50.
        let rows = try #require(try cache.viewportRows(meeting: pt(25)..<pt(45), prefetch: 2))
        #expect(rows.first == at(0, 2))
        #expect(rows.last == at(0, 4))
        #expect(rows.unmeasuredRowCount == 4)   // rows 0...6, of which 3...5 minus row 5 ... measured: 3, 4, 5
        #expect(try cache.unmeasuredRows(meeting: pt(25)..<pt(45), prefetch: 2) == [at(0, 0), at(0, 1), at(0, 2), at(0, 6)])
        // The window counts across sections, skipping the header.
        let crossing = try #require(try cache.viewportRows(meeting: pt(95)..<pt(100), prefetch: 2))
        #expect(crossing.first == at(0, 9) && crossing.last == at(0, 9))
        #expect(crossing.unmeasuredRowCount == 5)   // (0,7) (0,8) (0,9) (1,0) (1,1)
        #expect(try cache.viewportRows(meeting: pt(100)..<pt(105), prefetch: 0) == nil)   // only the header
        #expect(try cache.viewportRows(meeting: pt(1_000)..<pt(2_000), prefetch: 0) == nil)
        #expect(cache.rows(meeting: pt(0)..<pt(1_000)) == at(0, 0)...at(1, 9))
        // An empty range meets the rows strictly containing its position.
        #expect(cache.rows(meeting: pt(25)..<pt(25)) == at(0, 2)...at(0, 2))
        #expect(cache.rows(meeting: pt(30)..<pt(30)) == nil)
        #expect(throws: RowOffsetCacheError.negativeCount(-1)) { try cache.viewportRows(meeting: pt(0)..<pt(1), prefetch: -1) }
    }

    // MARK: - Structure

    @Test func insertDeleteAndMoveShiftIndices() throws {
        var cache = try RowOffsetCache(measuredRowHeights: (1...5).map { pt($0) })
        try cache.insertRows(at: at(0, 2), count: 2, height: pt(100))
        #expect(try (0..<7).map { try cache.height(of: at(0, $0)) } == [1, 2, 100, 100, 3, 4, 5].map(pt))
        try cache.insertRows(at: at(0, 7), measuredHeights: [pt(6)])
        try cache.deleteRows(1..<4, inSection: 0)
        #expect(try (0..<5).map { try cache.height(of: at(0, $0)) } == [1, 3, 4, 5, 6].map(pt))
        try cache.moveRow(from: at(0, 0), to: at(0, 4))
        #expect(try (0..<5).map { try cache.height(of: at(0, $0)) } == [3, 4, 5, 6, 1].map(pt))
        try cache.insertRows(at: at(0, 0), count: 1)
        #expect(try !cache.isMeasured(at(0, 0)))
        #expect(cache.totalHeight == pt(19))
    }

    @Test func insertAndDeleteSections() throws {
        var cache = try RowOffsetCache(sections: [RowOffsetCache.SectionLayout(estimatedRowCount: 2, headerHeight: pt(1))], estimatedRowHeight: pt(10))
        try cache.insertSections([RowOffsetCache.SectionLayout(measuredRowHeights: [pt(3)], footerHeight: pt(2)), RowOffsetCache.SectionLayout(estimatedRowCount: 0)], at: 0)
        #expect(cache.sectionCount == 3)
        #expect(try cache.offset(of: at(2, 1)) == pt(3 + 2 + 1 + 10))
        try cache.insertSections([RowOffsetCache.SectionLayout(estimatedRowCount: 1)], at: 3)
        #expect(try cache.rowCount(inSection: 3) == 1)
        try cache.deleteSections(0..<2)
        #expect(cache.sectionCount == 2)
        #expect(try cache.offset(of: at(0, 1)) == pt(11))
        try cache.deleteSections(0..<2)
        #expect(cache.sectionCount == 0 && cache.totalHeight == .zero)
    }

    @Test func deletingEveryRowLeavesHeadersAndFooters() throws {
        var cache = try RowOffsetCache(sections: [RowOffsetCache.SectionLayout(estimatedRowCount: 500, headerHeight: pt(4), footerHeight: pt(6))],
                                       estimatedRowHeight: pt(3))
        try cache.deleteRows(0..<500, inSection: 0)
        #expect(try cache.rowCount(inSection: 0) == 0)
        #expect(cache.totalHeight == pt(10))
        #expect(cache.item(at: pt(5)) == .footer(section: 0))
        #expect(cache.scrollAnchor(atViewportTop: .zero) == nil)
        #expect(cache.consistencyViolations().isEmpty)
        try cache.insertRows(at: at(0, 0), count: 3)
        #expect(cache.totalHeight == pt(19))
    }

    @Test func theEmptyTableAnswersEverything() throws {
        var cache = RowOffsetCache()
        #expect(cache.sectionCount == 0 && cache.rowCount == 0 && cache.totalHeight == .zero)
        #expect(cache.item(at: .zero) == nil)
        let captured = cache.captureScrollAnchor(viewportTop: .zero)
        #expect(captured == nil)
        #expect(try cache.viewportRows(meeting: .zero..<pt(100), prefetch: 5) == nil)
        #expect(throws: RowOffsetCacheError.noScrollAnchor) { try cache.restoredContentOffset(viewportHeight: pt(10)) }
        #expect(throws: RowOffsetCacheError.sectionOutOfRange(section: 0, sectionCount: 0)) { try cache.offset(of: at(0, 0)) }
        try cache.insertSections([RowOffsetCache.SectionLayout(estimatedRowCount: 0)], at: 0)
        #expect(cache.sectionCount == 1 && cache.totalHeight == .zero)
        #expect(cache.item(at: .zero) == nil)
    }

    @Test func copiesAreIndependent() throws {
        var original = try RowOffsetCache(estimatedRowCount: 10_000, estimatedRowHeight: pt(1))
        var copy = original
        try copy.setHeight(pt(5), of: at(0, 0))
        try copy.deleteRows(0..<100, inSection: 0)
        #expect(original.totalHeight == pt(10_000))
        #expect(copy.totalHeight == pt(9_900))
        try original.insertRows(at: at(0, 0), count: 1)
        #expect(copy.rowCount == 9_900 && original.rowCount == 10_001)
        #expect(original.consistencyViolations().isEmpty && copy.consistencyViolations().isEmpty)
    }

    // MARK: - Refusals

    @Test func invalidInputThrowsAndChangesNothing() throws {
        var cache = try RowOffsetCache(sections: [RowOffsetCache.SectionLayout(estimatedRowCount: 3), RowOffsetCache.SectionLayout(estimatedRowCount: 1)], estimatedRowHeight: pt(2))
        let codes = cache.storedCodes
        let tooTall = RowOffsetCache.maximumHeight + .units(1)
        #expect(throws: RowOffsetCacheError.negativeHeight(.units(-1))) { try cache.setHeight(.units(-1), of: at(0, 0)) }
        #expect(throws: RowOffsetCacheError.heightTooLarge(tooTall)) { try cache.setHeight(tooTall, of: at(0, 0)) }
        #expect(throws: RowOffsetCacheError.rowOutOfRange(at(0, 3), rowCount: 3)) { try cache.setHeight(pt(1), of: at(0, 3)) }
        #expect(throws: RowOffsetCacheError.rowOutOfRange(at(0, -1), rowCount: 3)) { try cache.offset(of: at(0, -1)) }
        #expect(throws: RowOffsetCacheError.sectionOutOfRange(section: 2, sectionCount: 2)) { try cache.invalidateHeight(of: at(2, 0)) }
        #expect(throws: RowOffsetCacheError.rowOutOfRange(at(1, 2), rowCount: 1)) { try cache.insertRows(at: at(1, 2), count: 1) }
        #expect(throws: RowOffsetCacheError.negativeCount(-2)) { try cache.insertRows(at: at(1, 0), count: -2) }
        #expect(throws: RowOffsetCacheError.rowRangeOutOfBounds(section: 0, lower: 2, upper: 4, rowCount: 3)) { try cache.deleteRows(2..<4, inSection: 0) }
        #expect(throws: RowOffsetCacheError.rowRangeOutOfBounds(section: 0, lower: 1, upper: 4, rowCount: 3)) {
            try cache.setHeights([pt(1), pt(1), pt(1)], startingAt: at(0, 1))
        }
        #expect(throws: RowOffsetCacheError.negativeHeight(.units(-5))) { try cache.setHeights([pt(1), .units(-5)], startingAt: at(0, 0)) }
        #expect(throws: RowOffsetCacheError.sectionRangeOutOfBounds(lower: 1, upper: 3, sectionCount: 2)) { try cache.deleteSections(1..<3) }
        #expect(throws: RowOffsetCacheError.sectionRangeOutOfBounds(lower: 3, upper: 3, sectionCount: 2)) { try cache.insertSections([], at: 3) }
        #expect(throws: RowOffsetCacheError.rowOutOfRange(at(1, 2), rowCount: 1)) { try cache.moveRow(from: at(0, 0), to: at(1, 2)) }
        #expect(throws: RowOffsetCacheError.rowOutOfRange(at(0, 3), rowCount: 2)) { try cache.moveRow(from: at(0, 0), to: at(0, 3)) }
        #expect(throws: RowOffsetCacheError.negativeHeight(.units(-64))) { try cache.setEstimatedRowHeight(pt(-1)) }
        #expect(throws: RowOffsetCacheError.tooManyItems(requested: RowOffsetCache.maximumItemCount + 8, limit: RowOffsetCache.maximumItemCount)) {
            try cache.insertRows(at: at(0, 0), count: RowOffsetCache.maximumItemCount)
        }
        #expect(cache.storedCodes == codes)
        #expect(cache.estimatedRowHeight == pt(2))
    }

    @Test func lengthsConvertFromPointsExactly() throws {
        #expect(try LayoutLength(roundingPoints: 10.3).units == 659)           // 659.2 → 659
        #expect(try LayoutLength(roundingPoints: 0.5 / 64).units == 1)         // halves away from zero
        #expect(try LayoutLength(roundingPoints: -0.5 / 64).units == -1)
        #expect(try LayoutLength(roundingPoints: 0.49 / 64).units == 0)
        #expect(try LayoutLength(roundingPoints: 12.015625).points == 12.015625)
        #expect(try LayoutLength(flooringPoints: 10.999).units == 703)
        #expect(try LayoutLength(flooringPoints: -0.001).units == -1)
        #expect(throws: RowOffsetCacheError.self) { try LayoutLength(roundingPoints: .nan) }
        #expect(throws: RowOffsetCacheError.self) { try LayoutLength(roundingPoints: .infinity) }
        #expect(throws: RowOffsetCacheError.self) { try LayoutLength(roundingPoints: 1e300) }
        #expect(LayoutLength(clampingFlooringPoints: 1e300).units == 1 << 62)
        #expect(LayoutLength(clampingFlooringPoints: -1e300).units == -(1 << 62))
        #expect(LayoutLength(clampingFlooringPoints: .nan).units == 0)
    }

    // MARK: - Scale

    /// Ten million rows: build, edit in the middle, query near the end. Kept to a handful of
    /// operations so the debug test run stays fast.
    @Test func tenMillionRows() throws {
        let rows = 10_000_000
        var cache = try RowOffsetCache(estimatedRowCount: rows, estimatedRowHeight: pt(44))
        #expect(cache.totalHeight == pt(44 * rows))
        #expect(try cache.offset(of: at(0, rows - 1)) == pt(44 * (rows - 1)))
        try cache.setHeight(pt(100), of: at(0, 5_000_000))
        try cache.insertRows(at: at(0, 5_000_000), count: 3, height: pt(1))
        try cache.deleteRows(0..<2, inSection: 0)
        #expect(cache.rowCount == rows + 1)
        let total = 44 * (rows + 1 - 4) + 100 + 3
        #expect(cache.totalHeight == pt(total))
        #expect(try cache.offset(of: at(0, rows)) == pt(total - 44))
        #expect(cache.item(at: pt(total - 1)) == .row(at(0, rows)))
        #expect(cache.item(at: pt(44 * 4_999_998 + 3)) == .row(at(0, 5_000_001)))
        let captured = cache.captureScrollAnchor(viewportTop: pt(44 * 4_999_998 + 4))
        let anchor = try #require(captured)
        #expect(anchor.row == at(0, 5_000_001) && anchor.delta == pt(1))
        try cache.setEstimatedRowHeight(pt(10))
        #expect(try cache.restoredContentOffset(viewportHeight: pt(800)) == pt(10 * 4_999_998 + 3 + 1))
        #expect(try cache.viewportRows(meeting: pt(0)..<pt(25), prefetch: 1_000)?.unmeasuredRowCount == 1_003)
    }
}
