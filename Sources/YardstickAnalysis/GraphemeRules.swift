/// Quick questions about extended grapheme-cluster boundaries (UAX #29) that need no iterator.
public enum GraphemeRules {
    /// Whether a grapheme cluster may start at `offset` inside `paragraph` (false when unsure),
    /// so a paragraph can be resolved segment by segment: GB9/9a (Extend, SpacingMark, ZWJ
    /// continue a cluster), GB6–8 (Hangul jamo), GB9b (Prepend), GB11–13 (after a ZWJ, between
    /// regional indicators).
    /// (Inlinable: between two ASCII characters, the usual case, it is two loads.)
    @inlinable @inline(__always)
    package static func mayStartCluster(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, in paragraph: Range<Int>) -> Bool {
        guard offset > paragraph.lowerBound && offset < paragraph.upperBound else { return true }
        if bytes[offset] < 0x80 && bytes[offset - 1] < 0x80 { return true }
        return mayStartClusterAfterNonASCII(bytes, at: offset, in: paragraph)
    }

    /// `mayStartCluster` where a character around `offset` is not ASCII.
    @usableFromInline
    static func mayStartClusterAfterNonASCII(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, in paragraph: Range<Int>) -> Bool {
        let next = UnicodeTables.graphemeBreakClass(UTF8Decoding.decode(bytes, at: offset, end: paragraph.upperBound).0)
        if next == 3 || next == 10 || next == 17 { return false }
        var p = offset - 1
        while p > paragraph.lowerBound && bytes[p] & 0xC0 == 0x80 { p -= 1 }
        let previous = UnicodeTables.graphemeBreakClass(UTF8Decoding.decode(bytes, at: p, end: offset).0)
        switch previous {
        case 11, 17: return false // Prepend, ZWJ
        case 12: return next != 12 // regional indicators pair up
        case 4: return !(next == 4 || next == 9 || next == 6 || next == 7) // L × (L | V | LV | LVT)
        case 6, 9: return !(next == 9 || next == 8) // (LV | V) × (V | T)
        case 7, 8: return next != 8 // (LVT | T) × T
        default: return true
        }
    }
}
