import YardstickLayout
import YardstickOffsets
import YardstickTemplates

extension TableLayout {
    /// Rows measured per batch: their texts are prepared together on all cores, then fitted.
    static var blockSize: Int { 16_384 }

    /// Measures every row still estimated, section by section in blocks, on all cores.
    /// - Parameter progress: (rows done, rows to do), called between blocks.
    public mutating func measureAll(progress: ((Int, Int) -> Void)? = nil) throws(SizingError) {
        var pending: [RowPosition] = []
        for s in handles.indices {
            for r in handles[s].indices where handles[s][r] == Self.estimated || handles[s][r] == Self.provisional {
                pending.append(RowPosition(section: s, row: r))
            }
        }
        try measureInBlocks(pending, progress: progress)
        try fitEstimatedParts(of: 0..<plan.sections.count)
    }

    /// Fits the headers and footers of these sections that still have their estimates.
    mutating func fitEstimatedParts(of sections: Range<Int>) throws(SizingError) {
        for s in sections where plan.sections[s].headerIsEstimated || plan.sections[s].footerIsEstimated {
            let section = plan.sections[s]
            let header = section.headerIsEstimated ? try Self.length(plan.height(of: section.header, fit: section.headerFit, section: s, path: section.headerPath),
                                                                     "the header of section \(s)", up: plan.roundsUp) : nil
            let footer = section.footerIsEstimated ? try Self.length(plan.height(of: section.footer, fit: section.footerFit, section: s, path: section.footerPath),
                                                                     "the footer of section \(s)", up: plan.roundsUp) : nil
            plan.sections[s].headerIsEstimated = false
            plan.sections[s].footerIsEstimated = false
            estimatedPartCount -= (header == nil ? 0 : 1) + (footer == nil ? 0 : 1)
            if let header { try! offsets.setHeaderHeight(header, ofSection: s) } // checked lengths of an existing section
            if let footer { try! offsets.setFooterHeight(footer, ofSection: s) }
        }
    }

    /// Measures rows `blockSize` at a time (bounding the prepared texts held at once).
    mutating func measureInBlocks(_ rows: [RowPosition], progress: ((Int, Int) -> Void)? = nil) throws(SizingError) {
        var done = 0
        progress?(0, rows.count)
        while done < rows.count {
            let end = min(rows.count, done + Self.blockSize)
            try measure(rows[done..<end])
            done = end
            progress?(done, rows.count)
        }
    }

    /// Measures `rows` from their current contents and stores their heights; returns the heights
    /// in points (spacing excluded), in order. Rows whose height is known are set to it. All or
    /// nothing: when a height can't be stored (negative, not finite, too tall), nothing changes.
    @discardableResult
    mutating func measure(_ rows: ArraySlice<RowPosition>) throws(SizingError) -> [Double] {
        var toFit: [RowPosition] = []
        var heights = [Double](repeating: 0, count: rows.count)
        var fitIndex: [Int] = []
        var known: [Int] = []
        if plan.hasKnownHeights {
            for (k, p) in rows.enumerated() {
                if let h = plan.knownHeight(section: p.section, row: p.row, row(at: p)) {
                    heights[k] = h
                    known.append(k)
                } else {
                    toFit.append(p)
                    fitIndex.append(k)
                }
            }
        } else {
            toFit = Array(rows)
            fitIndex = Array(0..<rows.count)
        }
        // Fit the rows to measure, each layout's rows together (a list's sections may have
        // templates of their own), keeping their prepared texts until the heights are checked.
        var fitted: [(prepared: PreparedCells, members: [Int])] = []
        if !toFit.isEmpty {
            // The models, copied run by run (a section's rows are read once per run, not per row).
            var models: [Row] = []
            models.reserveCapacity(toFit.count)
            if let source {
                for p in toFit { models.append(try source(p)) } // (on this thread, in table order)
            } else {
                for run in Self.runs(toFit[...]) {
                    models.append(contentsOf: plan.sections[toFit[run.lowerBound].section].rows[toFit[run.lowerBound].row...toFit[run.upperBound - 1].row])
                }
            }
            var byLayout: [[Int]] = Array(repeating: [], count: plan.rowCells.count)
            if plan.rowCells.count == 1 {
                byLayout[0] = Array(toFit.indices)
            } else {
                for (j, p) in toFit.enumerated() { byLayout[plan.sections[p.section].rowCellsIndex].append(j) }
            }
            for (l, members) in byLayout.enumerated() where !members.isEmpty {
                let cells = plan.rowCells[l]
                let prepared = cells.prepare(count: members.count, threads: threads) { models[members[$0]] }
                let layoutHeights = fit(cells.geometry, count: members.count) { k, body in prepared.withRow(k, body) }
                for (m, j) in members.enumerated() { heights[fitIndex[j]] = layoutHeights[m] }
                fitted.append((prepared, members))
            }
        }
        let lengths = try rows.indices.map { (k: Int) throws(SizingError) in try rowLength(heights[k - rows.startIndex], rows[k]) }
        // Every height can be stored: commit.
        if estimateFollowsMedian {
            for p in rows where handles[p.section][p.row] >= 0 || handles[p.section][p.row] == Self.dropped {
                forgetMeasuredHeight(try! offsets.height(of: p).units)
            }
        }
        for k in known { releaseHandle(rows[rows.startIndex + k].section, rows[rows.startIndex + k].row, to: Self.known) }
        for (prepared, members) in fitted {
            preparedRowCount += members.count
            rowMissingGlyphs.formUnion(prepared.missingGlyphs)
            for (m, j) in members.enumerated() {
                let p = toFit[j]
                let old = handles[p.section][p.row]
                if old >= 0 { slab.release(old) }
                if old == Self.provisional { provisionalRowCount -= 1 }
                handles[p.section][p.row] = keepsPreparedText ? prepared.withRow(m) { slab.store($0) } : Self.dropped
            }
        }
        store(lengths, at: rows)
        if let limit = keptRowLimit, slab.liveCount > limit { dropPreparedTexts() }
        if estimateFollowsMedian && !toFit.isEmpty {
            for p in toFit { measuredHeights[try! offsets.height(of: p).units, default: 0] += 1 }
            updateEstimate()
        }
        return heights
    }

    /// Heights of `count` rows from their prepared texts (`RowGeometry.heights`).
    func fit(_ cells: RowGeometry, count: Int, texts: (Int, (UnsafeBufferPointer<PreparedText?>) -> Double) -> Double) -> [Double] {
        cells.heights(count: count, threads: threads, texts: texts)
    }

    /// Stores row lengths (spacing included) in the cache, in runs of consecutive rows.
    mutating func store(_ lengths: [LayoutLength], at rows: ArraySlice<RowPosition>) {
        for run in Self.runs(rows) {
            let first = run.lowerBound - rows.startIndex
            try! offsets.setHeights(lengths[first..<first + run.count], startingAt: rows[run.lowerBound]) // rows of the table, checked lengths
        }
    }

    // MARK: - The estimate following the median

    mutating func forgetMeasuredHeight(_ units: Int64) {
        guard let n = measuredHeights[units] else { return }
        measuredHeights[units] = n > 1 ? n - 1 : nil
    }

    /// Recounts the heights of the rows measured from their cells (after a re-layout, or when
    /// the option is switched on) and sets the estimate. O(n log n).
    mutating func rebuildMeasuredHeights() {
        measuredHeights = [:]
        guard estimateFollowsMedian else {
            try! offsets.setEstimatedRowHeight(initialEstimate)
            return
        }
        for s in handles.indices {
            for r in handles[s].indices where handles[s][r] >= 0 || handles[s][r] == Self.dropped {
                measuredHeights[try! offsets.height(of: RowPosition(section: s, row: r)).units, default: 0] += 1
            }
        }
        updateEstimate()
    }

    /// The estimate: the lower median of the measured heights, or the mode's when none is (or
    /// when the median is 0).
    mutating func updateEstimate() {
        let total = measuredHeights.values.reduce(0, +)
        guard total > 0 else {
            try! offsets.setEstimatedRowHeight(initialEstimate)
            return
        }
        var seen = 0
        for units in measuredHeights.keys.sorted() {
            seen += measuredHeights[units]!
            if seen * 2 >= total {
                // Rows of height 0 meet no viewport: an estimate of 0 would hide the rest forever.
                try! offsets.setEstimatedRowHeight(units > 0 ? LayoutLength(units: units) : initialEstimate)
                return
            }
        }
    }

    /// Measures every measured row again after a change of width, column width or environment:
    /// from the kept prepared texts (arithmetic only), or prepared again where they were
    /// dropped. Headers and footers are fitted again; estimated rows stay estimated.
    mutating func remeasureMeasuredRows() throws(SizingError) {
        for s in plan.sections.indices {
            let (header, footer) = try Self.sectionLengths(plan, s)
            try! offsets.setHeaderHeight(header, ofSection: s)
            try! offsets.setFooterHeight(footer, ofSection: s)
        }
        var kept: [RowPosition] = [], dropped: [RowPosition] = []
        for s in handles.indices {
            for r in handles[s].indices {
                let h = handles[s][r]
                if h >= 0 { kept.append(RowPosition(section: s, row: r)) } else if h == Self.dropped { dropped.append(RowPosition(section: s, row: r)) }
            }
        }
        if !kept.isEmpty {
            let slab = self.slab, handles = self.handles
            for (l, cells) in plan.rowCells.enumerated() {
                let rows = plan.rowCells.count == 1 ? kept : kept.filter { plan.sections[$0.section].rowCellsIndex == l }
                guard !rows.isEmpty else { continue }
                let heights = fit(cells.geometry, count: rows.count) { k, body in slab.withRow(handles[rows[k].section][rows[k].row], body) }
                let lengths = try rows.indices.map { (k: Int) throws(SizingError) in try rowLength(heights[k], rows[k]) }
                store(lengths, at: rows[...])
            }
        }
        try measureInBlocks(dropped)
        if estimateFollowsMedian { rebuildMeasuredHeights() }
    }
}
