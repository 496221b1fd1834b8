import YardstickLayout
import YardstickOffsets
import YardstickTemplates

/// What a renderer draws for a stretch of a table: its section headers, rows and footers from
/// top to bottom, each with its cells laid out as they were measured. Points; y from the top of
/// the stretch.
///
/// Made by `TableLayout.drawing(rows:)` in O(rows drawn + sections met + log n).
package struct TableDrawing: Sendable {
    package enum Part: Sendable, Equatable {
        /// A section's header or footer: a grid's column titles, a template, or an empty band.
        case header(section: Int), footer(section: Int)
        /// A row: its section and row, and its index in the whole table.
        case row(RowPosition, index: Int)
    }
    /// One cell of a part: where it sits across the part, and what it shows.
    package struct Cell: Sendable {
        package var x: Double
        package var width: Double
        package var content: CellDrawing
    }
    package struct Item: Sendable {
        package var part: Part
        package var top: Double
        package var height: Double
        package var cells: [Cell]
        /// True for a grid's column titles (drawn as SwiftDataTables' header bar).
        package var isColumnTitles = false
    }
    package var width: Double
    package var height: Double
    /// Whether the table is a grid (columns with lines between them).
    package var isGrid: Bool
    package var items: [Item]
}

extension TableLayout {
    /// The number of rows in all sections.
    package var totalRowCount: Int { plan.sections.reduce(0) { $0 + $1.rows.count } }

    /// Rows `range` (indices over all sections, in table order) measured where they are still
    /// estimated, with the headers and footers of their sections.
    package mutating func measure(rows range: ClosedRange<Int>) throws(SizingError) {
        let positions = Self.positions(range, counts: rowCounts)
        try measureInBlocks(positions.filter { handles[$0.section][$0.row] == Self.estimated || handles[$0.section][$0.row] == Self.provisional })
        if let first = positions.first, let last = positions.last { try fitEstimatedParts(of: first.section..<last.section + 1) }
    }

    static func positions(_ range: ClosedRange<Int>, counts: [Int]) -> [RowPosition] {
        var result: [RowPosition] = []
        var start = 0
        for (s, n) in counts.enumerated() {
            defer { start += n }
            let lo = max(range.lowerBound, start), hi = min(range.upperBound, start + n - 1)
            guard lo <= hi else { continue }
            for r in lo...hi { result.append(RowPosition(section: s, row: r - start)) }
        }
        return result
    }

    /// Rows `range` as a renderer draws them (measured first with `measure(rows:)`): the
    /// header of the first row's section sits above it and the footer of the last row's section
    /// below the last, as floating headers and footers do in a viewport showing just those rows.
    /// - Parameter checksHeights: a measured row whose texts, read again, give another height
    ///   (a source's row changed without the table being told) is an error, not a drawing that
    ///   disagrees with the row's height.
    package func drawing(rows range: ClosedRange<Int>, checksHeights: Bool = false) throws(SizingError) -> TableDrawing {
        let positions = Self.positions(range, counts: rowCounts)
        let width = plan.sectionWidth
        var items: [TableDrawing.Item] = []
        let spacing = interRowSpacing.points
        // A grid's column titles, for its header and footer bars.
        let titles = plan.gridColumns == nil ? [] : plan.rowCells[0].engine.prepare(plan.columnNames, style: .bold, threads: 1)
        var index = range.lowerBound
        var k = 0
        while k < positions.count {
            let s = positions[k].section
            var end = k
            while end < positions.count && positions[end].section == s { end += 1 }
            let first = positions[k], last = positions[end - 1]
            let headerFrame = try! offsets.headerFrame(ofSection: s)
            let firstTop = try! offsets.offset(of: first).points
            // A header not just above the row stays just above it (floating).
            if headerFrame.height.units > 0 {
                items.append(try part(.header(section: s), top: firstTop - headerFrame.height.points, height: headerFrame.height.points, titles: titles))
            }
            let rows = plan.rowCells[plan.sections[s].rowCellsIndex]
            // (A table over a data source reads the models from it.)
            var models: [Row] = []
            for p in positions[k..<end] { models.append(try source?(p) ?? plan.sections[s].rows[p.row]) }
            let prepared = rows.prepare(count: end - k, threads: threads) { models[$0] }
            var scratch = checksHeights ? rows.geometry.makeScratch() : []
            for j in k..<end {
                let p = positions[j]
                if checksHeights, handles[p.section][p.row] != Self.known {
                    let now = prepared.withRow(j - k) { rows.geometry.height(texts: $0, scratch: &scratch) }
                    let stored = try! offsets.height(of: p) // (spacing included, as rowLength's)
                    guard try rowLength(now, p) == stored else {
                        throw SizingError(path: "", .notApplicable("row \(p.row) changed since it was measured (its texts now give \(now) pt, not \(stored.points - spacing)): reload it first"))
                    }
                }
                let top = try! offsets.offset(of: p).points
                let height = try! offsets.height(of: p).points - spacing
                let cells = prepared.withRow(j - k) { rows.drawing(models[j - k], texts: $0, height: height) }
                items.append(TableDrawing.Item(part: .row(p, index: index), top: top, height: height, cells: cells))
                index += 1
            }
            let footerFrame = try! offsets.footerFrame(ofSection: s)
            if footerFrame.height.units > 0 {
                let bottom = try! offsets.offset(of: last).points + (try! offsets.height(of: last).points)
                items.append(try part(.footer(section: s), top: bottom, height: footerFrame.height.points, titles: titles))
            }
            k = end
        }
        // Sections follow one another without gaps in the drawing: the rows skipped between
        // two drawn sections are not shown.
        var y = 0.0
        for i in items.indices {
            let next = i + 1 < items.count ? items[i + 1].top - items[i].top : items[i].height
            items[i].top = y
            y += next
            if case .row = items[i].part { y = max(y, items[i].top + items[i].height) }
        }
        if let lastItem = items.last { y = lastItem.top + lastItem.height }
        return TableDrawing(width: width, height: y, isGrid: plan.gridColumns != nil, items: items)
    }

    /// Section `s`'s header or footer as drawn where it sits in the table (nil: it has none).
    package func drawing(header: Bool, section s: Int) throws(SizingError) -> TableDrawing.Item? {
        let frame = header ? try! offsets.headerFrame(ofSection: s) : try! offsets.footerFrame(ofSection: s)
        guard frame.height.units > 0 else { return nil }
        let titles = plan.gridColumns == nil ? [] : plan.rowCells[0].engine.prepare(plan.columnNames, style: .bold, threads: 1)
        return try part(header ? .header(section: s) : .footer(section: s), top: frame.top.points, height: frame.height.points, titles: titles)
    }

    /// A section's header or footer: its template fitted at the table's width, a grid's column
    /// titles, or an empty band.
    private func part(_ part: TableDrawing.Part, top: Double, height: Double, titles: [PreparedText]) throws(SizingError) -> TableDrawing.Item {
        let s: Int, dimension: SectionDimension, fit: SectionFit?
        switch part {
        case .header(let section): s = section; dimension = plan.sections[s].header; fit = plan.sections[s].headerFit
        case .footer(let section): s = section; dimension = plan.sections[s].footer; fit = plan.sections[s].footerFit
        case .row: preconditionFailure("a row is not a section part")
        }
        if case .template = dimension, let fit {
            let content = fit.texts.withRow(0) { fit.sizer.layout.drawing(width: plan.sectionWidth, texts: $0) }
            return TableDrawing.Item(part: part, top: top, height: height, cells: [TableDrawing.Cell(x: 0, width: plan.sectionWidth, content: content)])
        }
        guard plan.gridColumns != nil else { return TableDrawing.Item(part: part, top: top, height: height, cells: []) }
        // SwiftDataTables' header bar: each column's title in bold, 15 pt in, centered vertically,
        // on one line (30 pt stay free for the sort indicator).
        let geometry = plan.rowCells[0].geometry
        var bold = geometry.dataCellAttributes
        bold.fontStyle = .bold
        bold.lineBreakMode = .singleLine
        var x = 0.0
        var cells: [TableDrawing.Cell] = []
        for (i, cell) in plan.rowCells[0].cells.enumerated() {
            let w = cell.width
            let rect = CellDrawing.Rect(x: 15, y: 0, width: max(w - 45, 1), height: height)
            let text = CellDrawing.Text(rect: rect, layout: titles[i].layout(width: rect.width, attributes: bold), string: plan.columnNames[i])
            cells.append(TableDrawing.Cell(x: x, width: w, content: CellDrawing(height: height, texts: [text])))
            x += w
        }
        var item = TableDrawing.Item(part: part, top: top, height: height, cells: cells)
        item.isColumnTitles = true
        return item
    }
}

extension RowCells {
    /// A row's cells as drawn at the row's `height`: the default cell's label 15 pt in and 5 pt
    /// down (on one line, truncated, unless the grid wraps), a template's elements where its fit
    /// puts them.
    func drawing(_ row: Row, texts: UnsafeBufferPointer<PreparedText?>, height: Double) -> [TableDrawing.Cell] {
        var x = 0.0
        var result: [TableDrawing.Cell] = []
        for (c, cell) in cells.enumerated() {
            switch cell {
            case .dataCell(let read, let width, let wraps):
                var content = CellDrawing(height: height)
                let rect = CellDrawing.Rect(x: 15, y: 5, width: max(width - 30, 20), height: max(height - 10, 0))
                var attributes = geometry.dataCellAttributes
                let text: PreparedText?
                if wraps {
                    text = texts[geometry.slotStarts[c]]
                } else {
                    attributes.lineBreakMode = .singleLine
                    text = read(row).flatMap { $0.isEmpty ? nil : engine.prepare($0) }
                }
                if let text {
                    content.texts.append(CellDrawing.Text(rect: rect, layout: text.layout(width: rect.width, attributes: attributes), string: read(row)))
                }
                result.append(TableDrawing.Cell(x: x, width: width, content: content))
                x += width
            case .template(let sizer, let width, _, _):
                let start = geometry.slotStarts[c]
                let own = UnsafeBufferPointer(rebasing: texts[start..<start + sizer.layout.slots.count])
                var content = sizer.layout.drawing(width: width, texts: own)
                for k in content.texts.indices where content.texts[k].slot >= 0 {
                    content.texts[k].string = slotReaders[start + content.texts[k].slot].read(row)
                }
                result.append(TableDrawing.Cell(x: x, width: width, content: content))
                x += width
            }
        }
        return result
    }
}
