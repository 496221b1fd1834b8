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
        let requested = LayoutLength(clampingFlooringPoints: max(y, 0)).units
        let top = LayoutLength(units: min(requested, maximum))
        let savedViewport = viewport
        offsets.captureScrollAnchor(viewportTop: top)
        viewport = (top.points, height.points)
        var measured = 0
        do {
            measured = try settleViewport()
            // A scroll to the end stays at the end while measuring changes the table's height.
            var rounds = 0
            while requested >= maximum && rounds < 16 {
                let bottom = LayoutLength(units: max(0, offsets.totalHeight.units - height.units))
                if LayoutLength(clampingFlooringPoints: viewport!.top) == bottom { break }
                offsets.captureScrollAnchor(viewportTop: bottom)
                viewport = (bottom.points, height.points)
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
            let rows = (try? offsets.unmeasuredRows(meeting: window, prefetch: prefetchWindow)) ?? []
            if rows.isEmpty { return measured }
            try measure(rows[...])
            measured += rows.count
        }
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

    /// Runs a change of the plan (a width, a column's width, the environment) and fits every
    /// measured row again; if a row can't be stored at the new size, the old plan comes back.
    mutating func reconfigure(_ change: (inout TablePlan<Row>) throws(SizingError) -> Void) throws(SizingError) {
        let old = plan
        try anchored { (t: inout TableLayout) throws(SizingError) in
            try change(&t.plan)
            let result = Result { () throws(SizingError) in try t.remeasureMeasuredRows() }
            if case .failure(let error) = result {
                t.plan = old
                try! t.remeasureMeasuredRows() // these sizes fitted before
                throw error
            }
        }
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
        for (k, model) in models.enumerated() { // a known height that can't be stored refuses the insert
            if let h = plan.knownHeight(section: p.section, row: p.row + k, model) { _ = try rowLength(h, RowPosition(section: p.section, row: p.row + k)) }
        }
        try anchored { (t: inout TableLayout) throws(SizingError) in
            do { try t.offsets.insertRows(at: p, count: models.count) } catch { throw SizingError(path: "", message: "\(error)") }
            t.plan.sections[p.section].rows.insert(contentsOf: models, at: p.row)
            t.handles[p.section].insert(contentsOf: repeatElement(Self.estimated, count: models.count), at: p.row)
            let known = (p.row..<p.row + models.count).map { RowPosition(section: p.section, row: $0) }
                .filter { t.plan.knownHeight(section: $0.section, row: $0.row, t.row(at: $0)) != nil }
            try t.measure(known[...])
        }
    }

    /// Deletes `count` rows from `p`, keeping the scroll position anchored. A section left empty
    /// is removed when the display behaviour hides empty sections (later sections move up one).
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
            // A section the display behaviour hides once it is empty goes (Braid re-evaluates).
            if t.plan.sections[p.section].rows.isEmpty && !t.plan.shows(t.plan.sections[p.section]) {
                try! t.offsets.deleteSections(p.section..<p.section + 1)
                t.plan.sections.remove(at: p.section)
                t.handles.remove(at: p.section)
            }
        }
    }

    // MARK: - Width and traits

    /// A new width: a list's cell width, or a grid's frame (its columns widened again to fill
    /// it, as SwiftDataTables does when the table resizes). Measured rows, headers and footers are
    /// fitted again from their prepared texts (no shaping); estimated rows stay estimated; the
    /// scroll stays anchored.
    public mutating func setWidth(_ width: Double) throws(SizingError) {
        try SizingError.check(width, "width", allowZero: false)
        try reconfigure { (plan: inout TablePlan<Row>) throws(SizingError) in
            if let columns = plan.gridColumns {
                plan.gridColumns!.frameWidth = width
                for (i, w) in columns.widths(frame: width).enumerated() { plan.layouts[0].setWidth(w, ofCell: i) }
                plan.sectionWidth = plan.layouts[0].cells.reduce(0) { $0 + $1.width }
            } else {
                for l in plan.layouts.indices { plan.layouts[l].setWidth(width, ofCell: 0) }
                plan.sectionWidth = width
            }
        }
    }

    /// A grid column's new width, by name (as `widthForColumnAt`: it beats every mode).
    public mutating func setColumnWidth(_ width: Double, column name: String) throws(SizingError) {
        guard plan.gridColumns != nil else { throw SizingError(path: "name", message: "a list has no columns; set its width") }
        guard let i = plan.columnNames.firstIndex(of: name) else { throw SizingError(path: "name", message: "no column named \"\(name)\"") }
        try SizingError.check(width, "width", allowZero: false)
        try reconfigure { (plan: inout TablePlan<Row>) throws(SizingError) in
            plan.gridColumns!.named[i] = width
            for (c, w) in plan.gridColumns!.widths(frame: plan.gridColumns!.frameWidth).enumerated() { plan.layouts[0].setWidth(w, ofCell: c) }
            plan.sectionWidth = plan.layouts[0].cells.reduce(0) { $0 + $1.width }
        }
    }

    /// New traits (a content size category, a display scale): measured rows are fitted again
    /// from their prepared texts. Column widths stay as they are.
    public mutating func setEnvironment(_ environment: SizingEnvironment) throws(SizingError) {
        do { try environment.validate() } catch { throw SizingError(error) }
        try reconfigure { (plan: inout TablePlan<Row>) throws(SizingError) in
            for l in plan.layouts.indices { plan.layouts[l].setEnvironment(environment) }
            plan.roundsUp = environment.displayScale != nil
        }
    }

    public var environment: SizingEnvironment { plan.cells.environment }
}
