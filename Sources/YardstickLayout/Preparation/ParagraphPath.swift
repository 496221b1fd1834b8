import YardstickAnalysis
import YardstickFonts
import YardstickLineBreaking
import YardstickShaping

/// The whole-paragraph path of `TextPreparer`: the paragraph analysed at once (breaks, levels,
/// scripts), its faces chosen cluster by cluster, and its pieces (where segment, script, level
/// and face are all constant) shaped one by one. Takes any paragraph and remembers nothing; the
/// other paths build their cache entries with `appendPieces` too, so all give the same pieces.
extension TextPreparer {
    /// Appends a paragraph along the whole-paragraph path; returns its base level.
    /// - Parameter found: the paragraph's analysis so far (its breaks at least).
    func appendWholeParagraph(_ bytes: UnsafeBufferPointer<UInt8>, _ found: consuming ParagraphAnalysis, style: FontStyle,
                              to builder: inout PreparedStorage.Builder) -> UInt8 {
        let analysis = analyzer.resolvingRuns(found, bytes)
        let range = analysis.paragraph
        clearKeepingCapacity(&fontRuns)
        FontFallback.resolve(bytes, paragraph: range, chain: chain, fonts: fonts,
                             graphemes: { analyzer.graphemeBoundaries(bytes, range: range) }, into: &fontRuns)
        var breaks = analysis.breakOffsets
        if !analysis.isASCII { dropBreaksInsideClusters(bytes, range, &breaks) }
        breaks.withUnsafeBufferPointer {
            appendPieces(bytes, paragraph: range, breaks: $0, runs: analysis.runs, segments: &builder.segments, pieces: &builder.pieces)
        }
        let baseLevel = analysis.baseLevel
        analyzer.recycle(analysis)
        return baseLevel
    }

    /// Intersects break segments (ending at `breaks`), analysis runs and the font runs in
    /// `fontRuns` over `paragraph`; shapes each piece.
    func appendPieces(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, breaks: UnsafeBufferPointer<Int32>, runs: [AnalysisRun],
                      segments: inout RecordBuffer<BreakSegment>, pieces: inout RecordBuffer<ShapedPiece>) {
        var b = 0, r = 0, f = 0
        var pos = Int32(paragraph.lowerBound)
        var segStart = pos
        var segFirstPiece = Int32(pieces.count)
        clearKeepingCapacity(&summaries)
        var segFirstSummary = 0
        while b < breaks.count {
            let next = min(breaks[b], runs[r].end, fontRuns[f].end)
            if next > pos {
                let face = fontRuns[f].face
                let run = runs[r]
                let shaped = shaper.shape(bytes, range: Int(pos)..<Int(next), face: face, script: run.script, rightToLeft: run.isRightToLeft)
                pieces.append(ShapedPiece(start: pos, byteCount: next - pos, runID: shaped.id, face: PackedFaceIndex(face), level: run.level))
                summaries.append(shaped)
                pos = next
            }
            if runs[r].end == next && r + 1 < runs.count { r += 1 }
            if fontRuns[f].end == next && f + 1 < fontRuns.count { f += 1 }
            if breaks[b] == next {
                segments.append(makeSegment(start: segStart, end: next, first: segFirstPiece, endPiece: Int32(pieces.count),
                                            summaries: segFirstSummary..<summaries.count))
                segStart = next
                segFirstPiece = Int32(pieces.count)
                segFirstSummary = summaries.count
                b += 1
            }
        }
    }

    /// `appendPieces` for one segment, ending at `end`.
    @inline(__always)
    func appendPieces(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, end: Int, runs: [AnalysisRun],
                      segments: inout RecordBuffer<BreakSegment>, pieces: inout RecordBuffer<ShapedPiece>) {
        withUnsafePointer(to: Int32(end)) {
            appendPieces(bytes, paragraph: paragraph, breaks: UnsafeBufferPointer(start: $0, count: 1), runs: runs, segments: &segments, pieces: &pieces)
        }
    }


    /// Sums a segment's pieces (their summaries are `summaries[range]`); trailing whitespace is
    /// the whitespace at the end of its last pieces (a piece that is all whitespace passes the
    /// question to the piece before it).
    @inline(__always)
    func makeSegment(start: Int32, end: Int32, first: Int32, endPiece: Int32, summaries range: Range<Int>) -> BreakSegment {
        var total = 0.0
        var clusters: Int32 = 0
        var mask: UInt64 = 0
        for piece in summaries[range] {
            total += Double(piece.totalAdvance) * emPerUnit[Int(piece.face)]
            clusters += piece.clusterCount
            mask |= metricsBits[Int(piece.face)]
        }
        var trailing = 0.0
        var trailingClusters: Int32 = 0
        var p = range.upperBound - 1
        while p >= range.lowerBound {
            let piece = summaries[p]
            trailing += Double(piece.trailingAdvance) * emPerUnit[Int(piece.face)]
            trailingClusters += piece.trailingClusterCount
            if !piece.isAllWhitespace { break }
            p -= 1
        }
        return BreakSegment(start: start, end: end, width: total - trailing, trailingWidth: trailing,
                            clusterCount: clusters - trailingClusters, trailingClusterCount: trailingClusters,
                            metricsMask: mask, firstPiece: first, endPiece: endPiece)
    }
}
