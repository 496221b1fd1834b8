// Lazily sized tables through the C interface (include/yardstick.h, `ys_table_*`): a thin layer
// over `LazyTable`, the driver `measure --replay` uses too. One section of rows; positions are
// row indices.
import CYardstickErrors
import Yardstick
import YardstickFormats
import YardstickTable
import YardstickTemplates

/// YS_HEADER_ROW and YS_FOOTER_ROW as Swift reads a size_t.
let headerRow = -1, footerRow = -2

/// The table behind a `ys_table` handle (a value type, changed in place).
final class TableBox {
    var table: LazyTable
    /// The last ys_table_cell_frames answer, whose memory C reads until the next.
    var frames: ElementStorage?
    init(_ table: LazyTable) { self.table = table }
}

func tableBox(_ handle: OpaquePointer?) -> TableBox? { Box<TableBox>.value(handle) }

/// The most fields a callback may give one row (a callback that never says YS_CELL_END).
private let maximumFields = 100_000

/// A row's fields from a cell callback, until it says there are no more.
private func fields(row: Int, callback: ys_cell_callback, context: UnsafeMutableRawPointer?) throws -> [String] {
    var result: [String] = []
    let name = row == headerRow ? "the column names" : "row \(row)"
    while true {
        var text: UnsafePointer<CChar>?
        var length = 0
        let status = callback(context, row, result.count, &text, &length)
        if status == Int32(YS_CELL_END) { return result }
        guard status == Int32(YS_CELL_TEXT) else { throw CommandError("the cell callback failed for \(name), column \(result.count) (it returned \(status))") }
        guard length >= 0, text != nil || length == 0 else { throw CommandError("the cell callback gave no text for \(name), column \(result.count)") }
        guard result.count < maximumFields else { throw CommandError("the cell callback gave \(name) more than \(maximumFields) fields (return YS_CELL_END after the last)") }
        result.append(text.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? "")
    }
}

/// A failure as its status: a config's, a file's, the data's.
func failure(_ call: String, _ error: Error) -> Int32 {
    switch error {
    case let e as ConfigError: return fail(.configError, "\(call): \(e)")
    case let e as CommandError:
        let m = e.message
        return fail(m.hasPrefix("no such file") || m.hasPrefix("cannot") || m.contains("changed while") ? .ioError : .formatError, "\(call): \(m)")
    case let e as IndexFailure: return fail(e.message.contains("CSV line") ? .formatError : .ioError, "\(call): \(e.message)")
    case let e as SizingError:
        // A source that failed: a file that changed or cannot be read, or a callback.
        guard case .source(let why) = e.reason else { return fail(.invalidArgument, "\(call): \(e)") }
        return fail(why.contains("changed while") || why.contains("cannot read") ? .ioError : .formatError, "\(call): \(why)")
    default: return fail(.invalidArgument, "\(call): \(error)")
    }
}

private func refuseSections(_ sizing: SizingConfig) throws {
    if sizing.grouping != nil { throw ConfigError(path: "sections", message: "a table in sections is not sized lazily through C yet; use ys_size_table") }
}

@_cdecl("ys_table_create")
package func ys_table_create(_ engine: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int, _ rowCount: Int,
                             _ callback: ys_cell_callback?, _ context: UnsafeMutableRawPointer?,
                             _ table: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let table else { return fail(.invalidArgument, "ys_table_create: table is NULL") }
    table.pointee = nil
    guard let textEngine = Box<TextEngine>.value(engine) else { return fail(.invalidArgument, "ys_table_create: engine is NULL") }
    guard let json, length >= 0 else { return fail(.invalidArgument, "ys_table_create: config_json is NULL") }
    guard let callback else { return fail(.invalidArgument, "ys_table_create: cell_callback is NULL") }
    guard rowCount >= 0 else { return fail(.invalidArgument, "ys_table_create: row_count \(UInt(bitPattern: rowCount)) is too large") }
    do {
        let sizing = try LazyTable.sizing(json: Array(UnsafeRawBufferPointer(start: json, count: length)), engine: textEngine)
        try refuseSections(sizing)
        if sizing.heightColumn != nil { throw ConfigError(path: "heightColumn", message: "a height column needs every row first; use ys_size_table") }
        let columns = try fields(row: headerRow, callback: callback, context: context)
        let lazy = try LazyTable(.rows(count: rowCount, row: { try fields(row: $0, callback: callback, context: context) }), columns: columns,
                                 sizing: sizing, engine: textEngine, threads: 0)
        table.pointee = Box.handle(TableBox(lazy))
        return Status.ok.rawValue
    } catch {
        return failure("ys_table_create", error)
    }
}

@_cdecl("ys_table_open_csv")
package func ys_table_open_csv(_ engine: OpaquePointer?, _ csvPath: UnsafePointer<CChar>?, _ configPath: UnsafePointer<CChar>?,
                               _ table: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let table else { return fail(.invalidArgument, "ys_table_open_csv: table is NULL") }
    table.pointee = nil
    guard let textEngine = Box<TextEngine>.value(engine) else { return fail(.invalidArgument, "ys_table_open_csv: engine is NULL") }
    guard let csvPath, let configPath else { return fail(.invalidArgument, "ys_table_open_csv: a path is NULL") }
    guard let csv = String(validatingCString: csvPath), let config = String(validatingCString: configPath) else {
        return fail(.invalidArgument, "ys_table_open_csv: a path is not valid UTF-8")
    }
    do {
        let sizing: SizingConfig
        do { sizing = try LazyTable.sizing(json: try CommandInput.read(config), engine: textEngine) } catch let e as ConfigError {
            throw ConfigError(path: "", message: "\(config): \(e)")
        }
        try refuseSections(sizing)
        table.pointee = Box.handle(TableBox(try LazyTable.open(csvPath: csv, sizing: sizing, engine: textEngine, threads: 0)))
        return Status.ok.rawValue
    } catch {
        return failure("ys_table_open_csv", error)
    }
}

@_cdecl("ys_table_free")
package func ys_table_free(_ handle: OpaquePointer?) { Box<TableBox>.free(handle) }

@_cdecl("ys_table_scroll")
package func ys_table_scroll(_ handle: OpaquePointer?, _ y: Double, _ viewportHeight: Double, _ answer: UnsafeMutablePointer<ys_scroll>?) -> Int32 {
    guard let box = tableBox(handle) else { return fail(.invalidArgument, "ys_table_scroll: table is NULL") }
    guard let answer else { return fail(.invalidArgument, "ys_table_scroll: answer is NULL") }
    do {
        let r = try box.table.scroll(to: y, viewportHeight: viewportHeight)
        answer.pointee = ys_scroll(y: r.contentOffset, measured: r.measuredRowCount, has_visible_rows: r.firstVisibleRow == nil ? 0 : 1,
                                   first_row: r.firstVisibleRow?.row ?? 0, last_row: r.lastVisibleRow?.row ?? 0, total_height: r.totalHeight)
        return Status.ok.rawValue
    } catch {
        return failure("ys_table_scroll", error)
    }
}

@_cdecl("ys_table_row")
package func ys_table_row(_ handle: OpaquePointer?, _ row: Int, _ top: UnsafeMutablePointer<Double>?, _ height: UnsafeMutablePointer<Double>?,
                          _ measured: UnsafeMutablePointer<Int32>?) -> Int32 {
    guard let box = tableBox(handle) else { return fail(.invalidArgument, "ys_table_row: table is NULL") }
    if row == headerRow || row == footerRow {
        // (The footer sits after every row: the whole index first.)
        if row == footerRow { do { try box.table.completeIndex() } catch { return failure("ys_table_row", error) } }
        let offsets = box.table.table.offsets
        let frame = row == headerRow ? try! offsets.headerFrame(ofSection: 0) : try! offsets.footerFrame(ofSection: 0)
        top?.pointee = frame.top.points
        height?.pointee = frame.height.points
        measured?.pointee = 1
        return Status.ok.rawValue
    }
    // (A row past a file's first piece: the whole index first, so the row is the file's.)
    do { try box.table.completeIndex(before: RowPosition(section: 0, row: max(row, 0))) } catch { return failure("ys_table_row", error) }
    let t = box.table.table
    let count = t.rowCounts.first ?? 0
    guard row >= 0, row < count else { return fail(.invalidArgument, "ys_table_row: row \(UInt(bitPattern: row)) is out of range (\(count) rows)") }
    let p = RowPosition(section: 0, row: row)
    top?.pointee = (try? t.offsets.offset(of: p).points) ?? 0
    height?.pointee = (try? t.height(of: p).points) ?? 0
    measured?.pointee = (try? t.isMeasured(p)) == true ? 1 : 0
    return Status.ok.rawValue
}

@_cdecl("ys_table_row_at")
package func ys_table_row_at(_ handle: OpaquePointer?, _ y: Double, _ row: UnsafeMutablePointer<Int>?) -> Int32 {
    guard let box = tableBox(handle) else { return fail(.invalidArgument, "ys_table_row_at: table is NULL") }
    // A y past a file's first piece: the whole index first, so the row is the file's.
    if box.table.indexPending, y.isFinite, let firstPiece = box.table.firstPieceEnd, y >= firstPiece {
        do { try box.table.completeIndex() } catch { return failure("ys_table_row_at", error) }
    }
    let t = box.table.table
    guard y.isFinite, y >= 0, y < t.totalHeight.points else {
        return fail(.invalidArgument, "ys_table_row_at: y (\(y)) must be from 0 to below the total height (\(t.totalHeight.points))")
    }
    let at = LayoutLength(clampingFlooringPoints: y)
    guard let found = t.offsets.rows(meeting: at..<LayoutLength(units: at.units + 1)), found.lowerBound.section == 0 else {
        return fail(.invalidArgument, "ys_table_row_at: y (\(y)) is on a header or footer, not a row")
    }
    let p = found.lowerBound
    guard let top = try? t.offsets.offset(of: p), at >= top else { return fail(.invalidArgument, "ys_table_row_at: y (\(y)) is on a header or footer, not a row") }
    row?.pointee = p.row
    return Status.ok.rawValue
}

@_cdecl("ys_table_replace_row")
package func ys_table_replace_row(_ handle: OpaquePointer?, _ row: Int, _ fields: UnsafePointer<UnsafePointer<CChar>?>?,
                                  _ lengths: UnsafePointer<Int>?, _ count: Int) -> Int32 {
    guard let box = tableBox(handle) else { return fail(.invalidArgument, "ys_table_replace_row: table is NULL") }
    guard row >= 0 else { return fail(.invalidArgument, "ys_table_replace_row: row \(UInt(bitPattern: row)) is out of range") }
    let p = RowPosition(section: 0, row: row)
    do {
        guard let fields else {
            _ = try box.table.reloadRow(at: p)
            return Status.ok.rawValue
        }
        guard count >= 0, count <= maximumFields, lengths != nil || count == 0 else { return fail(.invalidArgument, "ys_table_replace_row: lengths is NULL") }
        var texts: [String] = []
        for k in 0..<count {
            let n = lengths![k]
            guard n >= 0, fields[k] != nil || n == 0 else { return fail(.invalidArgument, "ys_table_replace_row: field \(k) is NULL") }
            texts.append(fields[k].map { String(decoding: UnsafeRawBufferPointer(start: $0, count: n), as: UTF8.self) } ?? "")
        }
        _ = try box.table.replaceRow(at: p, with: TableData.Row(texts))
        return Status.ok.rawValue
    } catch {
        return failure("ys_table_replace_row", error)
    }
}

@_cdecl("ys_table_insert_rows")
package func ys_table_insert_rows(_ handle: OpaquePointer?, _ at: Int, _ count: Int) -> Int32 {
    guard let box = tableBox(handle) else { return fail(.invalidArgument, "ys_table_insert_rows: table is NULL") }
    guard at >= 0, count >= 0, count <= Int(Int32.max) else { return fail(.invalidArgument, "ys_table_insert_rows: at or count is out of range") }
    guard count > 0 else { return Status.ok.rawValue }
    do {
        let p = RowPosition(section: 0, row: at)
        if box.table.readsRowsFromCallerSource {
            try box.table.insertRows(nil, count: count, at: p)
        } else {
            try box.table.insertRows(Array(repeating: TableData.Row([]), count: count), count: count, at: p)
        }
        return Status.ok.rawValue
    } catch {
        return failure("ys_table_insert_rows", error)
    }
}

@_cdecl("ys_table_delete_rows")
package func ys_table_delete_rows(_ handle: OpaquePointer?, _ first: Int, _ count: Int) -> Int32 {
    guard let box = tableBox(handle) else { return fail(.invalidArgument, "ys_table_delete_rows: table is NULL") }
    guard first >= 0, count >= 0 else { return fail(.invalidArgument, "ys_table_delete_rows: first_row or count is out of range") }
    guard count > 0 else { return Status.ok.rawValue }
    do {
        try box.table.deleteRows(at: RowPosition(section: 0, row: first), count: count)
        return Status.ok.rawValue
    } catch {
        return failure("ys_table_delete_rows", error)
    }
}

@_cdecl("ys_table_set_width")
package func ys_table_set_width(_ handle: OpaquePointer?, _ width: Double) -> Int32 {
    guard let box = tableBox(handle) else { return fail(.invalidArgument, "ys_table_set_width: table is NULL") }
    do {
        try box.table.reconfigure { (t: inout TableLayout<TableData.Row>) throws(SizingError) in try t.setWidth(width) }
        return Status.ok.rawValue
    } catch {
        return failure("ys_table_set_width", error)
    }
}

@_cdecl("ys_table_row_count")
package func ys_table_row_count(_ handle: OpaquePointer?) -> Int {
    guard let box = tableBox(handle) else { return 0 }
    // Exact: a file's whole index first (0 and the error for ys_last_error if it fails).
    do { return try box.table.exactRowCount() } catch { _ = failure("ys_table_row_count", error); return 0 }
}

@_cdecl("ys_table_viewport_top")
package func ys_table_viewport_top(_ handle: OpaquePointer?) -> Double { tableBox(handle)?.table.table.viewport?.top ?? 0 }

@_cdecl("ys_table_total_height")
package func ys_table_total_height(_ handle: OpaquePointer?) -> Double { tableBox(handle)?.table.table.totalHeight.points ?? 0 }
