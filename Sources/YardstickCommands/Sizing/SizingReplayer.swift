import YardstickLayout
import YardstickOffsets
import YardstickTable
import YardstickTemplates
import YardstickFormats

/// `measure --config … --replay TRACE.jsonl`: a lazily sized table driven by a trace, one JSON
/// answer per trace line. Every row starts estimated (unless its height is known without
/// measuring); only what the trace scrolls to, edits or inserts is measured.
///
/// | input | output |
/// |---|---|
/// | `{"op":"scroll","y":Y,"height":H}` | `{"y":Y2,"measured":K,"first":[S,R],"last":[S,R],"total":T}` |
/// | `{"op":"edit","section":S,"row":R,"column":C,"text":X}` | `{"changed":B,"height":H,"y":Y2}` |
/// | `{"op":"insert","section":S,"row":R,"cells":{C:X}}` | `{"ok":true,"y":Y2}` |
/// | `{"op":"delete","section":S,"row":R,"count":K}` | `{"ok":true,"y":Y2}` |
/// | `{"op":"width","width":W}`, `{"op":"column","name":C,"width":W}`, `{"op":"category","category":N}` | `{"ok":true,"total":T}` |
/// | `{"op":"height","section":S,"row":R}` | `{"height":H,"measured":B,"y":Y}` |
/// | `{"op":"total"}` | `{"height":T,"measured":M}` |
///
/// A bad line gets `{"error":"…"}` and leaves the table as it was, but for a scroll that fails
/// on a row it can't measure: the rows it measured before that one stay measured (their
/// heights are right) and the view does not move. Y2 is the anchored content offset (0 before
/// the first scroll).
package struct SizingReplayer {
    package private(set) var lazy: LazyTable
    package var table: TableLayout<TableData.Row> { lazy.table }
    let columns: [String]
    let grouping: (column: Int, name: String)?
    let heightColumn: (index: Int, name: String)?
    private var writer = JSONWriter()
    /// What ended the replay: the file's index failed (it is not CSV past its first piece).
    package private(set) var fatal: IndexFailure?

    package init(table: LazyTable, config: SizingConfig) {
        lazy = table
        columns = table.columns
        let names = TableData(columns: columns, rows: [])
        if let g = config.grouping, let c = names.columnIndex(g.column) {
            grouping = (c, g.column)
        } else {
            grouping = nil
        }
        heightColumn = config.heightColumn.flatMap { name in names.columnIndex(name).map { ($0, name) } }
    }

    /// Answers one trace line (without its newline), appending the answer's bytes.
    package mutating func replay(line: UnsafeBufferPointer<UInt8>, appendingTo output: inout [UInt8]) {
        writer.removeAll()
        do {
            try perform(line)
        } catch {
            if let failure = error as? IndexFailure { fatal = failure }
            writer.replaceWithError("\(error)")
        }
        output.append(contentsOf: writer.bytes)
    }

    private var offset: Double { table.viewport?.top ?? 0 }

    private mutating func perform(_ line: UnsafeBufferPointer<UInt8>) throws {
        let request: JSONValue
        do { request = try JSONParser.parse(line) } catch { throw CommandError("invalid JSON: \(error)") }
        guard case .object(let fields) = request else { throw CommandError("expected a JSON object") }
        guard let op = fields["op"]?.stringValue else { throw CommandError("missing \"op\" (a string)") }
        let keys: [String: Set<String>] = ["scroll": ["y", "height"], "edit": ["section", "row", "column", "text"], "insert": ["section", "row", "cells"],
                                           "delete": ["section", "row", "count"], "width": ["width"], "column": ["name", "width"],
                                           "category": ["category"], "height": ["section", "row"], "total": []]
        if let allowed = keys[op], let unknown = fields.keys.filter({ $0 != "op" && !allowed.contains($0) }).sorted().first {
            throw CommandError("unknown key \"\(unknown)\" for op \"\(op)\"; it takes \(allowed.isEmpty ? "no other keys" : allowed.sorted().joined(separator: ", "))")
        }
        func number(_ key: String) throws -> Double {
            guard let v = fields[key]?.doubleValue else { throw CommandError("\"\(key)\" must be a number") }
            return v
        }
        func integer(_ key: String) throws -> Int {
            guard let v = fields[key]?.exactIntegerValue else { throw CommandError("\"\(key)\" must be a whole number") }
            return v
        }
        func string(_ key: String) throws -> String {
            guard let v = fields[key]?.stringValue else { throw CommandError("\"\(key)\" must be a string") }
            return v
        }
        func position() throws -> RowPosition { RowPosition(section: try integer("section"), row: try integer("row")) }
        func column(_ name: String) throws -> Int {
            guard let i = columns.firstIndex(of: name) else { throw CommandError("no column named \"\(name)\"") }
            return i
        }
        func checkHeightValue(_ row: TableData.Row) throws {
            if let h = heightColumn { _ = try SizingJob.height(row[column: h.index], row: 0, column: h.name) }
        }
        writer.beginObject()
        // An edit needs the table's true row count (a file's whole index).
        if ["edit", "insert", "delete"].contains(op) { try lazy.completeIndex() }
        switch op {
        case "scroll":
            let r = try lazy.scroll(to: try number("y"), viewportHeight: try number("height"))
            writer.key("y"); writer.writeNumber(r.contentOffset)
            writer.key("measured"); writer.writeInteger(r.measuredRowCount)
            for (key, p) in [("first", r.firstVisibleRow), ("last", r.lastVisibleRow)] {
                writer.key(key)
                if let p { writer.beginArray(); writer.writeInteger(p.section); writer.writeInteger(p.row); writer.endArray() } else { writer.writeNull() }
            }
            writer.key("total"); writer.writeNumber(r.totalHeight)
        case "edit":
            let p = try position()
            try table.check(p)
            let c = try column(try string("column"))
            if let g = grouping, g.column == c { throw CommandError("the column \"\(columns[c])\" makes the sections; a row can't move between sections by an edit") }
            var row = try lazy.model(at: p)
            while row.fields.count <= c { row.fields.append("") }
            row.fields[c] = try string("text")
            try checkHeightValue(row)
            let r = try lazy.replaceRow(at: p, with: row)
            writer.key("changed"); writer.writeBool(r.changed)
            writer.key("height"); writer.writeNumber(r.height)
            writer.key("y"); writer.writeNumber(offset)
        case "insert":
            let p = try position()
            guard case .object(let cells)? = fields["cells"] else { throw CommandError("\"cells\" must be an object of column names and texts") }
            var row = TableData.Row(Array(repeating: "", count: columns.count))
            for name in cells.keys.sorted() {
                let value = cells[name]!
                guard let text = value.stringValue else { throw CommandError("cells.\(name) must be a string") }
                row.fields[try column(name)] = text
            }
            if let g = grouping, p.section >= 0 && p.section < table.sectionCount {
                let key = try table.sectionKey(p.section)
                if cells[columns[g.column]] != nil && row.fields[g.column] != key {
                    throw CommandError("cells.\(columns[g.column]) is \"\(row.fields[g.column])\" but section \(p.section) is \"\(key)\"")
                }
                row.fields[g.column] = key
            }
            try checkHeightValue(row)
            try lazy.insertRows([row], count: 1, at: p)
            writer.key("ok"); writer.writeBool(true)
            writer.key("y"); writer.writeNumber(offset)
        case "delete":
            try lazy.deleteRows(at: try position(), count: try integer("count"))
            writer.key("ok"); writer.writeBool(true)
            writer.key("y"); writer.writeNumber(offset)
        case "width", "column", "category":
            if op == "width" {
                let width = try number("width")
                try lazy.reconfigure { (t: inout TableLayout<TableData.Row>) throws(SizingError) in try t.setWidth(width) }
            } else if op == "column" {
                let (width, name) = (try number("width"), try string("name"))
                try lazy.reconfigure { (t: inout TableLayout<TableData.Row>) throws(SizingError) in try t.setColumnWidth(width, column: name) }
            } else {
                var env = table.environment
                env.category = try TextOptions.parseCategory(try string("category"))
                try lazy.reconfigure { (t: inout TableLayout<TableData.Row>) throws(SizingError) in try t.setEnvironment(env) }
            }
            writer.key("ok"); writer.writeBool(true)
            writer.key("total"); writer.writeNumber(table.totalHeight.points)
        case "height":
            let p = try position()
            try lazy.completeIndex(before: p)
            try table.check(p)
            writer.key("height"); writer.writeNumber(try table.height(of: p).points)
            writer.key("measured"); writer.writeBool(try table.isMeasured(p))
            writer.key("y"); writer.writeNumber(try table.offsets.offset(of: p).points)
        case "total":
            writer.key("height"); writer.writeNumber(table.totalHeight.points)
            writer.key("measured"); writer.writeInteger(table.measuredRowCount)
        default:
            throw CommandError("unknown op \"\(op)\"; expected scroll, edit, insert, delete, width, column, category, height or total")
        }
        writer.endObject()
    }
}
