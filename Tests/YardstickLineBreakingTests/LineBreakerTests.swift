import XCTest
import YardstickShaping
@testable import YardstickLineBreaking

final class LineBreakerTests: XCTestCase {
    /// Segments of given em widths at size 1 (so points = em), without pieces.
    func segments(_ widths: [(Double, Double)]) -> [BreakSegment] {
        var start: Int32 = 0
        return widths.map { w, t in
            defer { start += 10 }
            return BreakSegment(start: start, end: start + 10, width: w, trailingWidth: t, clusterCount: 4, trailingClusterCount: t > 0 ? 1 : 0,
                                metricsMask: 1, firstPiece: 0, endPiece: 0)
        }
    }

    func lines(_ segs: [BreakSegment], maxWidth: Double, letterSpacing: Double = 0) -> [LineSpan] {
        var out: [LineSpan] = []
        let runs = ShapedRunAccess(store: ShapedRunStore(), emPerUnit: [0.001], metricsBits: [1])
        segs.withUnsafeBufferPointer { s in
            [ShapedPiece]().withUnsafeBufferPointer { p in
                _ = LineBreaker.breakParagraph(segments: s, pieces: p, runs: runs, paragraphStart: 0, paragraphEnd: Int32(segs.count * 10),
                                               emptyMetricsMask: 1, maxWidth: maxWidth, size: 1, letterSpacing: letterSpacing) { out.append($0); return true }
            }
        }
        return out
    }

    func testGreedyFillWithHangingWhitespace() {
        let segs = segments([(10, 3), (10, 3), (10, 0)])
        // 10 + 3 + 10 = 23: the second word fits in 23 but not in 22.9.
        XCTAssertEqual(lines(segs, maxWidth: 23).map(\.start), [0, 20])
        XCTAssertEqual(lines(segs, maxWidth: 22.9).map(\.start), [0, 10, 20])
        // Trailing whitespace never counts toward the width of a line.
        XCTAssertEqual(lines(segs, maxWidth: 10).map(\.width), [10, 10, 10])
        XCTAssertEqual(lines(segs, maxWidth: 100).map(\.width), [36])
    }

    func testLetterSpacingAddsPerCluster() {
        let segs = segments([(10, 0), (10, 0)])
        XCTAssertEqual(lines(segs, maxWidth: 100, letterSpacing: 0.5).first?.width, 24) // 8 clusters × 0.5
    }

    func testEmptyParagraphIsOneLine() {
        XCTAssertEqual(lines([], maxWidth: 50), [LineSpan(start: 0, end: 0, width: 0, metricsMask: 1)])
    }

    func testStoppingEarly() {
        let segs = segments([(10, 0), (10, 0), (10, 0)])
        var count = 0
        let runs = ShapedRunAccess(store: ShapedRunStore(), emPerUnit: [0.001], metricsBits: [1])
        let finished = segs.withUnsafeBufferPointer { s in
            [ShapedPiece]().withUnsafeBufferPointer { p in
                LineBreaker.breakParagraph(segments: s, pieces: p, runs: runs, paragraphStart: 0, paragraphEnd: 30, emptyMetricsMask: 1,
                                           maxWidth: 10, size: 1, letterSpacing: 0) { _ in count += 1; return count < 2 }
            }
        }
        XCTAssertFalse(finished)
        XCTAssertEqual(count, 2)
    }
}
