@testable import YardstickOffsets

/// The plain reference the cache is checked against: arrays of sections and rows, every query
/// answered by walking everything (O(n)), written straight from the wording.
struct TableModel {
    struct Section {
        var header: Int
        var footer: Int
        /// nil = estimated.
        var rows: [Int?]
    }

    struct Anchor: Equatable {
        var row: RowPosition?
        var delta: Int
        var captured: Int
    }

    enum ItemKind { case header, row, footer }

    struct Item {
        var kind: ItemKind
        var section: Int
        var row: Int
        var top: Int
        var height: Int
        var estimated: Bool
    }

    var sections: [Section] = []
    var estimate: Int
    var anchor: Anchor?

    init(estimate: Int) { self.estimate = estimate }

    static let maximumHeight = Int(RowOffsetCache.maximumHeight.units)

    static func isValidHeight(_ height: Int) -> Bool { height >= 0 && height <= maximumHeight }

    /// Every item in table order with its geometry.
    var items: [Item] {
        var result = [Item]()
        result.reserveCapacity(rowCount + 2 * sections.count)
        var top = 0
        for index in 0..<sections.count {
            let section = sections[index]
            result.append(Item(kind: .header, section: index, row: -1, top: top, height: section.header, estimated: false))
            top += section.header
            let rows = section.rows
            for row in 0..<rows.count {
                let height = rows[row] ?? estimate
                result.append(Item(kind: .row, section: index, row: row, top: top, height: height, estimated: rows[row] == nil))
                top += height
            }
            result.append(Item(kind: .footer, section: index, row: -1, top: top, height: section.footer, estimated: false))
            top += section.footer
        }
        return result
    }

    /// The codes the tree should hold, in order.
    var codes: [UInt32] {
        var result = [UInt32]()
        for section in sections {
            result.append(ItemCode.header(section.header))
            for height in section.rows { result.append(height.map { ItemCode.measuredRow($0) } ?? ItemCode.estimatedRow) }
            result.append(ItemCode.footer(section.footer))
        }
        return result
    }

    var total: Int { layout.total }

    var rowCount: Int {
        var count = 0
        for section in sections { count += section.rows.count }
        return count
    }

    func isRow(_ position: RowPosition) -> Bool {
        position.section >= 0 && position.section < sections.count && position.row >= 0 && position.row < sections[position.section].rows.count
    }

    /// The top of a row, summed directly from the arrays.
    func offset(_ position: RowPosition) -> Int {
        var top = 0
        for section in 0..<position.section {
            top += sections[section].header + sections[section].footer
            for height in sections[section].rows { top += height ?? estimate }
        }
        top += sections[position.section].header
        for height in sections[position.section].rows[..<position.row] { top += height ?? estimate }
        return top
    }

    func restore(viewportHeight: Int, total: Int) -> Int? {
        guard let anchor else { return nil }
        let target: Int
        if let row = anchor.row { target = offset(row) + anchor.delta } else { target = anchor.captured }
        return min(max(target, 0), max(0, total - viewportHeight))
    }

    func anchor(at y: Int) -> Anchor? { layout.anchor(at: y) }

    /// The whole table laid out once, for answering many queries by plain scans.
    var layout: Layout { Layout(items: items) }

    struct Layout {
        let items: [Item]
        let rows: [Item]
        let total: Int
        /// Index in `items` of each section's header; its footer sits just before the next header.
        let headerIndices: [Int]

        init(items: [Item]) {
            self.items = items
            var rows = [Item]()
            var headerIndices = [Int]()
            for index in 0..<items.count {
                if items[index].kind == .row { rows.append(items[index]) }
                if items[index].kind == .header { headerIndices.append(index) }
            }
            self.rows = rows
            self.headerIndices = headerIndices
            total = items.last.map { $0.top + $0.height } ?? 0
        }

        func header(_ section: Int) -> Item { items[headerIndices[section]] }

        func footer(_ section: Int) -> Item {
            items[section + 1 < headerIndices.count ? headerIndices[section + 1] - 1 : items.count - 1]
        }

        func item(at y: Int) -> RowOffsetCache.TableItem? {
            for item in items where item.top <= y && y < item.top + item.height {
                switch item.kind {
                case .header: return .header(section: item.section)
                case .footer: return .footer(section: item.section)
                case .row: return .row(RowPosition(section: item.section, row: item.row))
                }
            }
            return nil
        }

        func anchor(at y: Int) -> Anchor? {
            for row in rows where row.height > 0 && row.top + row.height > y {
                return Anchor(row: RowPosition(section: row.section, row: row.row), delta: y - row.top, captured: y)
            }
            return nil
        }

        /// Indices into `rows` of the first and last rows of non-zero height meeting [lower, upper).
        func meeting(lower: Int, upper: Int) -> (Int, Int)? {
            var first = -1, last = -1
            for index in rows.indices {
                let row = rows[index]
                if row.height > 0 && row.top < upper && row.top + row.height > lower {
                    if first < 0 { first = index }
                    last = index
                }
            }
            return first < 0 ? nil : (first, last)
        }

        func viewport(lower: Int, upper: Int, prefetch: Int) -> RowOffsetCache.ViewportRows? {
            guard let (first, last) = meeting(lower: lower, upper: upper) else { return nil }
            var unmeasured = 0
            for index in max(0, first - prefetch)...min(rows.count - 1, last + prefetch) where rows[index].estimated { unmeasured += 1 }
            return RowOffsetCache.ViewportRows(first: RowPosition(section: rows[first].section, row: rows[first].row),
                                last: RowPosition(section: rows[last].section, row: rows[last].row),
                                unmeasuredRowCount: unmeasured)
        }

        func unmeasuredRows(lower: Int, upper: Int, prefetch: Int) -> [RowPosition] {
            guard let (first, last) = meeting(lower: lower, upper: upper) else { return [] }
            var result = [RowPosition]()
            for index in max(0, first - prefetch)...min(rows.count - 1, last + prefetch) where rows[index].estimated {
                result.append(RowPosition(section: rows[index].section, row: rows[index].row))
            }
            return result
        }
    }

    // MARK: - Mutations (each returns false, changing nothing, when the cache must refuse)

    mutating func insertRows(section: Int, row: Int, heights: [Int?]) -> Bool {
        guard section >= 0 && section < sections.count, row >= 0 && row <= sections[section].rows.count,
              heights.allSatisfy({ $0.map(TableModel.isValidHeight) ?? true }) else { return false }
        sections[section].rows.insert(contentsOf: heights, at: row)
        if var anchor, let anchorRow = anchor.row, anchorRow.section == section, anchorRow.row >= row {
            anchor.row = RowPosition(section: section, row: anchorRow.row + heights.count)
            self.anchor = anchor
        }
        return true
    }

    mutating func deleteRows(section: Int, rows: Range<Int>) -> Bool {
        guard section >= 0 && section < sections.count, rows.lowerBound >= 0 && rows.upperBound <= sections[section].rows.count else { return false }
        sections[section].rows.removeSubrange(rows)
        if !rows.isEmpty, var anchor, let anchorRow = anchor.row, anchorRow.section == section {
            let remaining = sections[section].rows.count
            if anchorRow.row >= rows.upperBound {
                anchor.row = RowPosition(section: section, row: anchorRow.row - rows.count)
            } else if anchorRow.row >= rows.lowerBound {
                anchor.row = remaining == 0 ? nil : RowPosition(section: section, row: min(rows.lowerBound, remaining - 1))
            }
            self.anchor = anchor
        }
        return true
    }

    mutating func moveRow(from source: RowPosition, to destination: RowPosition) -> Bool {
        guard isRow(source), destination.section >= 0 && destination.section < sections.count else { return false }
        let limit = sections[destination.section].rows.count - (destination.section == source.section ? 1 : 0)
        guard destination.row >= 0 && destination.row <= limit else { return false }
        let height = sections[source.section].rows.remove(at: source.row)
        sections[destination.section].rows.insert(height, at: destination.row)
        if var anchor, var row = anchor.row {
            if row == source {
                row = destination
            } else {
                if row.section == source.section && row.row > source.row { row.row -= 1 }
                if row.section == destination.section && row.row >= destination.row { row.row += 1 }
            }
            anchor.row = row
            self.anchor = anchor
        }
        return true
    }

    mutating func insertSections(_ new: [Section], at index: Int) -> Bool {
        guard index >= 0 && index <= sections.count,
              new.allSatisfy({ TableModel.isValidHeight($0.header) && TableModel.isValidHeight($0.footer) && $0.rows.allSatisfy { $0.map(TableModel.isValidHeight) ?? true } })
        else { return false }
        sections.insert(contentsOf: new, at: index)
        if var anchor, let row = anchor.row, row.section >= index {
            anchor.row = RowPosition(section: row.section + new.count, row: row.row)
            self.anchor = anchor
        }
        return true
    }

    mutating func deleteSections(_ range: Range<Int>) -> Bool {
        guard range.lowerBound >= 0 && range.upperBound <= sections.count else { return false }
        sections.removeSubrange(range)
        if !range.isEmpty, var anchor, let row = anchor.row, row.section >= range.lowerBound {
            anchor.row = row.section < range.upperBound ? nil : RowPosition(section: row.section - range.count, row: row.row)
            self.anchor = anchor
        }
        return true
    }
}
