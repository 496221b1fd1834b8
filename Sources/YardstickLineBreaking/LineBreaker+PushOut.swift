import YardstickShaping

extension LineBreaker {
    /// `breakParagraph`, and with `pushOut` UIKit's `.pushOut` strategy on top: where the
    /// paragraph's last line holds one segment (one word) and the line before holds more, the
    /// line before gives its last segment to the last line if both then fit. Lines are handed
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
            giveLastSegment(&head, &tail, segments: segments, limit: maxWidth + epsilon, size: size, letterSpacing: letterSpacing)
            if !emit(head) { return false }
        }
        return emit(tail)
    }

    /// Moves the last segment of `head` to `tail` where `tail` is one whole segment, `head`
    /// at least two whole segments, and the new `tail` fits in `limit`. The widths are summed as
    /// `breakParagraph` sums them.
    static func giveLastSegment(_ head: inout LineSpan, _ tail: inout LineSpan, segments: UnsafeBufferPointer<BreakSegment>, limit: Double,
                        size: Double, letterSpacing: Double) {
        let k = segments.count - 1
        guard head.hyphenFace == 0, tail.hyphenFace == 0, segments[k].start == tail.start, head.end == tail.start else { return }
        var j = k - 1
        while j >= 0 && segments[j].start > head.start { j -= 1 }
        guard j >= 0, segments[j].start == head.start, k - j >= 2 else { return }
        let moved = segments[k - 1]
        let width = moved.width(size: size, letterSpacing: letterSpacing) + moved.trailing(size: size, letterSpacing: letterSpacing)
            + segments[k].width(size: size, letterSpacing: letterSpacing)
        guard width <= limit else { return }
        var kept = 0.0, mask: UInt64 = 0
        for i in j...(k - 2) {
            kept += segments[i].width(size: size, letterSpacing: letterSpacing)
            if i < k - 2 { kept += segments[i].trailing(size: size, letterSpacing: letterSpacing) }
            mask |= segments[i].metricsMask
        }
        head = LineSpan(start: head.start, end: moved.start, width: kept, metricsMask: mask)
        tail = LineSpan(start: moved.start, end: tail.end, width: width, metricsMask: moved.metricsMask | segments[k].metricsMask)
    }
}
