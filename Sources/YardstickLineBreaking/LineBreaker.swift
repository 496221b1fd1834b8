/// One line chosen by the `LineBreaker`.
public struct LineBreak: Equatable, Sendable {
    /// UTF-8 offsets: the line holds `start..<end`, its trailing whitespace included.
    public var start: Int32
    public var end: Int32
    /// Width in points, trailing whitespace excluded.
    public var width: Double
    /// Faces used on the line.
    public var faceMask: UInt64

    public init(start: Int32, end: Int32, width: Double, faceMask: UInt64) {
        self.start = start
        self.end = end
        self.width = width
        self.faceMask = faceMask
    }
}

/// Greedy line filling over break segments: each line takes segments while their width fits;
/// trailing whitespace hangs past the edge and does not count. A segment wider than a whole
/// line breaks between clusters (never inside a grapheme cluster), as UIKit's byWordWrapping and
/// CSS `overflow-wrap: break-word` do; a line always takes at least one cluster.
///
/// Pure arithmetic over precomputed widths: O(segments) per paragraph, plus O(clusters) of any
/// segment that must be broken. No allocation.
public enum LineBreaker {
    /// Tolerance for float sums compared with the width (well under a device pixel).
    public static let epsilon = 1e-6

    /// Breaks one paragraph.
    /// - Parameters:
    ///   - segments: the paragraph's segments, in logical order (may be empty for an empty paragraph).
    ///   - paragraphStart, paragraphEnd: its UTF-8 range.
    ///   - emptyFaceMask: faces for an empty paragraph's single line.
    ///   - emit: called with each line in order; return false to stop early.
    /// - Returns: false when `emit` stopped the paragraph early.
    @inline(__always) @discardableResult
    public static func breakParagraph(segments: UnsafeBufferPointer<BreakSegment>, pieces: UnsafeBufferPointer<ShapedPiece>,
                                      paragraphStart: Int32, paragraphEnd: Int32, emptyFaceMask: UInt64,
                                      maxWidth: Double, size: Double, letterSpacing: Double, wrap: Bool = true,
                                      emit: (LineBreak) -> Bool) -> Bool {
        if segments.isEmpty {
            return emit(LineBreak(start: paragraphStart, end: paragraphEnd, width: 0, faceMask: emptyFaceMask))
        }
        let limit = maxWidth + epsilon
        var lineStart = paragraphStart
        var contentWidth = 0.0 // width of the line so far, without the last trailing whitespace
        var fullWidth = 0.0 // with it
        var mask: UInt64 = 0
        var empty = true
        var i = 0
        let n = segments.count
        while i < n {
            let seg = segments[i]
            let w = seg.width(size: size, letterSpacing: letterSpacing)
            let t = seg.trailing(size: size, letterSpacing: letterSpacing)
            if empty {
                if wrap && w > limit {
                    // Overlong segment: break between clusters; the remainder stays on the line.
                    var hasCluster = false
                    var acc = 0.0
                    var accMask: UInt64 = 0
                    var stopped = false
                    forEachCluster(segments[i], pieces: pieces, from: lineStart) { cStart, cEnd, advance, face, isTrailing in
                        if isTrailing { return true }
                        let cw = size * advance + letterSpacing
                        if hasCluster && acc + cw > limit {
                            if !emit(LineBreak(start: lineStart, end: cStart, width: acc, faceMask: accMask)) { stopped = true; return false }
                            lineStart = cStart
                            acc = 0
                            accMask = 0
                        }
                        acc += cw
                        accMask |= 1 << UInt64(face)
                        hasCluster = true
                        return true
                    }
                    if stopped { return false }
                    contentWidth = acc
                    fullWidth = acc + t
                    mask = accMask | seg.faceMask
                } else {
                    contentWidth = w
                    fullWidth = w + t
                    mask = seg.faceMask
                }
                empty = false
                i += 1
            } else if wrap && fullWidth + w > limit {
                if !emit(LineBreak(start: lineStart, end: seg.start, width: contentWidth, faceMask: mask)) { return false }
                lineStart = seg.start
                empty = true
                contentWidth = 0
                fullWidth = 0
                mask = 0
            } else {
                contentWidth = fullWidth + w
                fullWidth = contentWidth + t
                mask |= seg.faceMask
                i += 1
            }
        }
        return emit(LineBreak(start: lineStart, end: paragraphEnd, width: contentWidth, faceMask: mask))
    }

    /// Calls `body(start, end, advancePerEm, face, isTrailingWhitespace)` for each cluster of a
    /// segment at or after `from`, in logical order. Stop by returning false.
    @inline(__always)
    public static func forEachCluster(_ segment: BreakSegment, pieces: UnsafeBufferPointer<ShapedPiece>, from: Int32,
                                      _ body: (Int32, Int32, Double, Int, Bool) -> Bool) {
        for p in Int(segment.firstPiece)..<Int(segment.endPiece) {
            let piece = pieces[p]
            if piece.end <= from { continue }
            let run = piece.run
            let count = run.clusterStarts.count
            for c in 0..<count {
                let cStart = piece.start + run.clusterStarts[c]
                let cEnd = c + 1 < count ? piece.start + run.clusterStarts[c + 1] : piece.end
                if cStart < from { continue }
                let trailing = run.clusterStarts[c] >= run.trailingWhitespaceStart
                if !body(cStart, cEnd, Double(run.clusterAdvances[c]) * piece.emPerUnit, run.face, trailing) { return }
            }
        }
    }

    /// The longest prefix of the text from `from` to the end of `segments` whose width fits in
    /// `width` points, cut between clusters, with trailing whitespace not counted — what a tail
    /// truncation keeps before its ellipsis. Returns the cut offset, the kept width and faces.
    public static func fittingPrefix(segments: UnsafeBufferPointer<BreakSegment>, pieces: UnsafeBufferPointer<ShapedPiece>,
                                     from: Int32, width: Double, size: Double, letterSpacing: Double) -> (end: Int32, width: Double, faceMask: UInt64) {
        let limit = width + epsilon
        var acc = 0.0
        var keptEnd = from
        var keptWidth = 0.0
        var keptMask: UInt64 = 0
        var mask: UInt64 = 0
        var done = false
        for s in segments.indices where !done && segments[s].end > from {
            forEachCluster(segments[s], pieces: pieces, from: from) { _, cEnd, advance, face, isTrailing in
                acc += size * advance + letterSpacing
                if acc > limit { done = true; return false }
                mask |= 1 << UInt64(face)
                if !isTrailing { keptEnd = cEnd; keptWidth = acc; keptMask = mask }
                return true
            }
        }
        return (keptEnd, keptWidth, keptMask)
    }
}
