import Testing
@testable import YardstickOffsets
import YardstickTestSupport

/// Thousands of seeded random operation sequences run against both the cache and ``TableModel``;
/// after every operation the stored items, tree invariants, totals and anchor must agree, and
/// random queries (offsets, frames, item at y, anchors, restore, viewport) must give the same
/// answers. Most sequences use tiny leaves and nodes so splits, merges and refills happen
/// constantly.
@Suite struct RandomizedDifferentialTests {
    static let batches = 8
    static let sequencesPerBatch = 250

    @Test(arguments: 0..<RandomizedDifferentialTests.batches)
    func randomOperationSequencesMatchTheModel(batch: Int) {
        for index in 0..<RandomizedDifferentialTests.sequencesPerBatch {
            let seed = UInt64(batch * 100_000 + index)
            do {
                try runSequence(seed: seed)
            } catch let mismatch as Mismatch {
                Issue.record("seed \(seed): \(mismatch.message)")
                return
            } catch {
                Issue.record("seed \(seed): unexpected \(error)")
                return
            }
        }
    }

    struct Mismatch: Error { var message: String }

    func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(Mismatch) {
        if !condition { throw Mismatch(message: message()) }
    }

    func runSequence(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let small = rng.chance(85)
        // Small capacities make splits and merges constant; 17 and 40 also exercise the leaf block index.
        let leafCapacity = small ? [4, 5, 8, 17, 40][rng.int(0...4)] : ItemTree.defaultLeafCapacity
        let fanout = small ? 8 : ItemTree.defaultFanout
        let estimate = [0, 64, 100, rng.int(1...3000)][rng.int(0...3)]
        var model = TableModel(estimate: estimate)
        var layouts = [RowOffsetCache.SectionLayout]()
        for _ in 0..<rng.int(0...5) {
            let section = randomSection(&rng, maxRows: small ? 40 : 300, valid: true)
            model.sections.append(section.model)
            layouts.append(section.layout)
        }
        var cache = try RowOffsetCache(sections: layouts, estimatedRowHeight: .units(Int64(estimate)),
                                       leafCapacity: leafCapacity, fanout: fanout)
        try verify(cache, model, &rng, step: -1)
        let steps = rng.int(20...45)
        for step in 0..<steps {
            let description = try applyRandomOperation(&cache, &model, &rng)
            do {
                try verify(cache, model, &rng, step: step)
            } catch let mismatch as Mismatch {
                throw Mismatch(message: "after step \(step) (\(description)): \(mismatch.message)")
            }
        }
    }

    // MARK: - Random inputs

    func randomHeight(_ rng: inout SplitMix64, allowInvalid: Bool = true) -> Int {
        let roll = rng.int(0...99)
        if roll < 15 { return 0 }
        if roll < 18 { return TableModel.maximumHeight }
        if allowInvalid && roll < 21 { return rng.chance(50) ? -rng.int(1...100) : TableModel.maximumHeight + 1 }
        return rng.int(1...3000)
    }

    func randomSection(_ rng: inout SplitMix64, maxRows: Int, valid: Bool) -> (model: TableModel.Section, layout: RowOffsetCache.SectionLayout) {
        let header = rng.chance(40) ? 0 : randomHeight(&rng, allowInvalid: !valid)
        let footer = rng.chance(50) ? 0 : randomHeight(&rng, allowInvalid: !valid)
        let count = rng.chance(20) ? 0 : rng.int(0...maxRows)
        if rng.chance(50) {
            return (TableModel.Section(header: header, footer: footer, rows: Array(repeating: nil, count: count)),
                    RowOffsetCache.SectionLayout(estimatedRowCount: count, headerHeight: .units(Int64(header)), footerHeight: .units(Int64(footer))))
        }
        let heights = (0..<count).map { _ in randomHeight(&rng, allowInvalid: !valid && rng.chance(5)) }
        return (TableModel.Section(header: header, footer: footer, rows: heights),
                RowOffsetCache.SectionLayout(measuredRowHeights: heights.map { .units(Int64($0)) }, headerHeight: .units(Int64(header)), footerHeight: .units(Int64(footer))))
    }

    /// A row position that is usually valid, sometimes just out of range.
    func randomPosition(_ model: TableModel, _ rng: inout SplitMix64, forInsert: Bool = false) -> RowPosition {
        if model.sections.isEmpty || rng.chance(4) {
            return RowPosition(section: rng.int(-1...model.sections.count), row: rng.int(-1...3))
        }
        let section = rng.int(0...(model.sections.count - 1))
        let rows = model.sections[section].rows.count
        let row = rng.chance(5) ? [-1, rows, rows + 1][rng.int(0...2)] : rng.int(0...max(0, forInsert ? rows : rows - 1))
        return RowPosition(section: section, row: row)
    }

    func randomRowRange(_ model: TableModel, _ rng: inout SplitMix64) -> (section: Int, rows: Range<Int>) {
        if model.sections.isEmpty || rng.chance(4) {
            let lower = rng.int(-1...2)
            return (rng.int(-1...model.sections.count), lower..<(lower + rng.int(0...3)))
        }
        let section = rng.int(0...(model.sections.count - 1))
        let rows = model.sections[section].rows.count
        if rng.chance(10) { return (section, 0..<rows) }
        let lower = rng.int(0...rows)
        let upper = min(rows + (rng.chance(5) ? 1 : 0), lower + rng.int(0...max(0, rng.chance(20) ? rows : 6)))
        return (section, lower..<upper)
    }

    /// A y that is often exactly on an item boundary, sometimes outside the table.
    func randomY(_ layout: TableModel.Layout, _ rng: inout SplitMix64) -> Int {
        let items = layout.items
        let total = layout.total
        switch rng.int(0...4) {
        case 0: return rng.int(-20...(total + 20))
        case 1, 2:
            guard let item = items.randomElement(using: &rng) else { return rng.int(-5...5) }
            return item.top + [-1, 0, max(0, item.height - 1), item.height][rng.int(0...3)]
        case 3: return [0, total, total - 1, -1][rng.int(0...3)]
        default: return rng.int(0...max(0, total))
        }
    }

    // MARK: - Operations

    func attempt(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return true
        } catch {
            return false
        }
    }

    func applyRandomOperation(_ cache: inout RowOffsetCache, _ model: inout TableModel, _ rng: inout SplitMix64) throws -> String {
        let operation = rng.int(0...13)
        switch operation {
        case 0, 1:
            let position = randomPosition(model, &rng)
            let height = randomHeight(&rng)
            let expected = model.isRow(position) && TableModel.isValidHeight(height)
            if expected { model.sections[position.section].rows[position.row] = height }
            let ok = attempt { try cache.setHeight(.units(Int64(height)), of: position) }
            try check(ok == expected, "setHeight validity \(ok) vs \(expected)")
            return "set \(position) \(height)"
        case 2:
            let (section, rows) = randomRowRange(model, &rng)
            let heights = rows.map { _ in randomHeight(&rng, allowInvalid: rng.chance(10)) }
            let expected = section >= 0 && section < model.sections.count && rows.lowerBound >= 0
                && rows.upperBound <= model.sections[section].rows.count && heights.allSatisfy(TableModel.isValidHeight)
            if expected { for (offset, height) in heights.enumerated() { model.sections[section].rows[rows.lowerBound + offset] = height } }
            let ok = attempt { try cache.setHeights(heights.map { .units(Int64($0)) }, startingAt: RowPosition(section: section, row: rows.lowerBound)) }
            try check(ok == expected, "setHeights validity \(ok) vs \(expected)")
            return "setHeights \(section) \(rows)"
        case 3:
            let position = randomPosition(model, &rng)
            let expected = model.isRow(position)
            if expected { model.sections[position.section].rows[position.row] = nil }
            let ok = attempt { try cache.invalidateHeight(of: position) }
            try check(ok == expected, "invalidate validity")
            return "invalidate \(position)"
        case 4:
            let (section, rows) = randomRowRange(model, &rng)
            let expected = section >= 0 && section < model.sections.count && rows.lowerBound >= 0 && rows.upperBound <= model.sections[section].rows.count
            if expected { for row in rows { model.sections[section].rows[row] = nil } }
            let ok = attempt { try cache.invalidateHeights(ofRows: rows, inSection: section) }
            try check(ok == expected, "invalidateHeights validity")
            return "invalidateRange \(section) \(rows)"
        case 5:
            let estimate = rng.chance(20) ? 0 : randomHeight(&rng)
            let expected = TableModel.isValidHeight(estimate)
            if expected { model.estimate = estimate }
            let ok = attempt { try cache.setEstimatedRowHeight(.units(Int64(estimate))) }
            try check(ok == expected, "estimate validity")
            return "estimate \(estimate)"
        case 6:
            let section = model.sections.isEmpty ? rng.int(-1...1) : rng.int(-1...model.sections.count)
            let height = randomHeight(&rng)
            let header = rng.chance(50)
            let expected = section >= 0 && section < model.sections.count && TableModel.isValidHeight(height)
            if expected {
                if header { model.sections[section].header = height } else { model.sections[section].footer = height }
            }
            let ok = attempt {
                if header { try cache.setHeaderHeight(.units(Int64(height)), ofSection: section) } else { try cache.setFooterHeight(.units(Int64(height)), ofSection: section) }
            }
            try check(ok == expected, "header/footer validity")
            return "\(header ? "header" : "footer") \(section) \(height)"
        case 7, 8:
            let position = randomPosition(model, &rng, forInsert: true)
            let count = rng.chance(10) ? rng.int(20...200) : rng.int(0...6)
            let mode = rng.int(0...2)
            let height = randomHeight(&rng)
            let heights: [Int?]
            let ok: Bool
            switch mode {
            case 0:
                heights = Array(repeating: nil, count: count)
                ok = attempt { try cache.insertRows(at: position, count: count) }
            case 1:
                heights = Array(repeating: height, count: count)
                ok = attempt { try cache.insertRows(at: position, count: count, height: .units(Int64(height))) }
            default:
                let list = (0..<count).map { _ in randomHeight(&rng, allowInvalid: rng.chance(10)) }
                heights = list
                ok = attempt { try cache.insertRows(at: position, measuredHeights: list.map { .units(Int64($0)) }) }
            }
            // The cache checks the single height even when inserting zero rows.
            let expected = (mode != 1 || TableModel.isValidHeight(height))
                && model.insertRows(section: position.section, row: position.row, heights: heights)
            try check(ok == expected, "insert validity \(ok) vs \(expected)")
            return "insert \(position) ×\(count) mode \(mode)"
        case 9, 10:
            let (section, rows) = randomRowRange(model, &rng)
            let ok = attempt { try cache.deleteRows(rows, inSection: section) }
            let expected = model.deleteRows(section: section, rows: rows)
            try check(ok == expected, "delete validity")
            return "delete \(section) \(rows)"
        case 11:
            let source = randomPosition(model, &rng)
            let destination = randomPosition(model, &rng, forInsert: true)
            let ok = attempt { try cache.moveRow(from: source, to: destination) }
            let expected = model.moveRow(from: source, to: destination)
            try check(ok == expected, "move validity")
            return "move \(source) → \(destination)"
        case 12:
            if rng.chance(50) {
                let index = rng.int(-1...(model.sections.count + 1))
                let made = (0..<rng.int(0...3)).map { _ in randomSection(&rng, maxRows: 30, valid: rng.chance(90)) }
                let ok = attempt { try cache.insertSections(made.map(\.layout), at: index) }
                let expected = model.insertSections(made.map(\.model), at: index)
                try check(ok == expected, "insertSections validity")
                return "insertSections at \(index) ×\(made.count)"
            } else {
                let lower = rng.int(-1...model.sections.count)
                let range = lower..<(lower + rng.int(0...2))
                let ok = attempt { try cache.deleteSections(range) }
                let expected = model.deleteSections(range)
                try check(ok == expected, "deleteSections validity")
                return "deleteSections \(range)"
            }
        default:
            if rng.chance(10) {
                cache.clearScrollAnchor()
                model.anchor = nil
                return "clear anchor"
            }
            let y = randomY(model.layout, &rng)
            let captured = cache.captureScrollAnchor(viewportTop: .units(Int64(y)))
            model.anchor = model.anchor(at: y)
            try check(captured == cache.scrollAnchor, "capture result differs from the stored anchor")
            return "anchor \(y)"
        }
    }

    // MARK: - Verification

    func verify(_ cache: RowOffsetCache, _ model: TableModel, _ rng: inout SplitMix64, step: Int) throws {
        let layout = model.layout
        let codes = cache.tree.allCodes()
        try check(codes == model.codes, "items differ")
        let violations = cache.consistencyViolations()
        try check(violations.isEmpty, "invariants: \(violations.prefix(3))")
        try check(cache.totalHeight.units == Int64(layout.total), "total")
        try check(cache.sectionCount == model.sections.count, "section count")
        try check(cache.rowCount == model.rowCount, "row count")
        try check(cache.estimatedRowHeight.units == Int64(model.estimate), "estimate")
        let anchor = cache.scrollAnchor.map { TableModel.Anchor(row: $0.row, delta: Int($0.delta.units), captured: Int($0.capturedViewportTop.units)) }
        try check(anchor == model.anchor, "anchor \(String(describing: anchor)) vs \(String(describing: model.anchor))")

        let rowItems = layout.rows
        for _ in 0..<2 {
            if let item = rowItems.randomElement(using: &rng) {
                let position = RowPosition(section: item.section, row: item.row)
                let frame = try cache.frame(of: position)
                try check(frame == RowOffsetCache.VerticalSpan(top: .units(Int64(item.top)), height: .units(Int64(item.height))), "frame of \(position)")
                try check(try cache.offset(of: position).units == Int64(item.top), "offset of \(position)")
                try check(try cache.isMeasured(position) == !item.estimated, "isMeasured")
                try check(try cache.rowCount(inSection: item.section) == model.sections[item.section].rows.count, "rowCount(inSection:)")
            }
            if !model.sections.isEmpty {
                let section = rng.int(0...(model.sections.count - 1))
                let header = layout.header(section)
                let footer = layout.footer(section)
                try check(try cache.headerFrame(ofSection: section) == RowOffsetCache.VerticalSpan(top: .units(Int64(header.top)), height: .units(Int64(header.height))), "header frame")
                try check(try cache.footerFrame(ofSection: section) == RowOffsetCache.VerticalSpan(top: .units(Int64(footer.top)), height: .units(Int64(footer.height))), "footer frame")
            }
            let y = randomY(layout, &rng)
            try check(cache.item(at: .units(Int64(y))) == layout.item(at: y), "item at \(y)")
            let expectedAnchor = layout.anchor(at: y)
            let actualAnchor = cache.scrollAnchor(atViewportTop: .units(Int64(y)))
            try check(actualAnchor?.row == expectedAnchor?.row && actualAnchor.map { Int($0.delta.units) } == expectedAnchor?.delta,
                      "anchor at \(y): \(String(describing: actualAnchor)) vs \(String(describing: expectedAnchor))")
            let viewportHeight = rng.int(0...max(1, layout.total + 50))
            if let expected = model.restore(viewportHeight: viewportHeight, total: layout.total) {
                try check(try cache.restoredContentOffset(viewportHeight: .units(Int64(viewportHeight))).units == Int64(expected), "restore \(viewportHeight)")
            } else {
                try check((try? cache.restoredContentOffset(viewportHeight: .units(Int64(viewportHeight)))) == nil, "restore without anchor")
            }
            let lower = randomY(layout, &rng)
            let upper = lower + (rng.chance(10) ? 0 : rng.int(1...400))
            let prefetch = rng.int(0...5)
            let viewport = Range(uncheckedBounds: (LayoutLength.units(Int64(lower)), LayoutLength.units(Int64(upper))))
            let rows = try cache.viewportRows(meeting: viewport, prefetch: prefetch)
            let expectedRows = layout.viewport(lower: lower, upper: upper, prefetch: prefetch)
            try check(rows == expectedRows, "viewport \(lower)..<\(upper) p\(prefetch): \(String(describing: rows)) vs \(String(describing: expectedRows))")
            try check(cache.rows(meeting: viewport) == expectedRows.map { $0.first...$0.last }, "rows(meeting:)")
            if rng.chance(20) {
                try check(try cache.unmeasuredRows(meeting: viewport, prefetch: prefetch) == layout.unmeasuredRows(lower: lower, upper: upper, prefetch: prefetch), "unmeasuredRows")
            }
        }
    }
}
