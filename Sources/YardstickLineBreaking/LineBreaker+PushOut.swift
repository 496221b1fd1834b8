import YardstickShaping

extension LineBreaker {
    /// `breakParagraph`, and with `pushOut` UIKit's `.pushOut` strategy on top: where the
    /// paragraph's last line holds one word and the line before holds more, the line before
    /// gives its last word to the last line if it then fits. Lines are handed
    /// on two behind the breaker, so the last two can still change.
    /// - Complexity: `breakParagraph`'s, plus O(segments of the last two lines).
    @inline(__always) @discardableResult
    package static func breakParagraph(segments: UnsafeBufferPointer<BreakSegment>, pieces: UnsafeBufferPointer<ShapedPiece>, runs: ShapedRunAccess,
                                      paragraphStart: Int32, paragraphEnd: Int32, emptyMetricsMask: UInt64,
                                      maxWidth: Double, size: Double, letterSpacing: Double, wrap: Bool = true,
                                      hyphenWidths: UnsafeBufferPointer<Double>? = nil, pushOut: Bool,
                                      emit: (LineSpan) -> Bool) -> Bool {
        guard pushOut && wrap && segments.count > 2 else {
            return breakParagraph(segments: segments, pieces: pieces, runs: runs, paragraphStart: paragraphStart, paragraphEnd: paragraphEnd,
                                  emptyMetricsMask: emptyMetricsMask, maxWidth: maxWidth, size: size, letterSpacing: letterSpacing,
                                  wrap: wrap, hyphenWidths: hyphenWidths, emit: emit)
        }
        var before: LineSpan? = nil
        var last: LineSpan? = nil
        let finished = breakParagraph(segments: segments, pieces: pieces, runs: runs, paragraphStart: paragraphStart, paragraphEnd: paragraphEnd,
                                      emptyMetricsMask: emptyMetricsMask, maxWidth: maxWidth, size: size, letterSpacing: letterSpacing,
                                      wrap: wrap, hyphenWidths: hyphenWidths) { line in
            if let held = before, !emit(held) { return false }
            before = last
            last = line
            return true
        }
        guard finished, var tail = last else { return false }
        if var head = before {
            giveLastWord(&head, &tail, segments: segments, limit: maxWidth + epsilon, size: size, letterSpacing: letterSpacing)
            if !emit(head) { return false }
        }
        return emit(tail)
    }

    /// Moves the last word of `head` to `tail` where `tail` is one word, `head` holds more
    /// than that word, and the new `tail` fits in `limit`. A word is a run of segments with no
    /// whitespace between them ("well-known" is two segments). The widths are summed as
    /// `breakParagraph` sums them.
    static func giveLastWord(_ head: inout LineSpan, _ tail: inout LineSpan, segments: UnsafeBufferPointer<BreakSegment>, limit: Double,
                             size: Double, letterSpacing: Double) {
        let k = segments.count - 1
        guard head.hyphenFace == 0, tail.hyphenFace == 0, head.end == tail.start else { return }
        var t = k
        while t > 0 && segments[t].start > tail.start { t -= 1 }
        guard segments[t].start == tail.start, t > 0, (t..<k).allSatisfy({ segments[$0].trailingClusterCount == 0 }) else { return }
        var j = t - 1
        while j > 0 && segments[j].start > head.start { j -= 1 }
        guard segments[j].start == head.start, segments[t - 1].trailingClusterCount > 0 else { return }
        var m = t - 1 // the first segment of head's last word
        while m > j && segments[m - 1].trailingClusterCount == 0 { m -= 1 }
        guard m > j else { return }
        func width(_ range: ClosedRange<Int>) -> Double {
            var w = 0.0
            for i in range {
                w += segments[i].width(size: size, letterSpacing: letterSpacing)
                if i < range.upperBound { w += segments[i].trailing(size: size, letterSpacing: letterSpacing) }
            }
            return w
        }
        func faces(_ range: ClosedRange<Int>) -> UInt64 { range.reduce(0) { $0 | segments[$1].metricsMask } }
        let moved = width(m...k)
        guard moved <= limit else { return }
        head = LineSpan(start: head.start, end: segments[m].start, width: width(j...(m - 1)), metricsMask: faces(j...(m - 1)))
        tail = LineSpan(start: segments[m].start, end: tail.end, width: moved, metricsMask: faces(m...k))
    }
}
