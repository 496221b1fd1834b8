/// Reads RFC 4180 CSV: comma-separated fields, double-quoted fields that may hold commas,
/// quotes (doubled) and line breaks; rows end at LF, CR LF or CR. A UTF-8 byte-order mark is
/// skipped. Invalid UTF-8 becomes U+FFFD and is counted, never dropped silently.
///
/// A line with nothing on it (not even `""`) is not a row when the header has two or more
/// fields (it could only be a short row, and is most often a stray trailing newline), nor before
/// the header; such lines are counted. In a one-column table it is a row with one empty field.
///
/// O(n) in the input's bytes; the whole table is held in memory as strings.
package struct CSVReader {
    /// A problem that makes the file unreadable as CSV.
    package struct ParseError: Error, CustomStringConvertible, Equatable {
        package var line: Int
        package var message: String
        package var description: String { "CSV line \(line): \(message)" }
    }

    package private(set) var rows: [[String]] = []
    /// Number of invalid UTF-8 sequences replaced by U+FFFD.
    package private(set) var replacedInvalidUTF8 = 0
    /// Lines with nothing on them that were not taken as rows (see above).
    package private(set) var skippedBlankLines = 0

    /// Parses a whole file's bytes.
    /// - Throws: `ParseError` for a quote left open at the end of the input, or text after the
    ///   closing quote of a quoted field (`"ab"c`), naming the line. A quote inside an unquoted
    ///   field (`ab"c`) is kept as text, as most spreadsheet exports expect.
    package init(bytes: [UInt8]) throws {
        var i = 0
        let n = bytes.count
        if n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
        var row: [String] = []
        var field: [UInt8] = []
        var line = 1
        var fieldStartLine = 1
        var inQuotes = false
        var quotedField = false
        var atFieldStart = true

        func finishField() {
            row.append(decode(field))
            field.removeAll(keepingCapacity: true)
            quotedField = false
            atFieldStart = true
        }
        while i < n {
            let b = bytes[i]
            if inQuotes {
                if b == 0x22 {
                    if i + 1 < n && bytes[i + 1] == 0x22 { field.append(0x22); i += 2; continue }
                    inQuotes = false; i += 1; continue
                }
                if b == 0x0A || (b == 0x0D && !(i + 1 < n && bytes[i + 1] == 0x0A)) { line += 1 }
                field.append(b); i += 1; continue
            }
            switch b {
            case 0x2C:
                finishField(); i += 1
            case 0x0A, 0x0D:
                let blank = row.isEmpty && field.isEmpty && atFieldStart && !quotedField
                if blank && (rows.isEmpty || rows[0].count > 1) {
                    skippedBlankLines += 1
                } else {
                    finishField()
                    rows.append(row); row = []
                }
                i += (b == 0x0D && i + 1 < n && bytes[i + 1] == 0x0A) ? 2 : 1
                line += 1
            case 0x22 where atFieldStart:
                inQuotes = true; quotedField = true; atFieldStart = false; fieldStartLine = line; i += 1
            case 0x22:
                if quotedField { throw ParseError(line: line, message: "text after a closing quote; quote the whole field and double inner quotes") }
                field.append(b); i += 1 // a stray quote inside an unquoted field is kept as text
            default:
                if quotedField { throw ParseError(line: line, message: "text after a closing quote; quote the whole field and double inner quotes") }
                atFieldStart = false
                field.append(b); i += 1
            }
        }
        if inQuotes { throw ParseError(line: fieldStartLine, message: "a quoted field is never closed") }
        if !atFieldStart || !row.isEmpty || quotedField { finishField(); rows.append(row) }
    }

    private mutating func decode(_ bytes: [UInt8]) -> String {
        if let s = String(validating: bytes, as: UTF8.self) { return s }
        // Count maximal invalid subsequences, then decode with replacement.
        var count = 0
        var it = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&it) {
            case .scalarValue: continue
            case .emptyInput: break loop
            case .error: count += 1
            }
        }
        replacedInvalidUTF8 += count
        return String(decoding: bytes, as: UTF8.self)
    }
}
