/// UIKit's `.hangulWordPriority` line-break strategy: no break between two Hangul characters,
/// so Korean breaks only at spaces (and where UAX #14 allows beside other characters), as
/// CSS `word-break: keep-all` does for Hangul alone.
///
/// Hangul is Jamo (U+1100–11FF), compatibility Jamo (U+3130–318F), Jamo Extended-A and -B
/// (U+A960–A97F, U+D7B0–D7FF) and the syllables (U+AC00–D7AF): three bytes each in UTF-8.
/// - Complexity: O(opportunities), reading at most six bytes per opportunity.
enum HangulWords {
    /// Removes from `breaks[from...]` the opportunities strictly inside `range` with Hangul on
    /// both sides.
    static func dropBreaks(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ breaks: inout [Int32], from: Int) {
        var kept = from
        for k in from..<breaks.count {
            let o = Int(breaks[k])
            if o > range.lowerBound + 2 && o + 3 <= range.upperBound && isHangul(bytes, at: o) && isHangul(bytes, at: o - 3) { continue }
            breaks[kept] = breaks[k]
            kept += 1
        }
        breaks.removeSubrange(kept...)
    }

    /// Whether the three bytes at `i` encode a Hangul character.
    @inline(__always) static func isHangul(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        let b0 = bytes[i], b1 = bytes[i + 1], b2 = bytes[i + 2]
        guard b0 & 0xF0 == 0xE0, b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return false }
        let scalar = UInt32(b0 & 0x0F) << 12 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F)
        return (0x1100...0x11FF).contains(scalar) || (0x3130...0x318F).contains(scalar) || (0xA960...0xA97F).contains(scalar)
            || (0xAC00...0xD7FF).contains(scalar)
    }
}
