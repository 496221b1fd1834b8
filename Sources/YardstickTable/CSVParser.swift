/// Reads RFC 4180 CSV as it arrives, in chunks of any size: comma-separated fields, double-quoted
/// fields that may hold commas, quotes (doubled) and line breaks; records end at LF, CR LF or CR.
/// A UTF-8 byte-order mark at the start is skipped.
///
/// A line with nothing on it (not even `""`) is not a record when the header has two or more
/// fields (it could only be a short record, and is most often a stray trailing newline), nor
/// before the header; such lines are counted. In a one-column table it is a record with one
/// empty field.
///
/// Feed chunks with `feed(_:)`, take the complete records with `take()` whenever convenient
/// (the record being read stays behind), and call `finish()` at the end of the input. O(n) in
/// the bytes, one pass; unquoted runs of text are copied whole. Memory: the records not yet
/// taken.
package struct CSVParser {
    /// A problem that makes the input unreadable as CSV.
    package struct ParseError: Error, CustomStringConvertible, Equatable {
        package var line: Int
        package var message: String
        package var description: String { "CSV line \(line): \(message)" }
    }

    private var block = CSVBlock()
    private var inQuotes = false
    /// The current field began with a quote (and, once it is closed, may hold nothing more).
    private var quotedField = false
    private var atFieldStart = true
    /// A quote inside a quoted field ended the last chunk: a quote or the field's end.
    private var pendingQuote = false
    /// The last byte was a CR (an LF right after it ends nothing more).
    private var afterCR = false
    /// Up to two bytes held back at the very start, which may begin a byte-order mark.
    private var head: [UInt8] = []
    private var started = false
    private var line = 1
    private var fieldStartLine = 1
    private var recordLine = 1
    /// Fields of the first record (nil until it ends).
    package private(set) var headerFieldCount: Int?
    /// Lines with nothing on them that were not taken as records.
    package private(set) var skippedBlankLines = 0
    /// The longest field, in bytes: a quoted field may span lines, so a line limit alone does
    /// not bound a cell (and a cell's layout holds about 140 bytes a byte at worst).
    package var maxFieldBytes = Int.max
    /// Whether blocks say where each record starts in the input (`CSVBlock.starts`).
    package var keepsOffsets = false
    /// Where in the input the chunk being scanned starts.
    private var scanned = 0
    /// Where in the input the record being read starts (after the last line break).
    private var recordStart = 0

    package init() {}

    /// A parser for records from the middle of a file whose header has `headerFieldCount` fields:
    /// no byte-order mark is looked for, and empty lines are read as that header decides.
    package init(afterHeaderOf headerFieldCount: Int) {
        started = true
        self.headerFieldCount = headerFieldCount
    }

    /// Where the record after the last complete one starts in the input (its end, with the line
    /// break and any empty lines after it).
    package var nextRecordStart: Int { recordStart }

    /// Reads `chunk`. Throws for text after the closing quote of a quoted field (`"ab"c`),
    /// naming the line. A quote inside an unquoted field (`ab"c`) is kept as text, as most
    /// spreadsheet exports expect.
    package mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) throws(ParseError) {
        if !started {
            head.append(contentsOf: chunk)
            guard head.count >= 4 else { return }
            try startWithHead()
            return
        }
        try scan(chunk)
    }

    /// The byte-order mark decided: the held bytes are read.
    private mutating func startWithHead() throws(ParseError) {
        started = true
        let bytes = head
        head = []
        if bytes.count >= 4 && ((bytes[0] == 0xFF && bytes[1] == 0xFE && bytes[2] == 0 && bytes[3] == 0) || (bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0xFE && bytes[3] == 0xFF)) {
            throw ParseError(line: 1, message: "the file is UTF-32 (it starts with a UTF-32 byte-order mark); convert it to UTF-8, e.g. iconv -f UTF-32 -t UTF-8")
        }
        if bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)) {
            throw ParseError(line: 1, message: "the file is UTF-16 (it starts with a UTF-16 byte-order mark); convert it to UTF-8, e.g. iconv -f UTF-16 -t UTF-8")
        }
        let skip = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        scanned = skip
        recordStart = skip
        try bytes.withUnsafeBufferPointer { b throws(ParseError) in try scan(UnsafeBufferPointer(rebasing: b[skip...])) }
    }

    /// Ends the input: the last record, if it has anything, is complete. Throws for a quoted
    /// field never closed, naming the line where it opened.
    package mutating func finish() throws(ParseError) {
        if !started { try startWithHead() }
        if pendingQuote { pendingQuote = false; inQuotes = false }
        if inQuotes { throw ParseError(line: fieldStartLine, message: "a quoted field is never closed") }
        let fieldsSoFar = block.fieldEnds.count - (block.recordEnds.last ?? 0)
        if !atFieldStart || fieldsSoFar > 0 || quotedField { try finishField(); finishRecord() }
    }

    /// The complete records read so far (the record being read stays for the next block). O(the
    /// record being read).
    package mutating func take() -> CSVBlock {
        var next = CSVBlock()
        let firstField = block.recordEnds.last ?? 0
        let firstByte = firstField == 0 ? 0 : block.fieldEnds[firstField - 1]
        next.bytes.append(contentsOf: block.bytes[firstByte...])
        for end in block.fieldEnds[firstField...] { next.fieldEnds.append(end - firstByte) }
        block.bytes.removeSubrange(firstByte...)
        block.fieldEnds.removeSubrange(firstField...)
        let done = block
        block = next
        return done
    }

    /// Records complete and not yet taken. O(1).
    package var pendingRecords: Int { block.recordEnds.count }
    /// Bytes held for records not yet taken (the record being read included). O(1).
    package var pendingBytes: Int { block.bytes.count }

    private mutating func finishField() throws(ParseError) {
        let start = block.fieldEnds.last ?? 0
        if block.bytes.count - start > maxFieldBytes {
            throw ParseError(line: quotedField ? fieldStartLine : recordLine,
                             message: "a field is longer than \(maxFieldBytes) bytes (--max-line-bytes sets the limit)")
        }
        block.fieldEnds.append(block.bytes.count)
        quotedField = false
        atFieldStart = true
    }

    private mutating func finishRecord() {
        block.recordEnds.append(block.fieldEnds.count)
        block.lines.append(recordLine)
        if keepsOffsets { block.starts.append(recordStart) }
        if headerFieldCount == nil { headerFieldCount = block.fieldCount(block.count - 1) }
    }

    /// Bytes that end an unquoted run: comma, LF, CR, quote.
    private static let special: [Bool] = (0..<256).map { $0 == 0x2C || $0 == 0x0A || $0 == 0x0D || $0 == 0x22 }
    /// Bytes that end a quoted run: quote, LF, CR.
    private static let quotedSpecial: [Bool] = (0..<256).map { $0 == 0x0A || $0 == 0x0D || $0 == 0x22 }

    /// Where the next byte that may end a run is, eight bytes at a time (at most 7 short of it:
    /// the byte loop finishes): a comma (outside quotes), quote, CR or LF.
    @inline(__always)
    private static func skipOrdinary(_ chunk: UnsafeBufferPointer<UInt8>, from start: Int, quoted: Bool) -> Int {
        let n = chunk.count
        var j = start
        guard let base = chunk.baseAddress else { return j }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let comma = quoted ? 0x22 * ones : 0x2C * ones // outside quotes a comma ends a field
        while j + 8 <= n {
            let w = UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)
            let hit = zero(w ^ (0x22 * ones)) | zero(w ^ comma) | zero(w ^ (0x0A * ones)) | zero(w ^ (0x0D * ones))
            if hit != 0 { return j + hit.littleEndian.trailingZeroBitCount / 8 }
            j += 8
        }
        return j
    }

    private mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>) throws(ParseError) {
        let n = chunk.count
        var i = 0
        if pendingQuote && n > 0 {
            pendingQuote = false
            if chunk[0] == 0x22 { block.bytes.append(0x22); i = 1 } else { inQuotes = false }
        }
        try Self.special.withUnsafeBufferPointer { special throws(ParseError) in
            try Self.quotedSpecial.withUnsafeBufferPointer { quotedSpecial throws(ParseError) in
                while i < n {
                    if inQuotes {
                        var j = Self.skipOrdinary(chunk, from: i, quoted: true)
                        while j < n && !quotedSpecial[Int(chunk[j])] { j += 1 }
                        if j > i { block.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[i..<j])); afterCR = false; i = j; continue }
                        let b = chunk[i]
                        if b == 0x22 {
                            if i + 1 == n { pendingQuote = true; i += 1; continue }
                            if chunk[i + 1] == 0x22 { block.bytes.append(0x22); i += 2; afterCR = false; continue }
                            inQuotes = false; i += 1; afterCR = false; continue
                        }
                        // A line break inside a quoted field: kept, and counted (CR LF once).
                        if !(b == 0x0A && afterCR) { line += 1 }
                        afterCR = b == 0x0D
                        block.bytes.append(b); i += 1
                        continue
                    }
                    let b = chunk[i]
                    if !special[Int(b)] {
                        if quotedField { throw ParseError(line: line, message: "text after a closing quote; quote the whole field and double inner quotes") }
                        var j = Self.skipOrdinary(chunk, from: i + 1, quoted: false)
                        while j < n && !special[Int(chunk[j])] { j += 1 }
                        block.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[i..<j]))
                        atFieldStart = false; afterCR = false; i = j
                        continue
                    }
                    switch b {
                    case 0x2C:
                        try finishField(); afterCR = false; i += 1
                    case 0x0A where afterCR:
                        afterCR = false; i += 1 // the LF of a CR LF
                        recordStart = scanned + i
                    case 0x0A, 0x0D:
                        let fieldsSoFar = block.fieldEnds.count - (block.recordEnds.last ?? 0)
                        let fieldStart = block.fieldEnds.last ?? 0
                        let blank = fieldsSoFar == 0 && block.bytes.count == fieldStart && atFieldStart && !quotedField
                        if blank && (headerFieldCount ?? 2) > 1 {
                            skippedBlankLines += 1
                        } else {
                            try finishField(); finishRecord()
                        }
                        line += 1
                        recordLine = line
                        afterCR = b == 0x0D; i += 1
                        recordStart = scanned + i
                    default: // a quote
                        afterCR = false
                        if atFieldStart {
                            inQuotes = true; quotedField = true; atFieldStart = false; fieldStartLine = line; i += 1
                        } else if quotedField {
                            throw ParseError(line: line, message: "text after a closing quote; quote the whole field and double inner quotes")
                        } else {
                            block.bytes.append(b); i += 1 // a stray quote inside an unquoted field is kept as text
                        }
                    }
                }
            }
        }
        scanned += n
    }
}
