import YardstickOffsets
import YardstickTemplates

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
        try check(p, allowingEnd: true)
        guard !models.isEmpty else { return }
        for (k, model) in models.enumerated() { // a known height that can't be stored refuses the insert
            if let h = plan.knownHeight(section: p.section, row: p.row + k, model) { _ = try rowLength(h, RowPosition(section: p.section, row: p.row + k)) }
        }
        try anchored { (t: inout TableLayout) throws(SizingError) in
            do { try t.offsets.insertRows(at: p, count: models.count) } catch { throw SizingError(path: "", .offsets("\(error)")) }
            t.plan.sections[p.section].rows.insert(contentsOf: models, at: p.row)
            t.handles[p.section].insert(contentsOf: repeatElement(Self.estimated, count: models.count), at: p.row)
            do throws(SizingError) {
                // The new rows' known heights, and those of rows whose position moved; the others
                // take their own estimates.
                try t.refreshKnownHeights(section: p.section, from: p.row, alwaysFrom: p.row + models.count)
                try t.setOwnEstimates(section: p.section, rows: p.row..<p.row + models.count)
            } catch {
                try! t.offsets.deleteRows(p.row..<p.row + models.count, inSection: p.section) // undo: nothing changed
                t.plan.sections[p.section].rows.removeSubrange(p.row..<p.row + models.count)
                t.handles[p.section].removeSubrange(p.row..<p.row + models.count)
                throw error
            }
        }
    }

    /// Sets the known heights of a section's rows from `start` on: rows before `positional` only
    /// when some height depends on the position (a `heightForRowAt` or a computed cell height),
    /// the others always. A row whose known height went away becomes estimated. All or nothing.
    mutating func refreshKnownHeights(section s: Int, from start: Int, alwaysFrom positional: Int) throws(SizingError) {
        var positionMatters = plan.heightForRowAt != nil
        if case .computed = plan.sections[s].cellHeight { positionMatters = true }
        let end = positionMatters ? plan.sections[s].rows.count : positional
        guard start < end else { return }
        var known: [RowPosition] = [], unknown: [RowPosition] = []
        for r in start..<end {
            let p = RowPosition(section: s, row: r)
            if let h = plan.knownHeight(section: s, row: r, row(at: p)) {
                _ = try rowLength(h, p)
                known.append(p)
            } else if handles[s][r] == Self.known {
                unknown.append(p)
            }
        }
        for p in unknown {
            handles[p.section][p.row] = Self.estimated
            try! offsets.invalidateHeight(of: p)
        }
        if !unknown.isEmpty { try setOwnEstimates(section: s, rows: unknown.first!.row..<unknown.last!.row + 1) }
        _ = try measure(known[...]) // known heights only: checked above
    }

    /// Deletes `count` rows from `p`, keeping the scroll position anchored. A section left empty
    /// is removed when the display behaviour hides empty sections (later sections move up one).
    public mutating func deleteRows(at p: RowPosition, count: Int) throws(SizingError) {
        try check(p)
        guard count >= 1 && count <= plan.sections[p.section].rows.count - p.row else {
            throw SizingError(path: "count", .outOfRange(expected: "must be from 1 to the rows left in the section", got: "\(count)"))
        }
        try anchored { (t: inout TableLayout) throws(SizingError) in
            for r in p.row..<p.row + count {
                let h = t.handles[p.section][r]
                if h == Self.provisional { t.provisionalRowCount -= 1 }
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
                t.estimatedPartCount -= (t.plan.sections[p.section].headerIsEstimated ? 1 : 0) + (t.plan.sections[p.section].footerIsEstimated ? 1 : 0)
                t.plan.sections.remove(at: p.section)
                t.plan.refreshKnownHeightsFlag()
                t.handles.remove(at: p.section)
            } else {
                _ = try? t.refreshKnownHeights(section: p.section, from: p.row, alwaysFrom: p.row) // rows that moved up
            }
        }
    }
}
