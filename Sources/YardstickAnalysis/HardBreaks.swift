/// Splits text at hard breaks: LF, CR LF, CR, U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR,
/// and the other characters UAX #14 makes mandatory breaks (classes BK and NL): VT (U+000B),
/// FF (U+000C) and NEL (U+0085).
///
/// Text ending in a hard break gets a final empty paragraph (as Pango and text views show an
/// empty last line); empty text is one empty paragraph. O(n) over the UTF-8 bytes.
public enum HardBreaks {
    package static func paragraphs(in bytes: UnsafeBufferPointer<UInt8>) -> [Paragraph] {
        var result: [Paragraph] = []
        paragraphs(in: bytes, into: &result)
        return result
    }

    /// Appends the paragraphs to `result` (reusing its storage).
    package static func paragraphs(in bytes: UnsafeBufferPointer<UInt8>, into result: inout [Paragraph]) {
        var start = 0
        var i = 0
        let n = bytes.count
        let raw = UnsafeRawPointer(bytes.baseAddress)
        while i < n {
            // Eight bytes at a time while none of them can start a hard break (a byte below 0x10,
            // 0xC2 or 0xE2); then straight to the first byte that can.
            while i + 8 <= n {
                let candidates = breakCandidates(raw!.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                if candidates != 0 { i += candidates.trailingZeroBitCount >> 3; break }
                i += 8
            }
            if i >= n { break }
            let b = bytes[i]
            if b == 0x0A || b == 0x0B || b == 0x0C {
                result.append(Paragraph(start: start, end: i, next: i + 1)); i += 1; start = i
            } else if b == 0x0D {
                let next = (i + 1 < n && bytes[i + 1] == 0x0A) ? i + 2 : i + 1
                result.append(Paragraph(start: start, end: i, next: next)); i = next; start = i
            } else if b == 0xE2, i + 2 < n, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                result.append(Paragraph(start: start, end: i, next: i + 3)); i += 3; start = i
            } else if b == 0xC2, i + 1 < n, bytes[i + 1] == 0x85 {
                result.append(Paragraph(start: start, end: i, next: i + 2)); i += 2; start = i
            } else {
                i += 1
            }
        }
        result.append(Paragraph(start: start, end: n, next: n))
    }

    /// The high bit of each byte of `word` (little-endian) that may be below 0x10, 0xC2 or 0xE2,
    /// zero if none is: a zero-byte test on masked and XORed copies. The lowest bit set marks
    /// exactly the first such byte (higher ones may be false alarms, and tabs, NBSP or other
    /// U+0080–U+00BF characters are, all of which the caller's byte test rejects).
    @inline(__always) private static func breakCandidates(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        return zeroBytes(word & (ones &* 0xF0)) | zeroBytes(word ^ (ones &* 0xC2)) | zeroBytes(word ^ (ones &* 0xE2))
    }

    public static func paragraphs(in text: String) -> [Paragraph] {
        var text = text
        return text.withUTF8 { paragraphs(in: $0) }
    }
}
