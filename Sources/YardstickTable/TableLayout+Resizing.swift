import YardstickOffsets
import YardstickTemplates

extension TableLayout {
    /// Runs a change of the plan (a width, a column's width, the environment) and fits every
    /// measured row again; if a row can't be stored at the new size, the old plan comes back.
    mutating func reconfigure(_ change: (inout TablePlan<Row>) throws(SizingError) -> Void) throws(SizingError) {
        let old = plan
        try anchored { (t: inout TableLayout) throws(SizingError) in
            try change(&t.plan)
            let result = Result { () throws(SizingError) in try t.remeasureMeasuredRows() }
            if case .failure(let error) = result {
                t.plan = old
                // These sizes fitted before; only a data source that fails now can stop it, and the
                // rows it could not give keep their heights (a block is all or nothing).
                _ = try? t.remeasureMeasuredRows()
                throw error
            }
        }
    }

    /// A new width: a list's cell width, or a grid's frame (its columns widened again to fill
    /// it, as SwiftDataTables does when the table resizes). Measured rows, headers and footers are
    /// fitted again from their prepared texts (no shaping); estimated rows stay estimated; the
    /// scroll stays anchored.
    public mutating func setWidth(_ width: Double) throws(SizingError) {
        try SizingError.check(width, "width", allowZero: false)
        try reconfigure { (plan: inout TablePlan<Row>) throws(SizingError) in
            if let columns = plan.gridColumns {
                plan.gridColumns!.frameWidth = width
                for (i, w) in columns.widths(frame: width).enumerated() { plan.rowCells[0].setWidth(w, ofCell: i) }
                plan.sectionWidth = plan.rowCells[0].cells.reduce(0) { $0 + $1.width }
            } else {
                for l in plan.rowCells.indices { plan.rowCells[l].setWidth(width, ofCell: 0) }
                plan.sectionWidth = width
            }
        }
    }

    /// A grid column's new width, by name (as `widthForColumnAt`: it beats every mode).
    public mutating func setColumnWidth(_ width: Double, column name: String) throws(SizingError) {
        guard plan.gridColumns != nil else { throw SizingError(path: "name", .notApplicable("a list has no columns; set its width")) }
        guard let i = plan.columnNames.firstIndex(of: name) else { throw SizingError(path: "name", .noSuchColumn(name)) }
        try SizingError.check(width, "width", allowZero: false)
        try reconfigure { (plan: inout TablePlan<Row>) throws(SizingError) in
            plan.gridColumns!.named[i] = width
            for (c, w) in plan.gridColumns!.widths(frame: plan.gridColumns!.frameWidth).enumerated() { plan.rowCells[0].setWidth(w, ofCell: c) }
            plan.sectionWidth = plan.rowCells[0].cells.reduce(0) { $0 + $1.width }
        }
    }

    /// New traits (a content size category, a display scale): measured rows are fitted again
    /// from their prepared texts, or, where the fonts' faces follow the point size (an `opsz`
    /// axis, Inter Display from 20 pt) and the sizes change, prepared again. Column widths stay
    /// as they are.
    public mutating func setEnvironment(_ environment: SizingEnvironment) throws(SizingError) {
        try environment.validate()
        let old = self.environment
        if !plan.rowCells[0].engine.fonts.opticalSizes.isEmpty
            && (old.category != environment.category || old.maximumCategory != environment.maximumCategory || old.opticalSizing != environment.opticalSizing) {
            dropPreparedTexts()
        }
        try reconfigure { (plan: inout TablePlan<Row>) throws(SizingError) in
            for l in plan.rowCells.indices {
                try plan.rowCells[l].setEnvironment(environment)
            }
            plan.roundsUp = environment.displayScale != nil
            try plan.prepareSectionFits()
        }
    }

    public var environment: SizingEnvironment { plan.rowCells[0].environment }

    /// Lets every measured row's prepared texts go: the next fit prepares them again.
    mutating func dropPreparedTexts() {
        for s in handles.indices {
            for r in handles[s].indices where handles[s][r] >= 0 {
                slab.release(handles[s][r])
                handles[s][r] = Self.dropped
            }
        }
    }
}
