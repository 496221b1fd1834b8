import YardstickOffsets
import YardstickTemplates

/// What a scroll did: the content offset after anchoring, the rows measured, the rows now
/// visible and the table's height.
public struct ScrollResult: Hashable, Sendable {
    /// The viewport's top after anchoring, in points (UIScrollView's `contentOffset.y`), within
    /// 0…max(0, `totalHeight` − viewport height).
    public var contentOffset: Double
    /// Rows this scroll measured (not the table's total); 0 when the rows in reach already were.
    public var measuredRowCount: Int
    /// The first row of non-zero height meeting the viewport; nil when none does (an empty
    /// table, or only headers and footers in view).
    public var firstVisibleRow: RowPosition?
    /// The last row of non-zero height meeting the viewport (inclusive); nil when none does.
    public var lastVisibleRow: RowPosition?
    /// The table's height in points after the scroll's measuring (UIScrollView's
    /// `contentSize.height`).
    public var totalHeight: Double
}

extension TableLayout {
    /// Rows measured beyond each side of the viewport (SwiftDataTables' `prefetchWindow`).
    public var prefetchWindow: Int { plan.mode.prefetchWindow }

    /// Scrolls to content offset `y`: the row at the viewport's top is anchored, the estimated
    /// rows meeting the viewport widened by the prefetch window are measured (again, while the
    /// anchored offset brings more into view), and the offset that keeps the anchor row where it
    /// was on screen is returned. Nothing else is measured. O((k + 1) log n) plus measuring k rows.
    public mutating func scroll(to y: Double, viewportHeight: Double) throws(SizingError) -> ScrollResult {
        guard y.isFinite else { throw SizingError(path: "y", .outOfRange(expected: "must be a finite number", got: "\(y)")) }
        try SizingError.check(viewportHeight, "height")
        let height = LayoutLength(clampingFlooringPoints: viewportHeight)
        let maximum = max(0, offsets.totalHeight.units - height.units)
        let requested = LayoutLength(clampingFlooringPoints: max(y, 0)).units
        let top = LayoutLength(units: min(requested, maximum))
        let savedViewport = viewport
        offsets.captureScrollAnchor(viewportTop: top)
        viewport = (top.points, height.points)
        var measured = 0
        do {
            measured = try settleViewport()
            // A scroll to the top or the end stays there while measuring changes the heights
            // above or the table's height.
            var rounds = 0
            while (requested == 0 || requested >= maximum) && rounds < 16 {
                let edge = requested == 0 ? LayoutLength.zero : LayoutLength(units: max(0, offsets.totalHeight.units - height.units))
                if LayoutLength(clampingFlooringPoints: viewport!.top) == edge { break }
                offsets.captureScrollAnchor(viewportTop: edge)
                viewport = (edge.points, height.points)
                measured += try settleViewport()
                rounds += 1
            }
        } catch {
            // Rows measured so far stay measured (their heights are right); the view does not move.
            viewport = savedViewport
            throw error
        }
        let now = LayoutLength(clampingFlooringPoints: viewport!.top)
        let visible = offsets.rows(meeting: now..<LayoutLength(units: now.units + height.units))
        return ScrollResult(contentOffset: viewport!.top, measuredRowCount: measured, firstVisibleRow: visible?.lowerBound,
                            lastVisibleRow: visible?.upperBound, totalHeight: offsets.totalHeight.points)
    }

    /// Restores the anchored offset and measures the estimated rows the viewport (with its
    /// prefetch window) meets until none is left; returns how many rows it measured.
    @discardableResult
    mutating func settleViewport() throws(SizingError) -> Int {
        guard let current = viewport else { return 0 }
        let height = LayoutLength(clampingFlooringPoints: current.height)
        var measured = 0
        while true {
            var top = LayoutLength(clampingFlooringPoints: viewport!.top)
            if offsets.scrollAnchor != nil, let restored = try? offsets.restoredContentOffset(viewportHeight: height) { top = restored }
            top = LayoutLength(units: min(top.units, max(0, offsets.totalHeight.units - height.units)))
            viewport = (top.points, current.height)
            let window = top..<LayoutLength(units: top.units + max(height.units, 1))
            var rows = (try? offsets.unmeasuredRows(meeting: window, prefetch: prefetchWindow)) ?? []
            let (own, sections) = ownEstimates(meeting: window)
            if !own.isEmpty { rows = (rows + own).sorted() }
            if rows.isEmpty && sections.isEmpty { return measured }
            try measure(rows[...])
            try fitEstimatedParts(of: sections)
            measured += rows.count
        }
    }

    /// The rows at an estimate of their own, and the sections whose header or footer is
    /// estimated, within the rows meeting `window` widened by the prefetch window (as the
    /// cache's `unmeasuredRows` counts it, across sections), and the sections the window meets
    /// (empty ones included). O(log n + rows and sections in that span).
    func ownEstimates(meeting window: Range<LayoutLength>) -> (rows: [RowPosition], sections: Range<Int>) {
        guard provisionalRowCount > 0 || estimatedPartCount > 0, !plan.sections.isEmpty else { return ([], 0..<0) }
        func step(_ p: RowPosition, by delta: Int) -> RowPosition? {
            var s = p.section, r = p.row + delta
            while r < 0 || r >= plan.sections[s].rows.count {
                s += delta
                guard s >= 0 && s < plan.sections.count else { return nil }
                r = delta < 0 ? plan.sections[s].rows.count - 1 : 0
            }
            return RowPosition(section: s, row: r)
        }
        // The sections the window meets, by its top and bottom items (headers and footers included).
        let last = LayoutLength(units: max(window.upperBound.units - 1, window.lowerBound.units))
        var lowSection = offsets.item(at: window.lowerBound)?.section ?? 0
        var highSection = offsets.item(at: last)?.section ?? plan.sections.count - 1
        var rows: [RowPosition] = []
        if let meeting = offsets.rows(meeting: window) {
            var first = meeting.lowerBound, end = meeting.upperBound
            for _ in 0..<prefetchWindow { guard let p = step(first, by: -1) else { break }; first = p }
            for _ in 0..<prefetchWindow { guard let p = step(end, by: 1) else { break }; end = p }
            lowSection = min(lowSection, first.section)
            highSection = max(highSection, end.section)
            if provisionalRowCount > 0 {
                var p: RowPosition? = first
                while let q = p, q <= end {
                    if handles[q.section][q.row] == Self.provisional { rows.append(q) }
                    p = step(q, by: 1)
                }
            }
        }
        guard estimatedPartCount > 0, lowSection <= highSection else { return (rows, 0..<0) }
        let estimated = (lowSection...highSection).filter { plan.sections[$0].headerIsEstimated || plan.sections[$0].footerIsEstimated }
        return (rows, estimated.isEmpty ? 0..<0 : estimated.first!..<estimated.last! + 1)
    }

    /// Anchors the viewport's top row, runs `change`, then restores the offset and measures what
    /// came into view. That measuring is a courtesy: a row it cannot measure stays estimated
    /// (a later scroll reports it), and the change stands.
    mutating func anchored<T>(_ change: (inout TableLayout) throws(SizingError) -> T) throws(SizingError) -> T {
        if let v = viewport { offsets.captureScrollAnchor(viewportTop: LayoutLength(clampingFlooringPoints: v.top)) }
        let result = try change(&self)
        _ = try? settleViewport()
        return result
    }

    /// Throws unless `p` is a row of the table (or, with `allowingEnd`, the position after a
    /// section's last row).
    package func check(_ p: RowPosition, allowingEnd: Bool = false) throws(SizingError) {
        try checkSection(p.section)
        let rows = plan.sections[p.section].rows.count
        guard p.row >= 0 && (p.row < rows || (allowingEnd && p.row == rows)) else {
            throw SizingError(path: "row", .rowOutOfRange(row: p.row, section: p.section, rows: rows))
        }
    }

    func checkSection(_ s: Int) throws(SizingError) {
        guard s >= 0 && s < plan.sections.count else {
            throw SizingError(path: "section", .sectionOutOfRange(section: s, sections: plan.sections.count))
        }
    }
}
