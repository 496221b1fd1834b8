import Foundation
import YardstickCommands
import YardstickFonts
import YardstickLayout
import YardstickOffsets
import YardstickRender
import YardstickTable
import YardstickTemplates
import YardstickFormats

/// One fuzzed entry point: bytes in, nothing out. A harness may reject its input (every error
/// the code throws is fine); it must never trap, hang or grow without bound.
enum Harness: String, CaseIterable {
    /// `layout`'s JSON Lines reader and the JSON parser.
    case jsonLines = "json-lines"
    /// The CSV reader, then a grid sized from the table (at most 64 rows).
    case csv
    /// The config and template parser, then a small table sized and drawn with it.
    case config
    /// The offsets trace replay, and the sizing replay on a small list.
    case trace
    /// Text layout of arbitrary bytes at a width and options the first bytes choose.
    case layout
    /// A CSV file opened lazily (`measure --replay`, `ys_table_open_csv`), past its first MiB
    /// (the index on its thread) or not, changed under the table or not, then scrolled, edited
    /// and drawn.
    case lazyCSV = "lazy-csv"
    /// Font loading from a font file's bytes (variable and tracked fonts too: every weight an
    /// instance, `trak` at every size), then shaping, layout and glyph images with it.
    case font

    static let engine = try! TextEngine()
    /// The iOS profile's: Inter first, UILabel's rules (pushing out, Hangul words, typographic lines).
    static let uiLabelEngine = try! TextEngine(fonts: FontCollection.make(uiFamily: .inter), rules: .uiLabel)
    static let table = TableData(records: [["Title", "Notes", "Country"], ["Groceries", "Milk, eggs and bread, then a longer list that wraps", "Japan"],
                                           ["مرحبا", "نص عربي 👋🏽", "France"], ["Call", "", "Japan"]])

    func run(_ bytes: [UInt8]) {
        switch self {
        case .jsonLines:
            // Differential: the record reader must agree with the whole-value parser on every line.
            for line in JSONLines.lines(bytes) {
                line.withUnsafeBufferPointer { b in
                    let whole = Result { () throws(JSONParseError) in try JSONParser.parse(b, replacingUnpairedSurrogates: true).value }
                    let members = Result { () throws(JSONParseError) in
                        try JSONParser.parseMembers(b, keys: ["text", "width"], replacingUnpairedSurrogates: true).values
                    }
                    if UTF8Validation.isValid(b) { // as `layout` reads a valid line: the UTF-8 checked already
                        let checked = Result { () throws(JSONParseError) in
                            try JSONParser.parseMembers(b, keys: ["text", "width"], replacingUnpairedSurrogates: true, validUTF8: true).values
                        }
                        precondition("\(checked)" == "\(members)", "validUTF8 changes the result")
                    }
                    // The fast path for common records reads what the general reader reads, or nothing.
                    if let plain = LayoutJob.readPlainRecord(b) {
                        guard case .success(let values?) = members, let text = values[0] else { preconditionFailure("the plain reader took a line parseMembers does not read") }
                        switch (plain.text, text) {
                        case (.line(let range), .bytes(let span)): precondition(span == range, "the plain reader disagrees on the text")
                        case (.unescaped(let bytes), .value(.string(let string))): precondition(Array(string.utf8) == bytes, "the plain reader decodes otherwise")
                        default: preconditionFailure("the plain reader disagrees on the text's kind")
                        }
                        precondition(values[1]?.value(in: b).doubleValue == plain.width, "the plain reader disagrees on the width")
                        precondition(UTF8Validation.isValid(b), "the plain reader took invalid UTF-8")
                    }
                    switch (whole, members) {
                    case (.success(.object(let object)), .success(let values?)):
                        precondition(values[0]?.value(in: b) == object["text"] && values[1]?.value(in: b) == object["width"], "parseMembers disagrees")
                    case (.success(let value), .success(let values)):
                        if case .object = value { preconditionFailure("parseMembers missed an object") }
                        precondition(values == nil, "parseMembers found an object")
                    case (.failure(let a), .failure(let b)):
                        precondition(a == b, "different errors: \(a) / \(b)")
                    default:
                        preconditionFailure("one parser failed, the other did not")
                    }
                }
            }
            let job = LayoutJob(defaultWidth: 100, attributes: TextAttributes(), threads: 1)
            guard let records = try? job.parse(bytes) else { return }
            let first = 0..<min(4, records.count)
            let short = LayoutRecords(texts: first.map { String(records.text($0).prefix(200)) }, widths: first.map { records.widths[$0] })
            _ = job.run(short, engine: Self.engine) { _ in }
        case .csv:
            guard let (data, _, _, _) = try? SizingJob.table(csv: bytes), data.rows.count <= 64, data.columns.count <= 64 else { return }
            var config = DataTableConfiguration()
            config.textLayout = bytes.count % 2 == 0 ? .wrap : .singleLine
            guard var layout = try? TableLayout.grid(data, configuration: config, engine: Self.engine, threads: 1) else { return }
            try? layout.measureAll()
        case .config:
            guard let config = try? SizingConfig(json: bytes) else { return }
            guard var layout = try? SizingJob(config: config, format: .csv, threads: 1).layout(Self.table, engine: Self.engine) else { return }
            guard layout.totalRowCount > 0, (try? layout.measure(rows: 0...(layout.totalRowCount - 1))) != nil else { return }
            _ = try? layout.drawing(rows: 0...(layout.totalRowCount - 1))
        case .trace:
            var offsets = OffsetTraceReplayer()
            let config = try! SizingConfig(json: Array(#"{"layout":"list","width":300,"cell":{"text":{"column":"Notes"}},"sections":{"column":"Country"}}"#.utf8))
            let table = try! SizingJob(config: config, format: .csv, threads: 1).layout(Self.table, engine: Self.engine)
            var sizing = SizingReplayer(table: LazyTable(holding: table, columns: Self.table.columns), config: config)
            var out: [UInt8] = []
            for line in JSONLines.lines(bytes) {
                line.withUnsafeBufferPointer {
                    offsets.replay(line: $0, appendingTo: &out)
                    sizing.replay(line: $0, appendingTo: &out)
                }
                out.removeAll(keepingCapacity: true)
            }
        case .lazyCSV:
            Self.lazyCSV(bytes)
        case .layout:
            guard bytes.count >= 2 else { return }
            var attributes = TextAttributes(size: Double(bytes[0] % 40) + 4)
            attributes.maxLines = Int(bytes[1] % 4)
            if bytes[1] & 0x10 != 0 { attributes.lineBreakMode = .singleLine }
            attributes.hyphenateWordBreaks = bytes[1] & 0x20 != 0
            let text = String(decoding: bytes.dropFirst(2), as: UTF8.self)
            let engine = bytes[1] & 0x40 != 0 ? Self.uiLabelEngine : Self.engine
            let layout = engine.layout(text, width: Double(bytes[0]) * 2 + 1, attributes: attributes)
            for i in layout.lines.indices { _ = layout.glyphRuns(line: i); _ = layout.isNearEdge(line: i) }
        case .font:
            let path = NSTemporaryDirectory() + "yardstick-fuzz-\(getpid()).ttf"
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
            defer { try? FileManager.default.removeItem(atPath: path) }
            guard let fonts = try? FontCollection.make(fontPaths: [path], includeBundled: false, weights: [.thin, .regular, .bold, .black]),
                  let engine = try? TextEngine(fonts: fonts) else { return }
            for (weight, italic, size) in [(FontWeight.thin, false, 6.0), (.bold, true, 28), (.black, false, 100)] {
                let style = FontStyle(weight: weight, italic: italic)
                let layout = engine.layout("Hamburgefonts 123 ffi", width: 120, attributes: TextAttributes(size: size, fontStyle: style))
                for i in layout.lines.indices { _ = layout.glyphRuns(line: i) }
                _ = fonts.substitution(for: style)
            }
            let layout = engine.layout("Hamburgefonts 123 אבג ffi", width: 120, attributes: TextAttributes(size: 17))
            guard let painter = try? Painter(scale: 2), var canvas = try? painter.canvas(width: 140, height: min(layout.height, 2000) + 20) else { return }
            painter.draw(layout, in: .init(x: 10, y: 10, width: 120, height: layout.height), on: &canvas)
        }
    }

    /// The first byte: bit 0, the rest repeated past the first MiB; bit 1, columns fitted to the
    /// rows (read whole at open) rather than fixed. The second: bit 0, the file cut in half
    /// after opening; bit 1, grown.
    static func lazyCSV(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        let body = Array(bytes.dropFirst(2))
        var file = body
        if bytes[0] & 1 == 1, !body.isEmpty {
            while file.count < (1 << 20) + 4096 { file += body + [10] }
        }
        let path = NSTemporaryDirectory() + "yardstick-fuzz-lazy-\(getpid()).csv"
        guard FileManager.default.createFile(atPath: path, contents: Data(file)) else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let widths = bytes[0] & 2 == 0 ? #"{"fixed":120}"# : #"{"fitContentText":"maxMeasured"}"#
        let json = #"{"layout":"grid","textLayout":"wrap","rowHeightMode":{"automatic":{"estimated":44,"prefetchWindow":3}},"columnWidthMode":"# + widths + "}"
        guard let config = try? SizingConfig(json: Array(json.utf8)),
              var table = try? LazyTable.open(csvPath: path, sizing: config, engine: engine, threads: 1) else { return }
        if bytes[1] & 1 == 1 { FileManager.default.createFile(atPath: path, contents: Data(file.prefix(file.count / 2))) }
        if bytes[1] & 2 == 2, let handle = FileHandle(forWritingAtPath: path) {
            handle.seekToEndOfFile()
            handle.write(Data(body + [10]))
            try? handle.close()
        }
        for y in [0, 1e4, 1e9, -5, .nan] {
            guard let answer = try? table.scroll(to: y, viewportHeight: 600), let first = answer.firstVisibleRow else { continue }
            _ = try? table.drawing(row: first.row)
        }
        _ = try? table.drawing(header: true)
        _ = try? table.drawing(header: false)
        _ = try? table.exactRowCount()
        _ = try? table.replaceRow(at: RowPosition(section: 0, row: 0), with: TableData.Row(["replaced", "row"]))
        try? table.insertRows([TableData.Row(["inserted"])], count: 1, at: RowPosition(section: 0, row: 1))
        try? table.deleteRows(at: RowPosition(section: 0, row: 0), count: 2)
        try? table.reconfigure { (t: inout TableLayout<TableData.Row>) throws(SizingError) in try t.setWidth(300) }
        _ = try? table.scroll(to: 2e5, viewportHeight: 900)
        _ = try? table.drawing(row: 0)
    }
}
