import YardstickAnalysis

/// Break opportunities as the segment path takes them: never inside a grapheme cluster, and
/// where a bidi level changes inside a segment.
extension TextPreparer {
    /// UAX #14 allows a break before a combining mark after a space (LB10); a grapheme cluster
    /// is never split, so such opportunities are dropped.
    func dropBreaksInsideClusters(_ bytes: UnsafeBufferPointer<UInt8>, _ paragraph: Range<Int>, _ breaks: inout [Int32]) {
        let insideCluster = { (offset: Int32) -> Bool in
            Int(offset) < paragraph.upperBound && bytes[Int(offset)] >= 0xCC // U+0300 and above
                && CharacterProperties.continuesGraphemeCluster(UTF8Decoding.decode(bytes, at: Int(offset), end: paragraph.upperBound).0)
        }
        if breaks.contains(where: insideCluster) { breaks.removeAll(where: insideCluster) }
    }

    /// The start of the first segment whose bidi level changes inside it, nil if every level
    /// change falls on a break opportunity.
    static func firstMixedLevelSegment(_ levelRuns: [LevelRun], breaks: [Int32], paragraphStart: Int) -> Int? {
        var b = 0
        for run in levelRuns.dropLast() {
            while b < breaks.count && breaks[b] < run.end { b += 1 }
            if b == breaks.count || breaks[b] != run.end { return b == 0 ? paragraphStart : Int(breaks[b - 1]) }
        }
        return nil
    }
}
