#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Consecutive records of a CSV file, as `CSVParser` hands them out: every field's bytes back to
/// back (quotes removed, doubled quotes made single), where each field ends and where each record
/// ends. A block of thousands of records is a few arrays, with no string or array per field, so a
/// table of any length streams through in blocks of bounded size.
///
/// Bytes are as in the file: invalid UTF-8 is still there (`string(_:_:)` replaces it and says
/// how many sequences it replaced).
package struct CSVBlock: Sendable {
    /// The fields' bytes, back to back.
    package internal(set) var bytes: [UInt8] = []
    /// Where each field ends in `bytes`.
    package internal(set) var fieldEnds: [Int] = []
    /// Where each record ends in `fieldEnds`: record r's fields are `recordEnds[r - 1] ..< recordEnds[r]`.
    package internal(set) var recordEnds: [Int] = []
    /// The line of the file each record starts on (from 1).
    package internal(set) var lines: [Int] = []
    /// Where each record starts in the input, in bytes (only from a parser that `keepsOffsets`).
    package internal(set) var starts: [Int] = []

    package init() {}

    /// Number of records. O(1).
    package var count: Int { recordEnds.count }

    /// Number of fields of record `r`. O(1).
    @inline(__always) package func fieldCount(_ r: Int) -> Int {
        recordEnds[r] - (r == 0 ? 0 : recordEnds[r - 1])
    }

    /// Where field `c` of record `r` lies in `bytes`. O(1).
    @inline(__always) package func range(_ r: Int, _ c: Int) -> Range<Int> {
        let f = (r == 0 ? 0 : recordEnds[r - 1]) + c
        return (f == 0 ? 0 : fieldEnds[f - 1])..<fieldEnds[f]
    }

    /// Records `range` as a block of their own. O(their bytes).
    package func records(_ range: Range<Int>) -> CSVBlock {
        var part = CSVBlock()
        guard !range.isEmpty else { return part }
        let firstField = range.lowerBound == 0 ? 0 : recordEnds[range.lowerBound - 1]
        let endField = recordEnds[range.upperBound - 1]
        let firstByte = firstField == 0 ? 0 : fieldEnds[firstField - 1]
        let endByte = endField == 0 ? 0 : fieldEnds[endField - 1]
        part.bytes = Array(bytes[firstByte..<endByte])
        part.fieldEnds = fieldEnds[firstField..<endField].map { $0 - firstByte }
        part.recordEnds = recordEnds[range].map { $0 - firstField }
        part.lines = Array(lines[range])
        if !starts.isEmpty { part.starts = Array(starts[range]) }
        return part
    }

    /// Field `c` of record `r` as text, and the number of invalid UTF-8 sequences replaced by
    /// U+FFFD in it (maximal subsequences, as `String(decoding:as:)` replaces them). O(length).
    package func string(_ r: Int, _ c: Int) -> (text: String, replaced: Int) {
        bytes.withUnsafeBufferPointer { Self.decode(UnsafeBufferPointer(rebasing: $0[range(r, c)])) }
    }

    /// Bytes as text, counting the invalid sequences replaced.
    package static func decode(_ field: UnsafeBufferPointer<UInt8>) -> (text: String, replaced: Int) {
        // (`String(validating:as:)` is generic and not specialized here: it looked up type
        // metadata on every call. Decoding repairs; bytes that come back unchanged were valid.)
        var text = String(decoding: field, as: UTF8.self)
        let unchanged = text.utf8.count == field.count
            && text.withUTF8 { $0.isEmpty || memcmp($0.baseAddress!, field.baseAddress!, field.count) == 0 }
        if unchanged { return (text, 0) }
        var count = 0
        var it = field.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&it) {
            case .scalarValue: continue
            case .emptyInput: break loop
            case .error: count += 1
            }
        }
        return (text, count)
    }
}
