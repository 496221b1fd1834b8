import YardstickOffsets
import YardstickFormats

/// The `yardstick offsets` command's contract: replays a trace of row-offset cache operations,
/// one JSON object per input line, answering each with exactly one JSON object.
///
/// Sections and rows are 0-based; heights, y and viewports are points. Heights are converted to
/// the cache's exact 1/64 pt units by rounding to the nearest unit (halves away from zero); y
/// positions by rounding down (so "is y inside this row" has the same answer as for the exact y;
/// the anchor delta is measured from that rounded-down y). Outputs are exact multiples of
/// 1/64 pt, printed as integers when whole and otherwise in shortest form (`12.015625`).
///
/// | input | output |
/// |-------|--------|
/// | `{"op":"reset","sections":[{"rows":N,"header":H,"footer":F}],"estimate":E}` (header, footer optional) | `{"ok":true}`, anchor cleared |
/// | `{"op":"set","section":S,"row":R,"height":H}` | `{"ok":true}` |
/// | `{"op":"invalidate","section":S,"row":R}` | `{"ok":true}` |
/// | `{"op":"insert","section":S,"row":R,"count":K,"height":H}` (height optional: estimated rows) | `{"ok":true}` |
/// | `{"op":"delete","section":S,"row":R,"count":K}` | `{"ok":true}` |
/// | `{"op":"estimate","height":E}` | `{"ok":true}` |
/// | `{"op":"offset","section":S,"row":R}` | `{"y":Y}` |
/// | `{"op":"at","y":Y}` | `{"section":S,"row":R,"part":"row"}`, `"part":"header"`/`"footer"` with `"row":null`, or all null |
/// | `{"op":"total"}` | `{"height":T}` |
/// | `{"op":"anchor","y":Y}` | `{"section":S,"row":R,"delta":D}` or all null (then no anchor is kept) |
/// | `{"op":"restore","viewport":H}` | `{"y":Y}`; error when no anchor is captured |
/// | `{"op":"visible","y":Y,"height":H,"prefetch":P}` | `{"first":[S,R],"last":[S,R],"unmeasured":U}`, or nulls and 0 |
///
/// Any other line (not JSON, not an object, unknown op, missing or mistyped field, index out of
/// range, negative height, count or prefetch) gets `{"error":"…"}` and leaves the state
/// unchanged. Before the first reset the table is empty. Each line costs O(log n) plus O(k) for
/// k rows inserted or built.
package struct OffsetTraceReplayer {
    /// The table as the trace has left it.
    package private(set) var cache = RowOffsetCache()
    private var writer = JSONWriter()

    package init() {}

    /// Replays one line (without its newline) and returns the answer (without a newline).
    package mutating func replay(line: String) -> String {
        var line = line
        var output = [UInt8]()
        line.withUTF8 { replay(line: $0, appendingTo: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Replays one line given as UTF-8 bytes and appends the answer's bytes to `output`.
    package mutating func replay(line: UnsafeBufferPointer<UInt8>, appendingTo output: inout [UInt8]) {
        writer.removeAll()
        do {
            try perform(line)
        } catch {
            writer.replaceWithError(error.message)
        }
        output.append(contentsOf: writer.bytes)
    }

    /// Replays a whole trace from `inputPath` (standard input when nil) to `outputPath`
    /// (standard output when nil), line by line, writing answers in blocks. This is the
    /// `yardstick offsets` command.
    package static func replayStream(inputPath: String?, outputPath: String?, maxLineBytes: Int = InputLimits.lineBytes) throws(CommandError) {
        var replayer = OffsetTraceReplayer()
        try JSONLines.stream(inputPath: inputPath, outputPath: outputPath, maxLineBytes: maxLineBytes) { line, output in
            replayer.replay(line: line, appendingTo: &output)
        }
    }

    // MARK: - Operations

    private mutating func perform(_ line: UnsafeBufferPointer<UInt8>) throws(TraceLineError) {
        let request: JSONValue
        do {
            request = try JSONParser.parse(line)
        } catch {
            throw TraceLineError("invalid JSON: \(error)")
        }
        guard case .object(let fields) = request else { throw TraceLineError("expected a JSON object") }
        guard let opValue = fields["op"] else { throw TraceLineError("missing \"op\"") }
        guard let op = opValue.stringValue else { throw TraceLineError("\"op\" must be a string") }
        let request_ = TraceRequest(fields: fields)

        switch op {
        case "reset":
            guard let sectionValues = fields["sections"]?.arrayValue else { throw TraceLineError("\"sections\" must be an array") }
            var sections = [RowOffsetCache.SectionLayout]()
            sections.reserveCapacity(sectionValues.count)
            for (index, value) in sectionValues.enumerated() {
                guard case .object(let sectionFields) = value else { throw TraceLineError("sections[\(index)] must be an object") }
                let section = TraceRequest(fields: sectionFields, context: "sections[\(index)].")
                sections.append(RowOffsetCache.SectionLayout(estimatedRowCount: try section.count("rows"),
                                              headerHeight: try section.height("header", required: false) ?? .zero,
                                              footerHeight: try section.height("footer", required: false) ?? .zero))
            }
            let estimate = try request_.height("estimate")!
            cache = try attempt { () throws(RowOffsetCacheError) in try RowOffsetCache(sections: sections, estimatedRowHeight: estimate) }
            writeOK()

        case "set":
            let position = try request_.position()
            let height = try request_.height("height")!
            try attempt { () throws(RowOffsetCacheError) in try cache.setHeight(height, of: position) }
            writeOK()

        case "invalidate":
            let position = try request_.position()
            try attempt { () throws(RowOffsetCacheError) in try cache.invalidateHeight(of: position) }
            writeOK()

        case "insert":
            let position = try request_.position()
            let count = try request_.count("count")
            let height = try request_.height("height", required: false)
            try attempt { () throws(RowOffsetCacheError) in try cache.insertRows(at: position, count: count, height: height) }
            writeOK()

        case "delete":
            let position = try request_.position()
            let count = try request_.count("count")
            try attempt { () throws(RowOffsetCacheError) in
                // Both are within ±2^53, so the sum cannot overflow; a negative row is rejected by the cache.
                try cache.deleteRows(position.row..<(position.row + count), inSection: position.section)
            }
            writeOK()

        case "estimate":
            let height = try request_.height("height")!
            try attempt { () throws(RowOffsetCacheError) in try cache.setEstimatedRowHeight(height) }
            writeOK()

        case "offset":
            let position = try request_.position()
            let offset = try attempt { () throws(RowOffsetCacheError) in try cache.offset(of: position) }
            writeObject { $0.key("y"); $0.writeNumber(offset.points) }

        case "at":
            let y = try request_.position("y")
            let item = cache.item(at: y)
            writeObject { writer in
                writer.key("section")
                if let item { writer.writeInteger(item.section) } else { writer.writeNull() }
                writer.key("row")
                if case .row(let position)? = item { writer.writeInteger(position.row) } else { writer.writeNull() }
                writer.key("part")
                switch item {
                case .header?: writer.writeString("header")
                case .row?: writer.writeString("row")
                case .footer?: writer.writeString("footer")
                case nil: writer.writeNull()
                }
            }

        case "total":
            let total = cache.totalHeight
            writeObject { $0.key("height"); $0.writeNumber(total.points) }

        case "anchor":
            let y = try request_.position("y")
            let anchor = cache.captureScrollAnchor(viewportTop: y)
            writeObject { writer in
                writer.key("section")
                if let row = anchor?.row { writer.writeInteger(row.section) } else { writer.writeNull() }
                writer.key("row")
                if let row = anchor?.row { writer.writeInteger(row.row) } else { writer.writeNull() }
                writer.key("delta")
                if let anchor { writer.writeNumber(anchor.delta.points) } else { writer.writeNull() }
            }

        case "restore":
            let viewport = try request_.height("viewport")!
            let offset = try attempt { () throws(RowOffsetCacheError) in try cache.restoredContentOffset(viewportHeight: viewport) }
            writeObject { $0.key("y"); $0.writeNumber(offset.points) }

        case "visible":
            let top = try request_.number("y")
            let height = try request_.nonNegativeNumber("height")
            let prefetch = try request_.count("prefetch")
            // Rows meet [top, top + height) exactly when their top (whole units) is below
            // ceil((top + height) × 64) and their bottom above floor(top × 64).
            let lower = LayoutLength(clampingFlooringPoints: top)
            let upper = max(lower, LayoutLength(units: -LayoutLength(clampingFlooringPoints: -(top + height)).units))
            let rows = try attempt { () throws(RowOffsetCacheError) in
                try cache.viewportRows(meeting: lower..<upper, prefetch: prefetch)
            }
            writeObject { writer in
                for (name, position) in [("first", rows?.first), ("last", rows?.last)] {
                    writer.key(name)
                    if let position {
                        writer.beginArray()
                        writer.writeInteger(position.section)
                        writer.writeInteger(position.row)
                        writer.endArray()
                    } else {
                        writer.writeNull()
                    }
                }
                writer.key("unmeasured")
                writer.writeInteger(rows?.unmeasuredRowCount ?? 0)
            }

        default:
            throw TraceLineError("unknown op \"\(op)\"")
        }
    }

    private mutating func writeOK() {
        writeObject { $0.key("ok"); $0.writeBool(true) }
    }

    private mutating func writeObject(_ body: (inout JSONWriter) -> Void) {
        writer.beginObject()
        body(&writer)
        writer.endObject()
    }

    private func attempt<Result>(_ body: () throws(RowOffsetCacheError) -> Result) throws(TraceLineError) -> Result {
        do {
            return try body()
        } catch {
            throw TraceLineError(error.description)
        }
    }
}

/// The message answered for a line that cannot be carried out.
private struct TraceLineError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Typed access to one request object's fields, with the CLI's error messages.
private struct TraceRequest {
    let fields: [String: JSONValue]
    var context = ""

    /// A number field.
    func number(_ name: String) throws(TraceLineError) -> Double {
        guard let value = fields[name], !value.isNull else { throw TraceLineError("missing \"\(context)\(name)\"") }
        guard let number = value.doubleValue else { throw TraceLineError("\"\(context)\(name)\" must be a number") }
        return number
    }

    func nonNegativeNumber(_ name: String) throws(TraceLineError) -> Double {
        let value = try number(name)
        guard value >= 0 else { throw TraceLineError("\"\(context)\(name)\" must not be negative (got \(JSONWriter.numberText(value)))") }
        return value
    }

    /// An integer field (indices: any sign, the cache reports out-of-range values).
    func integer(_ name: String) throws(TraceLineError) -> Int {
        let value = try number(name)
        guard let integer = JSONValue.number(value).exactIntegerValue else {
            throw TraceLineError("\"\(context)\(name)\" must be an integer (got \(JSONWriter.numberText(value)))")
        }
        return integer
    }

    /// A non-negative integer field (row counts, prefetch).
    func count(_ name: String) throws(TraceLineError) -> Int {
        let value = try integer(name)
        guard value >= 0 else { throw TraceLineError("\"\(context)\(name)\" must not be negative (got \(value))") }
        return value
    }

    /// The "section" and "row" fields.
    func position() throws(TraceLineError) -> RowPosition {
        RowPosition(section: try integer("section"), row: try integer("row"))
    }

    /// A y position in points, rounded down to a unit (clamped far outside any table).
    func position(_ name: String) throws(TraceLineError) -> LayoutLength {
        LayoutLength(clampingFlooringPoints: try number(name))
    }

    /// A height in points, rounded to the nearest unit; nil when optional and absent or null.
    func height(_ name: String, required: Bool = true) throws(TraceLineError) -> LayoutLength? {
        if !required, fields[name] == nil || fields[name]!.isNull { return nil }
        let value = try nonNegativeNumber(name)
        do {
            return try LayoutLength(roundingPoints: value)
        } catch {
            throw TraceLineError("\"\(context)\(name)\": \(error.description)")
        }
    }
}
