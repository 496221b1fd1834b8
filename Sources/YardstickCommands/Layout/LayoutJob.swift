import YardstickFonts
import YardstickLayout
import YardstickShaping

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

    /// Parses the input into (text, width) pairs.
    /// - Throws: `CommandError` naming the first bad line.
    package func parse(_ input: [UInt8]) throws -> (items: [(text: String, width: Double)], replacedInvalidUTF8: Int) {
        if let defaultWidth { try TextOptions.checkWidth(defaultWidth, "--width") }
        var items: [(String, Double)] = []
        var replaced = 0
        for (index, rawLine) in JSONLines.lines(input).enumerated() {
            let n = index + 1
            let line = rawLine // (a UTF-8 byte-order mark before the first record is skipped by `lines`)
            let repaired = UTF8Repair.repair(line)
            replaced += repaired.replaced
            let value: JSONValue
            do {
                // (Unpaired surrogate escapes, "\uD800", become U+FFFD too, counted with the bytes.)
                let parse = { (bytes: UnsafeBufferPointer<UInt8>) in
                    Result { () throws(JSONParseError) in try JSONParser.parse(bytes, replacingUnpairedSurrogates: true) }
                }
                let parsed = try (repaired.bytes?.withUnsafeBufferPointer(parse) ?? line.withUnsafeBufferPointer(parse)).get()
                value = parsed.value
                replaced += parsed.replacedSurrogates
            } catch {
                throw CommandError("line \(n): not valid JSON: \(error)")
            }
            guard case .object(let object) = value else { throw CommandError("line \(n): expected a JSON object like {\"text\": \"...\", \"width\": 250}") }
            guard let text = object["text"]?.stringValue else { throw CommandError("line \(n): \"text\" must be a string") }
            var width = defaultWidth
            if let w = object["width"], !w.isNull { // "width": null counts as absent
                guard let number = w.doubleValue else { throw CommandError("line \(n): \"width\" must be a number") }
                guard number.isFinite, number > 0 else { throw CommandError("line \(n): \"width\" must be a finite number above 0 (got \(OutputNumber.format(number)))") }
                width = number
            }
            guard let width else { throw CommandError("line \(n): no width: give \"width\" or --width") }
            items.append((text, width))
        }
        return (items, replaced)
    }

    /// Lays out every record and formats the output lines.
    package func run(_ input: [UInt8], engine: TextEngine) throws -> (output: [UInt8], report: Report) {
        let (items, replaced) = try parse(input)
        return run(items, replacedInvalidUTF8: replaced, engine: engine)
    }

    /// Lays out records already parsed (`parse`) and formats the output lines.
    package func run(_ items: [(text: String, width: Double)], replacedInvalidUTF8 replaced: Int, engine: TextEngine) -> (output: [UInt8], report: Report) {
        let layouts = engine.layout(items, attributes: attributes, threads: threads)
        var output: [UInt8] = []
        output.reserveCapacity(layouts.count * 64)
        var writer = JSONWriter(spaced: true)
        var missing = MissingGlyphs.none
        for layout in layouts {
            LayoutJob.write(layout, to: &writer)
            writer.moveBytes(appendingTo: &output)
            output.append(UInt8(ascii: "\n"))
            missing.formUnion(layout.missingGlyphs)
        }
        return (output, Report(records: items.count, replacedInvalidUTF8: replaced, missingGlyphs: missing))
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
