// Fitting a compiled constraint cell: a row's width and texts suggested, texts measured at the
// widths they get, until the widths settle (UIKit's systemLayoutSizeFitting).
extension ConstraintCell {
    /// Fits the cell at `width`, as `systemLayoutSizeFitting` with wrapping labels: each text's
    /// natural (one-line) width is suggested, the layout solved, each text measured at the width
    /// it got, its height and baselines suggested, and solved again, while a text's width
    /// changes (at most `passes` times). Returns the content view's height.
    /// - Parameters:
    ///   - naturalWidth: a text's one-line width, by view index (`views`).
    ///   - measure: a text's size at a width, by view index.
    package mutating func fit(width: Double, naturalWidth: (Int) -> Double, measure: (Int, Double) -> TextSize,
                              passes: Int = 4) throws(ConstraintError) -> Double {
        let content = edges[0]
        return try settled(\.base, fittingWidth: width, naturalWidth: naturalWidth, measure: measure, passes: passes) {
            $0.value(of: content.bottom) - $0.value(of: content.top)
        }
    }

    /// The cell's compressed width (`UILayoutFittingCompressedSize`): the content view's width
    /// pulled toward 0 at the fitting level, each text at its natural width unless the rules
    /// make it narrower. What a column sized to its content, or a stack sharing its width,
    /// reads as the cell's natural width.
    package mutating func compressedWidth(naturalWidth: (Int) -> Double, measure: (Int, Double) -> TextSize,
                                          passes: Int = 4) throws(ConstraintError) -> Double {
        let content = edges[0]
        return try settled(\.compressed, fittingWidth: nil, naturalWidth: naturalWidth, measure: measure, passes: passes) {
            $0.value(of: content.right) - $0.value(of: content.left)
        }
    }

    /// Undoes the last row's changes to the compiled parts `which`, records this row's, settles
    /// it, and reads the result. The parts are taken out while in use (a swap, O(1)), as
    /// `settle` reads the rest of `self`.
    private mutating func settled(_ which: WritableKeyPath<ConstraintCell, ConstraintComponents>, fittingWidth width: Double?,
                                  naturalWidth: (Int) -> Double, measure: (Int, Double) -> TextSize, passes: Int,
                                  read: (ConstraintComponents) -> Double) throws(ConstraintError) -> Double {
        var parts = ConstraintComponents()
        swap(&parts, &self[keyPath: which])
        defer { swap(&parts, &self[keyPath: which]) }
        parts.rollback()
        parts.checkpoint()
        try settle(&parts, fittingWidth: width, naturalWidth: naturalWidth, measure: measure, passes: passes)
        return read(parts)
    }

    /// Suggests the fitting width and each text's natural width, solves, then measures each
    /// text at the width it got and suggests its height (and the baselines rules use), while a
    /// width changes (at most `passes` rounds of measuring). Each round is one batch of
    /// suggestions, re-optimised once.
    private mutating func settle(_ parts: inout ConstraintComponents, fittingWidth width: Double?, naturalWidth: (Int) -> Double, measure: (Int, Double) -> TextSize,
                                 passes: Int) throws(ConstraintError) {
        // Buffers kept from the last fit (taken out, so this allocates nothing per row).
        var (batch, measuredAt) = buffers
        buffers = ([], [])
        defer { buffers = (batch, measuredAt) }
        batch.removeAll(keepingCapacity: true)
        if let width { batch.append((fittingWidth, width)) }
        for k in textOrder { batch.append((textVariables[k]!.width, naturalWidth(k))) }
        try parts.suggest(batch)
        guard !textOrder.isEmpty else { return }
        let squeezed = shareGroups.isEmpty ? [] : try shareTiedSpace(&parts, naturals: batch)
        measuredAt.removeAll(keepingCapacity: true)
        measuredAt.append(contentsOf: repeatElement(-1, count: views.count))
        try measureTexts(&parts, &batch, &measuredAt, measure: measure, passes: passes)
        guard !squeezed.isEmpty else { return }
        // Tied pairs balanced for the least height; kept only if the cell comes out shorter.
        let content = edges[0]
        let before = parts.value(of: content.bottom) - parts.value(of: content.top)
        let proportional = try balanceTiedPairs(&parts, squeezed, measure: measure)
        guard !proportional.isEmpty else { return }
        try measureTexts(&parts, &batch, &measuredAt, measure: measure, passes: passes)
        if parts.value(of: content.bottom) - parts.value(of: content.top) > before + 1e-9 {
            try parts.suggest(proportional)
            try measureTexts(&parts, &batch, &measuredAt, measure: measure, passes: passes)
        }
    }

    /// Measures each text at the width it got and suggests its height (and the baselines rules
    /// use), while a width changes (at most `passes` rounds), one batch a round.
    private func measureTexts(_ parts: inout ConstraintComponents, _ batch: inout [(Variable, Double)], _ measuredAt: inout [Double],
                              measure: (Int, Double) -> TextSize, passes: Int) throws(ConstraintError) {
        for _ in 0..<max(1, passes) {
            batch.removeAll(keepingCapacity: true)
            for k in textOrder {
                let e = edges[k], t = textVariables[k]!
                let w = parts.value(of: e.right) - parts.value(of: e.left)
                guard abs(w - measuredAt[k]) > 1e-9 else { continue }
                measuredAt[k] = w
                let size = measure(k, w)
                batch.append((t.height, size.height))
                if let first = t.first { batch.append((first, size.firstBaseline)) }
                if let last = t.last { batch.append((last, size.lastBaselineFromBottom)) }
            }
            if batch.isEmpty { break }
            try parts.suggest(batch)
        }
    }
}
