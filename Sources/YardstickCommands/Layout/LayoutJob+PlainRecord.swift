import Foundation
import YardstickLayout
import YardstickFormats

extension LayoutJob {
    /// Where a plain record's text is.
    package enum PlainText: Equatable {
        /// The text needed no decoding: these bytes of the line.
        case line(Range<Int>)
        /// The text had escapes: these bytes, decoded.
        case unescaped([UInt8])
    }

    /// The common record, `{"text": "…"}` or `{"text": "…", "width": N}` (one space or none
    /// after each colon and the comma, a text in valid UTF-8 whose escapes are the usual ones,
    /// nothing else on the line), read with byte compares: where the text is, and the width
    /// (nil when absent). Nil for any other line, which the general reader then takes: a line
    /// read here gives the record that reader gives, and a line it would refuse is never read
    /// here. O(line length); no allocation unless the text has escapes.
    package static func readPlainRecord(_ line: UnsafeBufferPointer<UInt8>) -> (text: PlainText, width: Double?)? {
        let n = line.count
        var p = 0
        func take(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard p + count <= n else { return false }
            // (Byte by byte: the literals are a few bytes, shorter than a call to memcmp.)
            for k in 0..<count where line[p + k] != literal.utf8Start[k] { return false }
            p += count
            return true
        }
        func space() { if p < n && line[p] == UInt8(ascii: " ") { p += 1 } }
        guard take(#"{"text":"#) else { return nil }
        space()
        guard take(#"""#) else { return nil }
        guard var end = JSONPlainString.end(in: line, from: p) else { return nil }
        var text = PlainText.line(p..<end)
        if line[end] == UInt8(ascii: "\\") {
            guard let unescaped = JSONPlainString.unescape(in: line, from: p) else { return nil }
            (end, text) = (unescaped.end, .unescaped(unescaped.text))
        } else if line[end] != UInt8(ascii: "\"") {
            return nil
        }
        p = end + 1
        if p == n - 1 && line[p] == UInt8(ascii: "}") { return (text, nil) }
        guard take(",") else { return nil }
        space()
        guard take(#""width":"#) else { return nil }
        space()
        guard p < n, line[p] == UInt8(ascii: "-") || (line[p] >= UInt8(ascii: "0") && line[p] <= UInt8(ascii: "9")) else { return nil }
        var reader = JSONReader(bytes: line)
        reader.position = p
        guard let width = try? reader.readNumber(), width.isFinite, width > 0,
              reader.position == n - 1, line[reader.position] == UInt8(ascii: "}") else { return nil }
        return (text, width)
    }
}
