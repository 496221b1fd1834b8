import YardstickLayout
import YardstickOffsets
import YardstickTable
import YardstickTemplates

/// A table sized lazily as a config says, whose rows are read only when measured: from a CSV
/// file found as needed (`CSVFileIndex`), from a caller's source (the C interface's callback),
/// or, for configs that need every row first (sections grouped from a column, a height column),
/// held whole. The one driver of `measure --replay` and of the C interface's tables.
///
/// A file's table starts with the first piece's rows and estimated rows for the rest
/// (`CSVFileIndex.estimatedRowCount`). The first time a call needs a row past the first piece,
/// or edits the table, it waits for the index to be complete and corrects the row count
/// (anchored, at the end). So every answer depends only on the file and the calls before it,
/// never on how far the indexing thread has come.
///
/// Not thread-safe: one thread at a time (the source is called on it).
/// - Complexity: as `TableLayout`, plus 8 bytes a row of index for a file, and 8 more once rows
///   are inserted or deleted.
package struct LazyTable {
    package private(set) var table: TableLayout<TableData.Row>
    package let columns: [String]
    private let store: RowStore?

    /// Where rows come from.
    package enum Source {
        /// A CSV file, found as needed.
        case file(CSVFileIndex)
        /// Row i's fields, by the caller's position (its model changes as edits say).
        case rows(count: Int, row: (Int) throws -> [String])
    }

    /// The rows' reader for the table, and what edits change of it.
    private final class RowStore: @unchecked Sendable {
        let source: Source
        /// Per position: a record of the file (>= 0) or an edited row of `own` (-1 - index); nil
        /// while no position moved.
        var map: [Int]?
        var own: [TableData.Row] = []
        /// Whether the file's index is complete and the table has its row count.
        var reconciled: Bool
        /// Set when a row past the first piece was asked for before `reconciled`.
        var needsIndex = false
        /// Rows read last from the file, and where they start: the next rows in order come from
        /// one read (a pass over the table reads in blocks).
        var recent: (first: Int, rows: [TableData.Row]) = (0, [])
        /// The most rows read at once when rows are read in order.
        static let sequentialReadRows = 4096

        init(_ source: Source) {
            self.source = source
            // (Complete only if the first piece was the whole file: what the thread has done by
            // now must not change the answers.)
            if case .file(let index) = source { reconciled = index.completeAtOpen } else { reconciled = true }
        }

        func row(_ position: Int) throws(SizingError) -> TableData.Row {
            let ref = map?[position] ?? position
            if ref < 0 { return own[-1 - ref] }
            do {
                switch source {
                case .rows(_, let row): return TableData.Row(try row(ref))
                case .file(let index):
                    if !reconciled && ref >= index.firstPieceRows {
                        needsIndex = true
                        throw SizingError(path: "", .source("row \(ref) of \(index.path) is not indexed yet"))
                    }
                    if ref >= recent.first && ref < recent.first + recent.rows.count { return recent.rows[ref - recent.first] }
                    let sequential = ref == recent.first + recent.rows.count
                    let count = sequential ? min(max(recent.rows.count * 2, 64), Self.sequentialReadRows) : 64
                    let end = min(ref + count, reconciled ? index.readableRows : index.firstPieceRows)
                    recent = (ref, try index.rows(ref..<end))
                    return recent.rows[0]
                }
            } catch let error as SizingError {
                throw error
            } catch {
                throw SizingError(path: "", .source("\(error)"))
            }
        }
    }

    /// The table of `source` as `sizing` says, every row estimated (or known).
    /// - Throws: `ConfigError` for a config that does not fit the columns, `SizingError` for a
    ///   source that fails while a grid's widths read every row, `CommandError` for a file.
    package init(_ source: Source, columns: [String], sizing: SizingConfig, engine: TextEngine, threads: Int) throws {
        self.columns = columns
        let job = SizingJob(config: sizing, format: .csv, threads: threads)
        try job.checkColumnNames(TableData(columns: columns, rows: []))
        let store = RowStore(source)
        if case .file(let index) = source, sizing.list == nil, try ColumnWidthPass(columns: columns, configuration: sizing.grid, engine: engine, threads: threads).readsRows {
            _ = try index.waitUntilComplete() // the widths read every row
            store.reconciled = true
        }
        let count: Int
        switch source {
        case .rows(let n, _): count = n
        case .file(let index): count = store.reconciled ? index.readableRows : index.estimatedRowCount
        }
        let read: @Sendable (Int) throws(SizingError) -> TableData.Row = { i throws(SizingError) in try store.row(i) }
        do {
            if let list = sizing.list {
                table = try TableLayout.list(columns: columns, rowCount: count, configuration: list, engine: engine, threads: threads, row: read)
            } else {
                table = try TableLayout.grid(columns: columns, rowCount: count, configuration: sizing.grid, engine: engine, threads: threads, row: read)
            }
        } catch {
            throw error.path.isEmpty ? error : error.forConfig
        }
        table.estimateFollowsMedian = sizing.estimateFollowsMedian
        table.keptRowLimit = Self.keptRowLimit
        self.store = store
    }

    /// A table of rows held whole (configs that need every row first).
    package init(holding table: TableLayout<TableData.Row>, columns: [String]) {
        self.table = table
        self.columns = columns
        store = nil
    }

    /// The most measured rows whose prepared texts a table over a source keeps (re-layouts
    /// read the others again): memory does not grow with the rows scrolled through.
    package static let keptRowLimit = 20_000

    /// Whether `sizing` needs every row before anything is known, so a table of it holds its rows.
    package static func needsEveryRow(_ sizing: SizingConfig) -> Bool { sizing.grouping != nil || sizing.heightColumn != nil }

    /// Runs `body`; when it needed a row past a file's first piece, completes the index and runs
    /// it again (what the first run measured stays measured).
    private mutating func withIndex<T>(_ body: (inout TableLayout<TableData.Row>) throws(SizingError) -> T) throws -> T {
        do {
            return try body(&table)
        } catch {
            guard let store, store.needsIndex else { throw error }
            store.needsIndex = false
            try completeIndex()
            return try body(&table)
        }
    }

    /// Completes a file's index first when `p` is past the first piece (its row, its height,
    /// whether it exists depend on the whole index): what a call that addresses a row asks first.
    package mutating func completeIndex(before p: RowPosition) throws {
        guard let store, !store.reconciled, case .file(let index) = store.source, p.row >= index.firstPieceRows else { return }
        try completeIndex()
    }

    /// The row count: exact (a file's index is completed first).
    package mutating func exactRowCount() throws -> Int {
        try completeIndex()
        return table.rowCounts.first ?? 0
    }

    /// Whether a file's index is still to be completed (the table's count an estimate).
    package var indexPending: Bool { !(store?.reconciled ?? true) }

    /// Where a file's first piece ends in the table (the top of the first row past it), while
    /// the index is pending.
    package var firstPieceEnd: Double? {
        guard let store, !store.reconciled, case .file(let index) = store.source else { return nil }
        let rows = table.rowCounts.first ?? 0
        guard index.firstPieceRows < rows else { return nil }
        return try? table.offsets.offset(of: RowPosition(section: 0, row: index.firstPieceRows)).points
    }

    /// Why a file's index failed (the file is not CSV past its first piece, or could not be read).
    package var indexFailure: String? {
        if case .file(let index)? = store?.source { return index.failure }
        return nil
    }

    /// Waits for a file's index and gives the table its row count (anchored, at the end).
    /// - Throws: `IndexFailure` when the file is not CSV past its first piece, or changed.
    package mutating func completeIndex() throws {
        guard let store, !store.reconciled, case .file(let index) = store.source else { return }
        let count: Int
        do { count = try index.waitUntilComplete() } catch { throw IndexFailure(message: "\(error)") }
        store.reconciled = true
        let current = table.rowCounts.first ?? 0
        if count > current { try table.insertRows(count: count - current, at: RowPosition(section: 0, row: current)) }
        if count < current { try table.deleteRows(at: RowPosition(section: 0, row: count), count: current - count) }
    }

    /// Scrolls as `TableLayout.scroll` does; `measuredRowCount` counts a first try's rows too.
    package mutating func scroll(to y: Double, viewportHeight: Double) throws -> ScrollResult {
        let before = table.measuredRowCount
        do {
            return try table.scroll(to: y, viewportHeight: viewportHeight)
        } catch {
            guard let store, store.needsIndex else { throw error }
            store.needsIndex = false
            let firstTry = table.measuredRowCount - before
            try completeIndex()
            var result = try table.scroll(to: y, viewportHeight: viewportHeight)
            result.measuredRowCount += firstTry
            return result
        }
    }

    /// A row's model now.
    package mutating func model(at p: RowPosition) throws -> TableData.Row {
        try withIndex { (t: inout TableLayout<TableData.Row>) throws(SizingError) in try t.model(at: p) }
    }

    /// Row `p` replaced by `row` (held by the table from now on), measured again, anchored.
    package mutating func replaceRow(at p: RowPosition, with row: TableData.Row) throws -> RemeasureResult {
        try completeIndex()
        guard let store else { return try table.replaceRow(at: p, with: row) }
        try table.check(p)
        guard case .file = store.source else { throw SizingError(path: "", .notApplicable("a table over a source reads its rows: change the source, then reload the row")) }
        if store.map == nil { store.map = Array(0..<(table.rowCounts.first ?? 0)) }
        let old = store.map![p.row]
        store.own.append(row)
        store.map![p.row] = -store.own.count
        do { return try table.remeasureRow(at: p) } catch {
            store.map![p.row] = old
            store.own.removeLast()
            throw error
        }
    }

    /// Row `p` read again from the source (its data changed there), measured again, anchored.
    package mutating func reloadRow(at p: RowPosition) throws -> RemeasureResult {
        try completeIndex()
        return try table.remeasureRow(at: p)
    }

    /// Rows inserted before `p.row`: `rows` held by the table, or (nil) `count` rows the source
    /// now has there. Estimated until measured; anchored.
    package mutating func insertRows(_ rows: [TableData.Row]?, count: Int, at p: RowPosition) throws {
        try completeIndex()
        guard let store else { return try table.insertRows(rows ?? [], at: p) }
        guard let rows else {
            guard case .rows = store.source else { throw SizingError(path: "", .notApplicable("a file's table takes inserted rows with their fields")) }
            return try table.insertRows(count: count, at: p)
        }
        guard case .file = store.source else { throw SizingError(path: "", .notApplicable("a table over a source reads its rows: insert them in the source, then tell the table how many")) }
        try table.check(p, allowingEnd: true)
        if store.map == nil { store.map = Array(0..<(table.rowCounts.first ?? 0)) }
        let first = store.own.count
        store.own += rows
        store.map!.insert(contentsOf: (0..<rows.count).map { -1 - (first + $0) }, at: p.row)
        do { try table.insertRows(count: rows.count, at: p) } catch {
            store.map!.removeSubrange(p.row..<p.row + rows.count)
            store.own.removeLast(rows.count)
            throw error
        }
    }

    /// `count` rows from `p` deleted; anchored.
    package mutating func deleteRows(at p: RowPosition, count: Int) throws {
        try completeIndex()
        guard let store, case .file = store.source, p.section == 0, p.row >= 0, count >= 1, p.row + count <= table.rowCounts[0] else {
            return try table.deleteRows(at: p, count: count) // (a source's positions are the caller's; or an error)
        }
        if store.map == nil { store.map = Array(0..<table.rowCounts[0]) }
        // The positions move first: re-anchoring may measure rows that moved into view.
        let removed = Array(store.map![p.row..<p.row + count])
        store.map!.removeSubrange(p.row..<p.row + count)
        do { try table.deleteRows(at: p, count: count) } catch {
            store.map!.insert(contentsOf: removed, at: p.row)
            throw error
        }
    }

    /// A new width, column width or traits: measured rows fitted again (from their kept texts).
    package mutating func reconfigure(_ change: (inout TableLayout<TableData.Row>) throws(SizingError) -> Void) throws {
        try withIndex { (t: inout TableLayout<TableData.Row>) throws(SizingError) in try change(&t) }
    }

    /// Whether rows come from the caller's source (`Source.rows`), whose positions are its own.
    package var readsRowsFromCallerSource: Bool {
        if case .rows? = store?.source { return true }
        return false
    }

    /// Whether every row is known (not a file's table still short of its whole index).
    package var isIndexed: Bool { store?.reconciled ?? true }

    /// Invalid UTF-8 sequences replaced in the rows a file's table read.
    package var replacedInvalidUTF8: Int {
        if case .file(let index)? = store?.source { return index.replacedInvalidUTF8 }
        return 0
    }
}

/// A file's index could not be completed: the table cannot know its rows.
package struct IndexFailure: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
