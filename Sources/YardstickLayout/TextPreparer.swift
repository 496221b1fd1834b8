import YardstickAnalysis
import YardstickFonts
import YardstickLineBreaking
import YardstickShaping

/// Turns text into a `PreparedText`: hard breaks → analysis (UAX #14, bidi, script) → font
/// fallback → pieces where segment, script, level and face are all constant → shaping (cached)
/// → break segments with em widths. One preparer per thread (it owns ICU objects, a HarfBuzz
/// buffer and scratch arrays); `TextEngine` pools them.
final class TextPreparer: @unchecked Sendable {
    let fonts: FontCollection
    let analyzer: TextAnalyzer
    let shaper: Shaper
    private var fontRuns: [FontRun] = []
    private var memo = TextMemo()
    private var hardBreaks: [Paragraph] = []
    /// Summaries of the current paragraph's pieces.
    private var summaries: [ShapedRunSummary] = []
    private let emPerUnit: [Double]

    init(fonts: FontCollection, features: [FontFeature], cache: ShapingCache) throws {
        self.fonts = fonts
        self.analyzer = try TextAnalyzer()
        self.shaper = Shaper(fonts: fonts, features: features, cache: cache)
        self.emPerUnit = fonts.faces.map { 1 / Double($0.metrics.unitsPerEm) }
    }

    /// Prepares texts into one batch.
    func prepare(_ count: Int, text: (Int) -> String, style: FontStyle, metrics: FaceMetricsTable, runs: ShapedRunAccess) -> [PreparedText] {
        var builder = PreparedStorage.Builder(expectedBytes: count * 48)
        for i in 0..<count {
            var t = text(i)
            t.withUTF8 { append($0, style: style, to: &builder) }
        }
        let storage = PreparedStorage(builder, fontStyle: style, primaryFace: fonts.primaryFace(for: style), metrics: metrics, fonts: fonts, runs: runs)
        return (0..<count).map { PreparedText(storage: storage, index: $0) }
    }

    /// Appends one text's paragraphs, segments and pieces to a batch (from the memo when the
    /// same text in the same style was prepared recently).
    func append(_ bytes: UnsafeBufferPointer<UInt8>, style: FontStyle, to builder: inout PreparedStorage.Builder) {
        guard shaper.cache.isEnabled else { return appendUncached(bytes, style: style, to: &builder) }
        let hash = TextMemo.hash(bytes, style: style.rawValue)
        if memo.copy(bytes, hash: hash, into: &builder) { return }
        appendUncached(bytes, style: style, to: &builder)
        memo.remember(bytes, hash: hash, from: builder)
    }

    func appendUncached(_ bytes: UnsafeBufferPointer<UInt8>, style: FontStyle, to builder: inout PreparedStorage.Builder) {
        let chain = fonts.chain(for: style)
        hardBreaks.removeAll(keepingCapacity: true)
        HardBreaks.paragraphs(in: bytes, into: &hardBreaks)
        for para in hardBreaks {
            let firstSegment = Int32(builder.segments.count)
            var baseLevel: UInt8 = 0
            if !para.isEmpty {
                let range = para.start..<para.end
                analyzer.analyze(bytes, paragraph: range)
                baseLevel = analyzer.baseLevel
                fontRuns.removeAll(keepingCapacity: true)
                FontFallback.resolve(bytes, paragraph: range, style: style, fonts: fonts,
                                     graphemes: { analyzer.graphemeBoundaries(bytes, range: range) }, into: &fontRuns)
                buildSegments(bytes, paragraph: range, segments: &builder.segments, pieces: &builder.pieces)
            }
            builder.paragraphs.append(.init(start: Int32(para.start), end: Int32(para.end), next: Int32(para.next),
                                            firstSegment: firstSegment, endSegment: Int32(builder.segments.count), baseLevel: baseLevel))
        }
        builder.finishText(utf8Count: bytes.count)
    }

    /// Intersects break segments, analysis runs and font runs; shapes each piece.
    private func buildSegments(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>,
                               segments: inout [BreakSegment], pieces: inout [ShapedPiece]) {
        var breaks = analyzer.breakOffsets
        if !analyzer.isASCII {
            // UAX #14 allows a break before a combining mark after a space (LB10); a grapheme
            // cluster is never split, so such opportunities are dropped.
            let insideCluster = { (offset: Int32) -> Bool in
                Int(offset) < paragraph.upperBound && bytes[Int(offset)] >= 0xCC // U+0300 and above
                    && CharacterProperties.isGraphemeExtend(UTF8Decoding.decode(bytes, at: Int(offset), end: paragraph.upperBound).0)
            }
            if breaks.contains(where: insideCluster) { breaks.removeAll(where: insideCluster) }
        }
        let runs = analyzer.runs
        var b = 0, r = 0, f = 0
        var pos = Int32(paragraph.lowerBound)
        var segStart = pos
        var segFirstPiece = Int32(pieces.count)
        summaries.removeAll(keepingCapacity: true)
        var segFirstSummary = 0
        while b < breaks.count {
            let next = min(breaks[b], runs[r].end, fontRuns[f].end)
            if next > pos {
                let face = fontRuns[f].face
                let run = runs[r]
                let shaped = shaper.shape(bytes, range: Int(pos)..<Int(next), face: face, script: run.script, rightToLeft: run.isRightToLeft)
                pieces.append(ShapedPiece(start: pos, byteCount: next - pos, runID: shaped.id, face: UInt16(face), level: run.level))
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

    /// Sums a segment's pieces (their summaries are `summaries[range]`); trailing whitespace is
    /// the whitespace at the end of its last pieces (a piece that is all whitespace passes the
    /// question to the piece before it).
    @inline(__always)
    private func makeSegment(start: Int32, end: Int32, first: Int32, endPiece: Int32, summaries range: Range<Int>) -> BreakSegment {
        var total = 0.0
        var clusters: Int32 = 0
        var mask: UInt64 = 0
        for piece in summaries[range] {
            total += Double(piece.totalAdvance) * emPerUnit[Int(piece.face)]
            clusters += piece.clusterCount
            mask |= 1 << UInt64(piece.face)
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
                            faceMask: mask, firstPiece: first, endPiece: endPiece)
    }
}
