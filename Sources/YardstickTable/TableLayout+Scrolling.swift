import YardstickOffsets
import YardstickTemplates

/// What a scroll did: the content offset after anchoring, the rows measured, the rows now
/// visible and the table's height.
public struct ScrollResult: Hashable, Sendable {
    public var contentOffset: Double
    public var measuredRowCount: Int
    public var firstVisibleRow: RowPosition?
    public var lastVisibleRow: RowPosition?
    public var totalHeight: Double
}

/// What re-measuring an edited row did.
public struct RemeasureResult: Hashable, Sendable {
    /// Whether the row's height differs from what it was (measured or estimated).
    public var changed: Bool
    /// The row's height now, spacing excluded.
    public var height: Double
    /// The anchored content offset (the last scroll's, adjusted), nil before any scroll.
    public var contentOffset: Double?
}

extension TableLayout {
    /// Rows measured beyond each side of the viewport (SwiftDataTables' `prefetchWindow`).
    public var prefetchWindow: Int { plan.mode.prefetchWindow }

    /// Scrolls to content offset `y`: the row at the viewport's top is anchored, the estimated
    /// rows meeting the viewport widened by the prefetch window are measured (again, while the
    /// anchored offset brings more into view), and the offset that keeps the anchor row where it
    /// was on screen is returned. Nothing else is measured. O((k + 1) log n) plus measuring k rows.
    public mutating func scroll(to y: Double, viewportHeight: Double) throws(SizingError) -> ScrollResult {
        guard y.isFinite else { throw SizingError(path: "y", message: "must be a finite number (got \(y))") }
        try SizingError.check(viewportHeight, "height")
        let height = LayoutLength(clampingFlooringPoints: viewportHeight)
        let maximum = max(0, offsets.totalHeight.units - height.units)
        let top = LayoutLength(units: min(max(LayoutLength(clampingFlooringPoints: max(y, 0)).units, 0), maximum))
        offsets.captureScrollAnchor(viewportTop: top)
        viewport = (top.points, height.points)
        let measured = try settleViewport()
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
            let rows = (try? offsets.unmeasuredRows(meeting: window, prefetch: prefetchWindow)) ?? []
            if rows.isEmpty { return measured }
            try measure(rows[...])
            measured += rows.count
        }
    }

    /// Anchors the viewport's top row, runs `change`, then restores the offset and measures what
    /// came into view.
    mutating func anchored<T>(_ change: (inout TableLayout) throws(SizingError) -> T) throws(SizingError) -> T {
        if let v = viewport { offsets.captureScrollAnchor(viewportTop: LayoutLength(clampingFlooringPoints: v.top)) }
        let result = try change(&self)
        try settleViewport()
        return result
    }

    /// Throws unless `p` is a row of the table.
    package func check(_ p: RowPosition) throws(SizingError) {
        guard p.section >= 0 && p.section < plan.sections.count else {
            throw SizingError(path: "section", message: "\(p.section) is out of range (\(plan.sections.count) sections)")
        }
        guard p.row >= 0 && p.row < plan.sections[p.section].rows.count else {
            throw SizingError(path: "row", message: "\(p.row) is out of range (section \(p.section) has \(plan.sections[p.section].rows.count) rows)")
        }
    }

    // MARK: - Editing

    /// Measures one row again after its model changed (SwiftDataTables' `remeasureRow`), alone,
    /// keeping the scroll position anchored.
    @discardableResult
    public mutating func remeasureRow(at p: RowPosition) throws(SizingError) -> RemeasureResult {
        try check(p)
        let before = try! offsets.height(of: p)
        try anchored { (t: inout TableLayout) throws(SizingError) in _ = try t.measure([p][...]) }
        let after = try! offsets.height(of: p)
        return RemeasureResult(changed: before != after, height: LayoutLength(units: after.units - spacingUnits).points,
                               contentOffset: viewport?.top)
    }

    /// Replaces a row's model and measures it again.
    @discardableResult
    public mutating func replaceRow(at p: RowPosition, with model: Row) throws(SizingError) -> RemeasureResult {
        try check(p)
        let old = plan.sections[p.section].rows[p.row]
        plan.sections[p.section].rows[p.row] = model
        do { return try remeasureRow(at: p) } catch {
            plan.sections[p.section].rows[p.row] = old
            throw error
        }
    }

    /// Inserts rows before `p.row` (which may be the section's row count), estimated unless their
    /// height is known, keeping the scroll position anchored.
    public mutating func insertRows(_ models: [Row], at p: RowPosition) throws(SizingError) {
        guard p.section >= 0 && p.section < plan.sections.count else {
            throw SizingError(path: "section", message: "\(p.section) is out of range (\(plan.sections.count) sections)")
        }
        guard p.row >= 0 && p.row <= plan.sections[p.section].rows.count else {
            throw SizingError(path: "row", message: "\(p.row) is out of range (section \(p.section) has \(plan.sections[p.section].rows.count) rows)")
        }
        guard !models.isEmpty else { return }
        try anchored { (t: inout TableLayout) throws(SizingError) in
            do { try t.offsets.insertRows(at: p, count: models.count) } catch { throw SizingError(path: "", message: "\(error)") }
            t.plan.sections[p.section].rows.insert(contentsOf: models, at: p.row)
            t.handles[p.section].insert(contentsOf: repeatElement(Self.estimated, count: models.count), at: p.row)
            let known = (p.row..<p.row + models.count).map { RowPosition(section: p.section, row: $0) }
                .filter { t.plan.knownHeight(section: $0.section, row: $0.row, t.row(at: $0)) != nil }
            try t.measure(known[...])
        }
    }

    /// Deletes `count` rows from `p`, keeping the scroll position anchored.
    public mutating func deleteRows(at p: RowPosition, count: Int) throws(SizingError) {
        try check(p)
        guard count >= 1 && count <= plan.sections[p.section].rows.count - p.row else {
            throw SizingError(path: "count", message: "must be from 1 to the rows left in the section (got \(count))")
        }
        try anchored { (t: inout TableLayout) throws(SizingError) in
            for r in p.row..<p.row + count {
                let h = t.handles[p.section][r]
                if t.estimateFollowsMedian && (h >= 0 || h == Self.dropped) {
                    t.forgetMeasuredHeight(try! t.offsets.height(of: RowPosition(section: p.section, row: r)).units)
                }
                t.slab.release(h)
            }
            t.handles[p.section].removeSubrange(p.row..<p.row + count)
            t.plan.sections[p.section].rows.removeSubrange(p.row..<p.row + count)
            try! t.offsets.deleteRows(p.row..<p.row + count, inSection: p.section)
            if t.estimateFollowsMedian { t.updateEstimate() }
        }
    }

    // MARK: - Width and traits

    /// A list's new width: measured rows, headers and footers are fitted again from their
    /// prepared texts (no shaping), estimated rows stay estimated; the scroll stays anchored.
    public mutating func setWidth(_ width: Double) throws(SizingError) {
        guard plan.columnNames.isEmpty else { throw SizingError(path: "width", message: "a grid's width is its columns'; set a column's width") }
        try SizingError.check(width, "width", allowZero: false)
        try anchored { (t: inout TableLayout) throws(SizingError) in
            for l in t.plan.layouts.indices { t.plan.layouts[l].setWidth(width, ofCell: 0) }
            t.plan.sectionWidth = width
            try t.remeasureMeasuredRows()
        }
    }

    /// A grid column's new width, by name.
    public mutating func setColumnWidth(_ width: Double, column name: String) throws(SizingError) {
        guard let i = plan.columnNames.firstIndex(of: name) else { throw SizingError(path: "name", message: "no column named \"\(name)\"") }
        try SizingError.check(width, "width", allowZero: false)
        try anchored { (t: inout TableLayout) throws(SizingError) in
            t.plan.cells.setWidth(width, ofCell: i)
            t.plan.sectionWidth = t.plan.cells.cells.reduce(0) { $0 + $1.width }
            try t.remeasureMeasuredRows()
        }
    }

    /// New traits (a content size category, a display scale): measured rows are fitted again
    /// from their prepared texts. Column widths stay as they are.
    public mutating func setEnvironment(_ environment: SizingEnvironment) throws(SizingError) {
        try anchored { (t: inout TableLayout) throws(SizingError) in
            for l in t.plan.layouts.indices { t.plan.layouts[l].setEnvironment(environment) }
            try t.remeasureMeasuredRows()
        }
    }

    public var environment: SizingEnvironment { plan.cells.environment }
}
