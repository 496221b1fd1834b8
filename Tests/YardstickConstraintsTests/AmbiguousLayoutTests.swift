import XCTest
import YardstickTestSupport
@testable import YardstickConstraints

/// Cells whose rules leave views free are sized as `systemLayoutSizeFitting` sizes them: the
/// height is the longest path of the rules, each view at its least position, every rule held;
/// the free views are the ones off the critical path; the same answer whatever rows came before.
final class AmbiguousLayoutTests: XCTestCase {
    /// A random required system of boxes: each placed horizontally by `==` rules, below one to
    /// three earlier boxes by `>=` rules, and kept inside the content view's bottom.
    struct Boxes {
        var heights: [Double] = []
        var below: [[(view: Int, gap: Double)]] = []
        var rules: [String] = []
        var views: [ConstraintCell.View] { heights.indices.map { ConstraintCell.View("b\($0)", .box(width: 30, height: heights[$0])) } }

        init(_ random: inout SplitMix64, count: Int) {
            for i in 0..<count {
                heights.append(Double(random.int(5...40)))
                rules.append(i == 0 ? "b0.leading == super.leading + 8" : "b\(i).leading == b\(random.int(0...i - 1)).leading + \(random.int(0...20))")
                var above: [(Int, Double)] = []
                if i == 0 || random.int(0...4) == 0 { above.append((-1, Double(random.int(0...12)))) }
                if i > 0 { for _ in 0..<random.int(1...3) { above.append((random.int(0...i - 1), Double(random.int(0...16)))) } }
                below.append(above)
                for (j, gap) in above { rules.append("b\(i).top >= \(j < 0 ? "super.top" : "b\(j).bottom") + \(Int(gap))") }
                rules.append("super.bottom >= b\(i).bottom + \(random.int(0...8))")
            }
        }

        /// Each box's least top (the longest path to it).
        var earliest: [Double] {
            var top: [Double] = []
            for i in heights.indices { top.append(below[i].map { ($0.view < 0 ? 0 : top[$0.view] + heights[$0.view]) + $0.gap }.max() ?? 0) }
            return top
        }

        /// Each `super.bottom >= bI.bottom + gap` rule's box and gap.
        var gaps: [(Int, Double)] {
            rules.compactMap { rule -> (Int, Double)? in
                guard rule.hasPrefix("super.bottom >= b") else { return nil }
                let parts = rule.dropFirst("super.bottom >= b".count).split(separator: " ")
                return (Int(parts[0].split(separator: ".")[0])!, Double(parts[2])!)
            }
        }

        /// The longest path: the deepest box's bottom plus its gap to the content view's bottom.
        var longest: Double { gaps.map { earliest[$0.0] + heights[$0.0] + $0.1 }.max()! }

        /// The boxes that could go lower without making the cell taller, in order.
        var free: [String] {
            let (earliest, gaps, longest) = (earliest, gaps, longest)
            var latest = heights.indices.map { _ in Double.infinity }
            for i in heights.indices.reversed() {
                let own = gaps.filter { $0.0 == i }.map { longest - $0.1 - heights[i] }.min() ?? .infinity
                let next = heights.indices.flatMap { k in below[k].filter { $0.view == i }.map { latest[k] - $0.gap - heights[i] } }.min() ?? .infinity
                latest[i] = min(own, next)
            }
            return heights.indices.filter { latest[$0] > earliest[$0] + 1e-6 }.map { "b\($0)" }
        }
    }

    func testRandomBoxSystemsFitAtTheirLongestPath() throws {
        var random = SplitMix64(seed: 0xA4B1)
        var withFreeViews = 0
        for _ in 0..<40 {
            let boxes = Boxes(&random, count: random.int(2...14))
            var cell = try ConstraintCell(views: boxes.views, rules: boxes.rules)
            let (earliest, longest) = (boxes.earliest, boxes.longest)
            for width in [390.0, 320] {
                let height = try cell.fit(width: width, naturalWidth: { _ in 0 }, measure: { _, _ in .init(height: 0, firstBaseline: 0, lastBaselineFromBottom: 0) })
                XCTAssertEqual(height, longest, accuracy: 1e-6, boxes.rules.joined(separator: "; "))
                for i in boxes.heights.indices {
                    let frame = try XCTUnwrap(cell.frame(of: "b\(i)"))
                    XCTAssertEqual(frame.y, earliest[i], accuracy: 1e-6, "b\(i) at its least position: \(boxes.rules)")
                    XCTAssertEqual(frame.height, boxes.heights[i], accuracy: 1e-6)
                }
            }
            let free = boxes.free
            XCTAssertEqual(Set(cell.ambiguities.map(\.view)), Set(free), boxes.rules.joined(separator: "; "))
            XCTAssertTrue(cell.ambiguities.allSatisfy { $0.axis == .vertical })
            if !free.isEmpty { withFreeViews += 1 }
        }
        XCTAssertGreaterThan(withFreeViews, 10, "the random systems exercise free views")
    }

    /// From a hostile review: a free view keeps its intrinsic size (a label its natural width, so
    /// it does not wrap for nothing; a box its width); a tie with the fitting pull gives the least
    /// height, naming the content view; a tie that shows only in a phone-wide cell is found.
    func testFreeViewsKeepTheirIntrinsicSizeAndTiesGiveTheLeastHeight() throws {
        // A label whose width is tied between its compression resistance and a rule at 750.
        var label = try ConstraintCell(views: [.init("t", .text)], rules: [
            "t.leading == super.leading", "t.trailing <= super.trailing", "t.width <= 100 @750", "t.top == super.top", "super.bottom == t.bottom"])
        XCTAssertEqual(label.ambiguities, [.init(view: "t", axis: .horizontal)])
        let measure = { (_: Int, w: Double) in ConstraintCell.TextSize(height: 20 * max(1, (700 / max(w, 1) - 1e-9).rounded(.up)), firstBaseline: 15, lastBaselineFromBottom: 5) }
        XCTAssertEqual(try label.fit(width: 390, naturalWidth: { _ in 700 }, measure: measure), 40, accuracy: 1e-6, "390 wide: 2 lines, not 100 wide: 7")
        // A box whose width is free keeps its intrinsic 40.
        var box = try ConstraintCell(views: [.init("a", .box(width: 40, height: 20))], rules: [
            "a.leading >= super.leading", "a.top == super.top", "super.bottom == a.bottom"])
        XCTAssertEqual(box.ambiguities, [.init(view: "a", axis: .horizontal)])
        _ = try box.fit(width: 390, naturalWidth: { _ in 0 }, measure: measure)
        XCTAssertEqual(box.frame(of: "a")!.width, 40, accuracy: 1e-6)
        XCTAssertEqual(box.frame(of: "a")!.x, 0, accuracy: 1e-6)
        // The height tied with the fitting pull (a rule at 50): the least height.
        var tie = try ConstraintCell(views: [.init("a", .box(width: 40, height: 20))], rules: [
            "a.leading == super.leading", "a.top == super.top", "super.bottom >= a.bottom", "super.bottom == a.bottom + 100 @50"])
        XCTAssertEqual(tie.ambiguities, [.init(view: "super", axis: .vertical)])
        XCTAssertEqual(try tie.fit(width: 390, naturalWidth: { _ in 0 }, measure: measure), 20, accuracy: 1e-6)
        // Two boxes 300 wide side by side: they tie for the space only in a cell narrower than 600.
        var narrow = ConstraintCell.View("b1", .box(width: 300, height: 50))
        narrow.hugging.horizontal = 251
        /// Two views side by side, filling the cell's width, top-aligned.
        func sideBySide(_ first: ConstraintCell.View, _ second: ConstraintCell.View) throws -> ConstraintCell {
            let (a, b) = (first.name, second.name)
            return try ConstraintCell(views: [first, second], rules: [
                "\(a).leading == super.leading", "\(b).leading == \(a).trailing", "\(b).trailing == super.trailing",
                "\(a).top == super.top", "\(b).top == super.top", "super.bottom >= \(a).bottom", "super.bottom >= \(b).bottom"])
        }
        let side = try sideBySide(narrow, .init("b2", .box(width: 300, height: 80)))
        XCTAssertEqual(side.ambiguities.map(\.view), ["b1", "b2"])
        // Two boxes 600 wide, the first harder to compress: they tie (both hugging at 250) only
        // in a cell wider than 1,200.
        var firm = ConstraintCell.View("w1", .box(width: 600, height: 50))
        firm.compression.horizontal = 751
        let wide = try sideBySide(firm, .init("w2", .box(width: 600, height: 80)))
        XCTAssertEqual(wide.ambiguities.map(\.view), ["w1", "w2"])
    }

    /// A big system is checked in full (its free views pushed together, not one by one), and
    /// the views found are exactly the free ones; a view whose edges move only against each
    /// other (a centred container of free width) is found by the push of each edge alone.
    func testBigSystemsAreCheckedInFullAndOpposedEdgesAreFound() throws {
        var random = SplitMix64(seed: 0x41B)
        let boxes = Boxes(&random, count: 120)
        let cell = try ConstraintCell(views: boxes.views, rules: boxes.rules)
        XCTAssertTrue(cell.ambiguityCheckIsComplete)
        let free = boxes.free
        XCTAssertGreaterThan(free.count, 20)
        XCTAssertEqual(cell.ambiguities.map(\.view), free)

        let centred = try ConstraintCell(views: [.init("c", .container)], rules: [
            "c.centerX == super.centerX", "c.width >= 10", "c.width <= 100", "c.top == super.top", "c.height == 20", "super.bottom == c.bottom"])
        XCTAssertEqual(centred.ambiguities, [.init(view: "c", axis: .horizontal)])
        XCTAssertTrue(centred.ambiguityCheckIsComplete)
    }

    /// Labels tied for the space between them (equal compression resistances, too long for it)
    /// share it: a pair at the split of least height (not one label squeezed into a sliver,
    /// hundreds of lines tall), two pairs in one cell each in its own space; three or more at
    /// the least height too.
    func testLabelsTiedForTheSameSpaceShareIt() throws {
        var cell = try ConstraintCell(views: [.init("a", .text), .init("b", .text), .init("c", .text), .init("d", .text)], rules: [
            "a.leading == super.leading + 8", "b.leading == a.trailing + 8", "b.trailing == super.trailing - 8",
            "a.top == super.top", "b.top == super.top + 7", "super.bottom >= a.bottom", "super.bottom >= b.bottom",
            "c.leading == super.leading + 8", "d.leading == c.trailing + 8", "d.trailing == super.trailing - 108",
            "c.top >= a.bottom + 4", "c.top >= b.bottom + 4", "d.top == c.top", "super.bottom >= c.bottom", "super.bottom >= d.bottom"])
        XCTAssertEqual(cell.ambiguities.map(\.view), ["a", "b", "c", "d"])
        XCTAssertEqual(cell.shareGroups.map { $0.map(\.view) }, [[1, 2], [3, 4]])
        let index = ["a", "b", "c", "d"].map { cell.viewIndex($0)! }
        func lines(_ natural: Double, _ width: Double) -> Double { max(1, (natural / max(width, 1e-3) - 1e-9).rounded(.up)) }
        /// The least bottom of a pair over every split (b starting `offset` lower).
        func least(_ n1: Double, _ n2: Double, _ space: Double, offset: Double = 0) -> Double {
            var least = Double.infinity
            for w in stride(from: 1.0 / 64, to: space, by: 1.0 / 64) { least = min(least, max(20 * lines(n1, w), offset + 20 * lines(n2, space - w))) }
            return least
        }
        var proportionalNotLeast = 0
        for naturals in [[700.0, 300, 1200, 1100], [2000, 150, 5000, 4000], [300, 200, 100, 90], [9000, 10, 40, 3000], [1000, 990, 10, 10]] {
            let natural = { (k: Int) in naturals[index.firstIndex(of: k)!] }
            let height = try cell.fit(width: 390, naturalWidth: natural, measure: { k, w in
                .init(height: 20 * lines(natural(k), w), firstBaseline: 15, lastBaselineFromBottom: 5) })
            XCTAssertEqual(height, least(naturals[0], naturals[1], 366, offset: 7) + 4 + least(naturals[2], naturals[3], 266), "\(naturals)")
            let widths = ["a", "b", "c", "d"].map { cell.frame(of: $0)!.width }
            XCTAssertEqual(widths[0] + widths[1], 366, accuracy: 1e-6)
            // Where the proportional split is as short as any, it is kept, unless a split as
            // short leaves both labels' bottoms lower in sum (no label squeezed to a letter a
            // line for nothing).
            if naturals[0] + naturals[1] > 366 {
                let p = 366 * naturals[0] / (naturals[0] + naturals[1])
                func sum(_ w: Double) -> Double { 20 * lines(naturals[0], w) + 7 + 20 * lines(naturals[1], 366 - w) }
                if max(20 * lines(naturals[0], p), 7 + 20 * lines(naturals[1], 366 - p)) == least(naturals[0], naturals[1], 366, offset: 7) {
                    if abs(widths[0] - p) > 1e-6 { XCTAssertLessThan(sum(widths[0]), sum(p), "\(naturals): \(widths)") }
                } else {
                    proportionalNotLeast += 1
                }
            }
            XCTAssertEqual(widths[2] + widths[3], 266, accuracy: 1e-6)
        }
        XCTAssertGreaterThan(proportionalNotLeast, 0, "some cases need the bisection")

        var three = try ConstraintCell(views: [.init("x", .text), .init("y", .text), .init("z", .text)], rules: [
            "x.leading == super.leading", "y.leading == x.trailing", "z.leading == y.trailing", "z.trailing == super.trailing",
            "x.top == super.top", "y.top == super.top", "z.top == super.top",
            "super.bottom >= x.bottom", "super.bottom >= y.bottom", "super.bottom >= z.bottom"])
        XCTAssertEqual(three.shareGroups.map { $0.map(\.view) }, [[1, 2, 3]])
        var descended = 0
        // (z's lines twice as tall: the proportional split is then not the least.)
        let lineHeight = [20.0, 20, 40]
        for naturals in [[700.0, 300, 500], [3000, 100, 40], [2900, 60, 45], [5000, 10, 4000]] {
            let height = try three.fit(width: 300, naturalWidth: { naturals[$0 - 1] }, measure: { k, w in
                .init(height: lineHeight[k - 1] * lines(naturals[k - 1], w), firstBaseline: 15, lastBaselineFromBottom: 5) })
            let widths = ["x", "y", "z"].map { three.frame(of: $0)!.width }
            XCTAssertEqual(widths.reduce(0, +), 300, accuracy: 1e-6)
            func tallest(_ w: [Double]) -> Double { naturals.indices.map { lineHeight[$0] * lines(naturals[$0], w[$0]) }.max()! }
            var least = Double.infinity
            for x in 1..<299 { for y in 1..<(300 - x) { least = min(least, tallest([Double(x), Double(y), Double(300 - x - y)])) } }
            XCTAssertLessThanOrEqual(height, least, "\(naturals): \(widths)")
            if height < tallest(naturals.map { 300 * $0 / naturals.reduce(0, +) }) { descended += 1 }
        }
        XCTAssertGreaterThan(descended, 0, "some cases are below the proportional split's height")
    }
}
