import YardstickFonts
import YardstickShaping

/// One line chosen by the `LineBreaker`: its span of text and its width. (In this package "line"
/// is a laid-out line, "break" an opportunity to end one, "hard break" a mandatory one.)
public struct LineSpan: Equatable, Sendable {
    /// UTF-8 offsets: the line holds `start..<end`, its trailing whitespace included.
    public var start: Int32
    public var end: Int32
    /// Width in points, trailing whitespace excluded.
    public var width: Double
    /// The vertical metrics of the faces used on the line (`ShapedRunAccess.metricsBits`).
    public var metricsMask: UInt64
    /// The line ends inside a word broken between letters and shows a hyphen (its width is in `width`).
    /// Holds the face of the hyphen plus one, 0 when there is none.
    public var hyphenFace: Int32

    public init(start: Int32, end: Int32, width: Double, metricsMask: UInt64, hyphenFace: Int32 = 0) {
        self.start = start
        self.end = end
        self.width = width
        self.metricsMask = metricsMask
        self.hyphenFace = hyphenFace
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
    ///   - emptyMetricsMask: faces for an empty paragraph's single line.
    ///   - hyphenWidths: per face, the width of a hyphen in em; when given, a word broken between
    ///     letters (see `ClusterFlags`) shows a hyphen, and the line reserves room for it (as Pango does).
    ///   - emit: called with each line in order; return false to stop early.
    /// - Returns: false when `emit` stopped the paragraph early.
    @inline(__always) @discardableResult
    package static func breakParagraph(segments: UnsafeBufferPointer<BreakSegment>, pieces: UnsafeBufferPointer<ShapedPiece>, runs: ShapedRunAccess,
                                      paragraphStart: Int32, paragraphEnd: Int32, emptyMetricsMask: UInt64,
                                      maxWidth: Double, size: Double, letterSpacing: Double, wrap: Bool = true,
                                      hyphenWidths: UnsafeBufferPointer<Double>? = nil,
                                      emit: (LineSpan) -> Bool) -> Bool {
        if segments.isEmpty {
            return emit(LineSpan(start: paragraphStart, end: paragraphEnd, width: 0, metricsMask: emptyMetricsMask))
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
                    guard let rest = breakOverlong(seg, pieces: pieces, runs: runs, from: lineStart, limit: limit, size: size,
                                                   letterSpacing: letterSpacing, hyphenWidths: hyphenWidths, emit: emit) else { return false }
                    lineStart = rest.start
                    contentWidth = rest.width
                    fullWidth = rest.width + t
                    mask = rest.metricsMask | seg.metricsMask
                } else {
                    contentWidth = w
                    fullWidth = w + t
                    mask = seg.metricsMask
                }
                empty = false
                i += 1
            } else if wrap && fullWidth + w > limit {
                if !emit(LineSpan(start: lineStart, end: seg.start, width: contentWidth, metricsMask: mask)) { return false }
                lineStart = seg.start
                empty = true
                contentWidth = 0
                fullWidth = 0
                mask = 0
            } else {
                contentWidth = fullWidth + w
                fullWidth = contentWidth + t
                mask |= seg.metricsMask
                i += 1
            }
        }
        return emit(LineSpan(start: lineStart, end: paragraphEnd, width: contentWidth, metricsMask: mask))
    }

    /// Breaks an overlong segment from `from` into lines of clusters; emits all but the last
    /// part, which it returns (start, width, faces) to stay on the current line. Each line takes
    /// the most clusters whose width, plus a hyphen where one is shown, fits; at least one.
    /// Returns nil when `emit` asked to stop.
    static func breakOverlong(_ seg: BreakSegment, pieces: UnsafeBufferPointer<ShapedPiece>, runs: ShapedRunAccess, from: Int32, limit: Double,
                              size: Double, letterSpacing: Double, hyphenWidths: UnsafeBufferPointer<Double>?,
                              emit: (LineSpan) -> Bool) -> (start: Int32, width: Double, metricsMask: UInt64)? {
        // Collect the clusters once, on the stack.
        // 24 bytes a cluster, not 40 (an overlong word may have millions; a collection has at
        // most 256 faces).
        struct Cluster { var width: Double; var kerning: Double; var start: Int32; var face: UInt16; var flags: UInt8 }
        // What the segment's width holds beyond its clusters' advances: the hyphen of a soft
        // hyphen at its end (`SoftHyphens`), counted when a line ends there.
        var clustersWidth = 0.0
        var capacity = 0
        for p in Int(seg.firstPiece)..<Int(seg.endPiece) { capacity += runs.store[pieces[p].runID].clusters.count }
        return withUnsafeTemporaryAllocation(of: Cluster.self, capacity: max(1, capacity)) { clusters -> (start: Int32, width: Double, metricsMask: UInt64)? in
            var n = 0
            forEachCluster(seg, pieces: pieces, runs: runs, from: from) { cStart, _, advance, face, isTrailing, f, kerning in
                if isTrailing { return false }
                clusters[n] = Cluster(width: size * advance + letterSpacing, kerning: size * kerning, start: cStart, face: UInt16(face), flags: f)
                clustersWidth += clusters[n].width
                n += 1
                return true
            }
            let extra = from <= seg.start ? max(0, seg.width(size: size, letterSpacing: letterSpacing) - clustersWidth) : 0
            /// Hyphen width (points) if the line breaks before cluster j.
            func hyphen(_ j: Int) -> Double {
                guard let hyphenWidths, j > 0, j < n,
                      clusters[j - 1].flags & ClusterFlags.endsHyphenatingLetter != 0, clusters[j].flags & ClusterFlags.continuesWord != 0 else { return 0 }
                return size * hyphenWidths[Int(clusters[j - 1].face)] + letterSpacing
            }
            var i = 0
            while i < n {
                // The most clusters that fit (at least one), then back off until a hyphen fits too.
                // A line ending after cluster k, inside the word, ends without k's kerning.
                var acc = clusters[i].width
                var j = i + 1
                while j < n && acc + clusters[j].width - (j + 1 < n ? clusters[j].kerning : -extra) <= limit { acc += clusters[j].width; j += 1 }
                var mask: UInt64 = 0
                if j == n {
                    for k in i..<n { mask |= runs.metricsBits[Int(clusters[k].face)] }
                    return (clusters[i].start, acc + extra, mask)
                }
                var cut = j
                var width = acc - clusters[j - 1].kerning
                while cut > i + 1 && width + hyphen(cut) > limit {
                    width += clusters[cut - 1].kerning
                    cut -= 1
                    width -= clusters[cut].width + clusters[cut - 1].kerning
                }
                let h = hyphen(cut)
                for k in i..<cut { mask |= runs.metricsBits[Int(clusters[k].face)] }
                let line = LineSpan(start: clusters[i].start, end: clusters[cut].start, width: width + h, metricsMask: mask,
                                     hyphenFace: h > 0 ? Int32(clusters[cut - 1].face) + 1 : 0)
                if !emit(line) { return nil }
                i = cut
            }
            return (seg.start, 0, 0) // unreachable: a segment wider than the line has clusters
        }
    }

    /// Calls `body(start, end, advancePerEm, face, isTrailingWhitespace, clusterFlags, kerningPerEm)` for
    /// each cluster of a segment at or after `from`, in logical order. Stop by returning false.
    @inline(__always)
    package static func forEachCluster(_ segment: BreakSegment, pieces: UnsafeBufferPointer<ShapedPiece>, runs: ShapedRunAccess, from: Int32,
                                      _ body: (Int32, Int32, Double, Int, Bool, UInt8, Double) -> Bool) {
        // Trailing whitespace is the segment's, not a piece's: a space that cannot end a line
        // (after "(", say) may end a piece when the font or direction changes after it.
        var trailingStart = segment.end
        var last = Int(segment.endPiece) - 1
        while last >= Int(segment.firstPiece) {
            let run = runs.store[pieces[last].runID]
            if run.isAllWhitespace { trailingStart = pieces[last].start; last -= 1; continue }
            trailingStart = pieces[last].start + run.trailingWhitespaceStart
            break
        }
        for p in Int(segment.firstPiece)..<Int(segment.endPiece) {
            let piece = pieces[p]
            if piece.end <= from { continue }
            let run = runs.store[piece.runID]
            let em = runs.emPerUnit[Int(piece.face)]
            let clusters = run.clusters
            let count = clusters.count
            for c in 0..<count {
                let cStart = piece.start + clusters[c].start
                let cEnd = c + 1 < count ? piece.start + clusters[c + 1].start : piece.end
                if cStart < from { continue }
                let trailing = cStart >= trailingStart
                if !body(cStart, cEnd, Double(clusters[c].advance) * em, run.face, trailing, clusters[c].flags, Double(clusters[c].kerning) * em) { return }
            }
        }
    }

    /// The longest prefix of the text from `from` to the end of `segments` whose width fits in
    /// `width` points, cut between clusters, with trailing whitespace not counted — what a tail
    /// truncation keeps before its ellipsis. Returns the cut offset, the kept width and faces.
    package static func fittingPrefix(segments: UnsafeBufferPointer<BreakSegment>, pieces: UnsafeBufferPointer<ShapedPiece>, runs: ShapedRunAccess,
                                     from: Int32, width: Double, size: Double, letterSpacing: Double) -> (end: Int32, width: Double, metricsMask: UInt64) {
        let limit = width + epsilon
        var acc = 0.0
        var keptEnd = from
        var keptWidth = 0.0
        var keptMask: UInt64 = 0
        var mask: UInt64 = 0
        var done = false
        for s in segments.indices where !done && segments[s].end > from {
            forEachCluster(segments[s], pieces: pieces, runs: runs, from: from) { _, cEnd, advance, face, isTrailing, _, kerning in
                acc += size * advance + letterSpacing
                if acc - size * kerning > limit { done = true; return false }
                mask |= runs.metricsBits[Int(face)]
                if !isTrailing { keptEnd = cEnd; keptWidth = acc - size * kerning; keptMask = mask }
                return true
            }
        }
        return (keptEnd, keptWidth, keptMask)
    }
}
