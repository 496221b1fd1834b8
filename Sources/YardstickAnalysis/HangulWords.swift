/// UIKit's `.hangulWordPriority` line-break strategy: no break inside a Korean word, so Korean
/// breaks at spaces (and where UAX #14 allows beside punctuation), as CSS `word-break:
/// keep-all` does: an opportunity goes where Hangul meets Hangul, a letter, a mark or a digit
/// ("2024년", "iPhone을" stay whole).
///
/// Hangul is Jamo (U+1100–11FF), compatibility Jamo (U+3130–318F), Jamo Extended-A and -B
/// (U+A960–A97F, U+D7B0–D7FF) and the syllables (U+AC00–D7AF): three bytes each in UTF-8.
/// - Complexity: O(opportunities), decoding two characters per opportunity.
enum HangulWords {
    /// Removes from `breaks[from...]` the opportunities strictly inside `range` between two
    /// characters of a Korean word.
    static func dropBreaks(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ breaks: inout [Int32], from: Int) {
        var kept = from
        for k in from..<breaks.count {
            let o = Int(breaks[k])
            if o > range.lowerBound && o < range.upperBound, case let before = scalar(bytes, endingAt: o, from: range.lowerBound),
               case let after = UTF8Decoding.decode(bytes, at: o, end: range.upperBound).0,
               (isHangul(before) && joins(after)) || (isHangul(after) && joins(before)) {
                continue
            }
            breaks[kept] = breaks[k]
            kept += 1
        }
        breaks.removeSubrange(kept...)
    }

    static func isHangul(_ scalar: UInt32) -> Bool {
        (0x1100...0x11FF).contains(scalar) || (0x3130...0x318F).contains(scalar) || (0xA960...0xA97F).contains(scalar)
            || (0xAC00...0xD7FF).contains(scalar)
    }

    /// Hangul, or a letter, mark or digit: what a Korean word holds.
    static func joins(_ scalar: UInt32) -> Bool {
        if isHangul(scalar) { return true }
        guard let s = Unicode.Scalar(scalar) else { return false }
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    /// The character whose last byte is at `end - 1` (its first byte at `start` or after).
    static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, endingAt end: Int, from start: Int) -> UInt32 {
        var i = end - 1
        while i > start && bytes[i] & 0xC0 == 0x80 && end - i < 4 { i -= 1 }
        return UTF8Decoding.decode(bytes, at: i, end: end).0
    }
}
