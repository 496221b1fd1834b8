/// A whole CSV table read into memory as strings, for the sizing paths that keep every row
/// (`TableData`). The rules are `CSVParser`'s; invalid UTF-8 becomes U+FFFD and is counted,
/// never dropped silently.
///
/// O(n) in the input's bytes; the whole table is held in memory as strings.
package struct CSVReader {
    package typealias ParseError = CSVParser.ParseError

    package private(set) var rows: [[String]] = []
    /// Number of invalid UTF-8 sequences replaced by U+FFFD.
    package private(set) var replacedInvalidUTF8 = 0
    /// Lines with nothing on them that were not taken as rows (see `CSVParser`).
    package private(set) var skippedBlankLines = 0
    /// The line each row starts on (from 1).
    package private(set) var lines: [Int] = []

    /// Parses a whole file's bytes; no field may be longer than `maxFieldBytes`.
    /// - Throws: `ParseError` (see `CSVParser.feed(_:)` and `finish()`).
    package init(bytes: [UInt8], maxFieldBytes: Int = .max) throws(ParseError) {
        var parser = CSVParser()
        parser.maxFieldBytes = maxFieldBytes
        try bytes.withUnsafeBufferPointer { b throws(ParseError) in try parser.feed(b) }
        try parser.finish()
        let block = parser.take()
        rows.reserveCapacity(block.count)
        for r in 0..<block.count {
            rows.append((0..<block.fieldCount(r)).map { c in
                let (text, replaced) = block.string(r, c)
                replacedInvalidUTF8 += replaced
                return text
            })
        }
        lines = block.lines
        skippedBlankLines = parser.skippedBlankLines
    }
}
