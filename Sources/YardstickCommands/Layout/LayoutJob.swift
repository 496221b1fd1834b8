import Foundation
import YardstickFonts
import YardstickLayout
import YardstickShaping
import YardstickFormats

/// `yardstick layout`: JSON Lines in, one JSON line out per input line, in input order.
///
/// Input lines are `{"text": "...", "width": 250}` ("width" optional when a default width is
/// given). Every line is checked before any output is written: a malformed line is an error
/// naming its line number and nothing is written. Output:
/// `{"lines": 3, "width": 231.4, "height": 69.5, "breaks": [0, 14, 31]}` — width and height in
/// points (rounded to 1/1000), breaks the UTF-8 offsets where lines start.
package struct LayoutJob {
    package var defaultWidth: Double?
    package var attributes: TextAttributes
    package var threads: Int

    package init(defaultWidth: Double?, attributes: TextAttributes, threads: Int) {
        self.defaultWidth = defaultWidth
        self.attributes = attributes
        self.threads = threads
    }

    /// What a run did, for the caller to report.
    package struct Report: Equatable {
        package var records: Int
        /// Invalid UTF-8 sequences and unpaired surrogate escapes, each now a U+FFFD.
        package var replacedInvalidUTF8: Int
        /// Clusters no face covers, over every record.
        package var missingGlyphs = MissingGlyphs.none
    }

    /// `--widths` text: comma-separated widths in points, each finite and above 0 (at most 64).
    package static func widths(_ text: String) throws(CommandError) -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !parts.isEmpty, parts.count <= 64 else { throw CommandError("--widths takes 1 to 64 widths, e.g. 120,250,400") }
        var out: [Double] = []
        for part in parts {
            guard let w = Double(part), w.isFinite, w > 0 else {
                throw CommandError("--widths: \"\(part)\" is not a width (a finite number of points above 0)")
            }
            out.append(w)
        }
        return out
    }

    /// The members a record is read for: its text and its width.
    static let recordKeys = ["text", "width"]

    /// Reads the input's records: one pass over the bytes, each line's UTF-8 checked once. An
    /// input of a MiB or more is read in pieces of half a MiB or more on the job's threads.
    /// - Throws: `CommandError` naming the first bad line.
    package func parse(_ input: [UInt8]) throws -> LayoutRecords {
        if let defaultWidth { try TextOptions.checkWidth(defaultWidth, "--width") }
        if input.count >= 2 && ((input[0] == 0xFF && input[1] == 0xFE) || (input[0] == 0xFE && input[1] == 0xFF)) {
            throw CommandError("the input is UTF-16 or UTF-32 (it starts with a byte-order mark); convert it to UTF-8, e.g. iconv -f UTF-16 -t UTF-8")
        }
        return try input.withUnsafeBufferPointer { all in
            let whole = JSONLines.firstLineStart(all)..<all.count
            let pieces = JSONLines.pieces(all, in: whole, count: Parallel.workerCount(count: whole.count >> 19, threads: threads, chunk: 1))
            let parts = Parallel.map(count: pieces.count, threads: threads, chunk: 1) { k in
                Result { () throws in
                    // (A record line is rarely under 32 bytes: `{"text": "…", "width": 250}`.)
                    var records = LayoutRecords(input: input, expected: pieces[k].range.count / 32 + 16)
                    var members = [JSONMember?](repeating: nil, count: Self.recordKeys.count)
                    var n = pieces[k].firstLine
                    try JSONLines.forEachLine(all, in: pieces[k].range) { range in
                        try read(line: range, of: all, number: n, members: &members, into: &records)
                        n += 1
                    }
                    return records
                }
            }
            var records = try parts[0].get()
            for part in parts.dropFirst() { records.append(contentsOf: try part.get()) }
            return records
        }
    }

    /// Reads one line (`range` of `all`, line number `n`) into `records`; `members` is the
    /// parser's scratch.
    private func read(line range: Range<Int>, of all: UnsafeBufferPointer<UInt8>, number n: Int, members: inout [JSONMember?],
                      into records: inout LayoutRecords) throws {
        let line = UnsafeBufferPointer(rebasing: all[range])
        if let plain = Self.readPlainRecord(line), let width = plain.width ?? defaultWidth {
            switch plain.text {
            case .line(let text): records.append(input: range.lowerBound + text.lowerBound..<range.lowerBound + text.upperBound, width: width)
            case .unescaped(let text): records.append(decoded: text, width: width)
            }
            return
        }
        // Valid lines (nearly all) are parsed where they lie; others are repaired first.
        let (repaired, replaced) = UTF8Repair.repair(line)
        records.replacedInvalidUTF8 += replaced
        func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<(isObject: Bool, replacedSurrogates: Int), JSONParseError> {
            Result { () throws(JSONParseError) in
                // (Unpaired surrogate escapes, "\uD800", become U+FFFD too, counted with the bytes.)
                try JSONParser.parseMembers(bytes, keys: Self.recordKeys, into: &members, replacingUnpairedSurrogates: true, validUTF8: true)
            }
        }
        let parsed: (isObject: Bool, replacedSurrogates: Int)
        switch repaired?.withUnsafeBufferPointer({ parse($0) }) ?? parse(line) {
        case .success(let p): parsed = p
        case .failure(let e):
            // Columns and bytes as the line was read, not as repaired.
            guard repaired != nil else { throw CommandError("line \(n): not valid JSON: \(e)") }
            let original = Array(line)
            let at = UTF8Repair.originalOffset(of: e.column - 1, in: original)
            if at.replaced {
                throw CommandError("line \(n): not valid JSON: invalid UTF-8 (byte 0x\(String(format: "%02X", original[at.offset]))) at column \(at.offset + 1)")
            }
            throw CommandError("line \(n): not valid JSON: \(JSONParseError(message: e.message, column: at.offset + 1))")
        }
        records.replacedInvalidUTF8 += parsed.replacedSurrogates
        guard parsed.isObject else { throw CommandError("line \(n): expected a JSON object like {\"text\": \"...\", \"width\": 250}") }
        let text: JSONMember
        switch members[0] {
        case .bytes?, .value(.string)?: text = members[0]!
        default: throw CommandError("line \(n): \"text\" must be a string")
        }
        var width = defaultWidth
        switch members[1] {
        case nil, .value(.null)?: break // "width": null counts as absent
        case .value(let w)?:
            guard let number = w.doubleValue else { throw CommandError("line \(n): \"width\" must be a number") }
            guard number.isFinite, number > 0 else { throw CommandError("line \(n): \"width\" must be a finite number above 0 (got \(OutputNumber.format(number)))") }
            width = number
        case .bytes?: throw CommandError("line \(n): \"width\" must be a number")
        }
        guard let width else { throw CommandError("line \(n): no width: give \"width\" or --width") }
        switch text {
        case .bytes(let span):
            if let repaired {
                records.append(decoded: repaired[span], width: width)
            } else {
                records.append(input: range.lowerBound + span.lowerBound..<range.lowerBound + span.upperBound, width: width)
            }
        case .value(let value):
            records.append(decoded: value.stringValue!.utf8, width: width)
        }
    }

    /// Lays out every record and formats the output lines.
    package func run(_ input: [UInt8], engine: TextEngine) throws -> (output: [UInt8], report: Report) {
        let records = try parse(input)
        var output: [UInt8] = []
        let report = run(records, engine: engine) { output += $0 }
        return (output, report)
    }

    /// Lays out records already read (`parse`), a block at a time, handing each block's
    /// output lines to `write`: each text is prepared, laid out at its width (or at each of
    /// `widths`, one record per width, in that order) and formatted on the worker that prepared
    /// it, and nothing of a block is kept. The bytes do not depend on the thread count.
    package func run(_ records: LayoutRecords, widths: [Double]? = nil, engine: TextEngine,
                     write: ([UInt8]) throws -> Void) rethrows -> Report {
        var missing = MissingGlyphs.none
        let block = 8_192
        var start = 0
        let attributes = self.attributes
        var bytes: [UInt8] = [] // (one block's output, its memory kept for the next block)
        try records.withTexts { text in
            while start < records.count {
                let end = min(records.count, start + block)
                let first = start
                // One output buffer per batch of texts (not per record): a record costs no allocation.
                let outputs = engine.prepareBatches(count: end - start, utf8: { text(first + $0) },
                                                    style: attributes.fontStyle, threads: threads) { range, prepared -> ([UInt8], MissingGlyphs) in
                    // The batch's layouts first, then its output lines into one buffer sized by their bound.
                    var lines: [OutputLine] = []
                    lines.reserveCapacity(range.count * (widths?.count ?? 1))
                    var starts: [Int] = [] // (every layout's line starts, one after another)
                    starts.reserveCapacity(range.count * 4)
                    for (k, i) in range.enumerated() {
                        for w in 0..<(widths?.count ?? 1) {
                            let width = widths?[w] ?? records.widths[first + i]
                            let mark = starts.count
                            let m = prepared[k].lineStarts(width: width, attributes: attributes, into: &starts)
                            lines.append(OutputLine(lineCount: m.lineCount, width: m.width, height: m.height, starts: mark..<starts.count))
                        }
                    }
                    let bound = lines.count * Self.lineBytes + starts.count * Self.breakBytes
                    let out = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
                        var text = DecimalText(buffer.baseAddress!)
                        starts.withUnsafeBufferPointer { starts in
                            for line in lines { Self.write(line, starts: UnsafeBufferPointer(rebasing: starts[line.starts]), to: &text) }
                        }
                        count = text.cursor - buffer.baseAddress!
                    }
                    return (out, PreparedText.missingGlyphs(of: prepared))
                }
                bytes.removeAll(keepingCapacity: true)
                bytes.reserveCapacity(outputs.reduce(0) { $0 + $1.0.count })
                for (batch, glyphs) in outputs {
                    bytes += batch
                    missing.formUnion(glyphs)
                }
                try write(bytes)
                start = end
            }
        }
        return Report(records: records.count, replacedInvalidUTF8: records.replacedInvalidUTF8, missingGlyphs: missing)
    }

    /// What one output line says: a text laid out at a width (its line starts are a range of
    /// the batch's).
    private struct OutputLine {
        var lineCount: Int
        var width: Double
        var height: Double
        var starts: Range<Int>
    }

    /// The most bytes of an output line, less its breaks: the five literals (10 + 11 + 12 + 13
    /// + 3 bytes), the line count and two numbers. And the most bytes a break adds.
    private static let lineBytes = 49 + DecimalText.integerBytes + 2 * DecimalText.roundedBytes
    private static let breakBytes = 2 + DecimalText.integerBytes

    /// One output line: `{"lines": 3, "width": 231.4, "height": 69.5, "breaks": [0, 14, 31]}\n`,
    /// into memory of at least `lineBytes + starts.count * breakBytes` bytes.
    @inline(__always)
    private static func write(_ line: OutputLine, starts: UnsafeBufferPointer<Int>, to text: inout DecimalText) {
        text.literal(#"{"lines": "#)
        text.integer(UInt64(line.lineCount))
        text.literal(#", "width": "#)
        text.rounded(line.width)
        text.literal(#", "height": "#)
        text.rounded(line.height)
        text.literal(#", "breaks": ["#)
        for (k, start) in starts.enumerated() {
            if k > 0 { text.literal(", ") }
            text.integer(UInt64(start))
        }
        text.literal("]}\n")
    }

    /// One output record: `{"lines": 3, "width": 231.4, "height": 69.5, "breaks": [0, 14, 31]}`.
    package static func write(_ layout: TextLayout, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("lines"); writer.writeInteger(layout.lineCount)
        writer.key("width"); writer.writeNumber(OutputNumber.rounded(layout.width))
        writer.key("height"); writer.writeNumber(OutputNumber.rounded(layout.height))
        writer.key("breaks"); writer.beginArray()
        for line in layout.lines { writer.writeInteger(line.utf8Range.lowerBound) }
        writer.endArray()
        writer.endObject()
    }

    /// One output record as text.
    package static func format(_ layout: TextLayout) -> String {
        var writer = JSONWriter(spaced: true)
        write(layout, to: &writer)
        return writer.text
    }
}
