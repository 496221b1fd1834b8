import YardstickFonts
import YardstickLineBreaking
import YardstickShaping

/// A text analysed and shaped once, ready to be laid out at any width and any size.
///
/// Everything size- and width-dependent is left out: segments carry widths per point of font
/// size, so `layout(width:attributes:)` and `measure(width:attributes:)` are arithmetic over
/// cached widths — O(segments), no HarfBuzz, no ICU. This is what makes a column resize or a
/// Dynamic Type change cheap. Memory: about 50 bytes per break segment and 16 per shaped piece,
/// kept with the other texts prepared in the same batch (one shared storage), plus shared, cached
/// shaping results. Immutable, Sendable; a value of two words.
public struct PreparedText: Sendable {
    let storage: PreparedStorage
    let index: Int

    init(storage: PreparedStorage, index: Int) {
        self.storage = storage
        self.index = index
    }

    /// Length of the text in UTF-8 bytes.
    public var utf8Count: Int { Int(storage.utf8Counts[index]) }
    /// The style the text was shaped in (bold headers are shaped with the bold chain).
    public var fontStyle: FontStyle { storage.fontStyle }
    var metrics: FaceMetricsTable { storage.metrics }
    var fonts: FontCollection { storage.fonts }
    var runs: ShapedRunAccess { storage.runs }
    var paragraphRange: Range<Int> { Int(storage.textParagraphs[index])..<Int(storage.textParagraphs[index + 1]) }
    /// This text's shaped pieces.
    var pieces: UnsafeBufferPointer<ShapedPiece> {
        UnsafeBufferPointer(rebasing: storage.pieces[Int(storage.textPieces[index])..<Int(storage.textPieces[index + 1])])
    }

    /// The clusters of the text that no face covers, measured as `.notdef` (usually none).
    public var missingGlyphs: MissingGlyphs {
        storage.missingGlyphs.first { $0.text == Int32(index) }?.glyphs ?? .none
    }

    /// The union of `texts`' missing glyphs. A storage lists only its texts that have any, so
    /// a text whose storage lists none is passed without a search: O(texts) then.
    package static func missingGlyphs(of texts: UnsafeBufferPointer<PreparedText>) -> MissingGlyphs {
        var all = MissingGlyphs.none
        for text in texts where !text.storage.missingGlyphs.isEmpty { all.formUnion(text.missingGlyphs) }
        return all
    }

    /// The segments inside `range` that are kerned against the segment after them on the same
    /// line (`SegmentJoins`): where each ends, and the kerning in em.
    /// O(log n + k) for k segments in the range (binary searches: a text of many lines asks once per line).
    func joinKerning(in range: Range<Int32>) -> [(end: Int32, em: Double)] {
        var out: [(end: Int32, em: Double)] = []
        let firstParagraph = Self.partition(paragraphRange) { storage.paragraphs[$0].end >= range.lowerBound }
        for p in firstParagraph..<paragraphRange.upperBound {
            let para = storage.paragraphs[p]
            if para.start > range.upperBound { break }
            let segments = Int(para.firstSegment)..<Int(para.endSegment)
            for k in Self.partition(segments, { storage.segments[$0].end > range.lowerBound })..<segments.upperBound {
                let segment = storage.segments[k]
                if segment.end >= range.upperBound { break }
                // (A segment ending in a soft hyphen took the hyphen off its trailing width:
                // only the rest, its join kerning, is drawn.)
                guard segment.trailingClusterCount == 0, segment.end > range.lowerBound, segment.end < range.upperBound else { continue }
                let em = segment.trailingWidth + (softHyphenFace(endingAt: segment.end).map { storage.metrics.hyphens[$0]?.width ?? 0 } ?? 0)
                if em != 0 { out.append((segment.end, em)) }
            }
        }
        return out
    }

    /// The first index of `range` where `isPast` holds (it must hold from some index on), or
    /// its end. O(log n).
    static func partition(_ range: Range<Int>, _ isPast: (Int) -> Bool) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let mid = low + (high - low) / 2
            if isPast(mid) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The face of the soft hyphen a line ending at `end` breaks at, nil when it ends elsewhere.
    func softHyphenFace(endingAt end: Int32) -> Int? {
        let all = storage.softHyphens
        guard !all.isEmpty else { return nil }
        // In (text, end) order, as they were found: a binary search.
        let text = Int32(index)
        var low = 0, high = all.count
        while low < high {
            let mid = (low + high) / 2
            if all[mid].text < text || (all[mid].text == text && all[mid].end < end) { low = mid + 1 } else { high = mid }
        }
        return low < all.count && all[low].text == text && all[low].end == end ? Int(all[low].face) : nil
    }

    /// Number of paragraphs (hard-break-separated).
    public var paragraphCount: Int { paragraphRange.count }

    /// Whether a paragraph's base direction resolved to right to left (its first strong character).
    public func isRightToLeft(paragraph: Int) -> Bool { storage.paragraphs[paragraphRange.lowerBound + paragraph].baseLevel & 1 == 1 }

    /// Width of the text on one line per paragraph (no wrapping), in points: what a column
    /// sized to its content would need.
    public func naturalWidth(attributes: TextAttributes) -> Double {
        var widest = 0.0
        _ = forEachLine(maxWidth: .infinity, attributes: attributes, wrap: false, maxLines: 0) { line, _, _ in
            widest = max(widest, line.width)
        }
        return widest
    }

    /// The text laid out without a line limit, then cut after `lines` lines: what a label that
    /// clips its last line (UIKit's `byWordWrapping` or `byClipping` with `numberOfLines`) shows,
    /// where `layout(width:attributes:)` with `maxLines` ends in an ellipsis.
    package func clippedLayout(width: Double, lines count: Int, attributes: TextAttributes) -> TextLayout {
        var all = attributes
        all.maxLines = 0
        let whole = layout(width: width, attributes: all)
        guard count > 0, whole.lineCount > count else {
            return TextLayout(prepared: self, attributes: attributes, lines: whole.lines, availableWidth: width, width: whole.width,
                              height: whole.height, isTruncated: whole.isTruncated)
        }
        let kept = Array(whole.lines.prefix(count))
        return TextLayout(prepared: self, attributes: attributes, lines: kept, availableWidth: width,
                          width: roundUp(kept.map(\.width).max() ?? 0, attributes.displayScale),
                          height: roundUp(kept.last.map { $0.top + $0.height } ?? 0, attributes.displayScale), isTruncated: true)
    }

    /// Points after each cluster: the letter spacing asked plus the first face's own tracking
    /// at the size (`trak`).
    @inline(__always) func spacing(_ a: TextAttributes) -> Double {
        storage.metrics.spacing(face: storage.primaryFace, size: a.size, letterSpacing: a.letterSpacing)
    }

    /// Lays the text out in `width` points: lines, their metrics and the size.
    /// `attributes.fontStyle` is ignored (the text was shaped in `fontStyle`).
    public func layout(width: Double, attributes: TextAttributes) -> TextLayout {
        var lines: [TextLayout.Line] = []
        var stack = LineStack()
        let truncated = forEachLine(maxWidth: width, attributes: attributes) { line, paragraph, isTruncated in
            let top = stack.add(metricsMask: line.metricsMask, width: line.width, paragraph: paragraph, of: self, attributes)
            let m = stack.metrics
            lines.append(TextLayout.Line(utf8Range: Int(line.start)..<Int(line.end), width: line.width, top: top, height: m.height,
                                    ascent: m.ascent, descent: m.descent, baseline: stack.lastBaseline,
                                    isTruncated: isTruncated,
                                    hyphenFace: line.hyphenFace > 0 ? Int(line.hyphenFace - 1) : isTruncated ? nil : softHyphenFace(endingAt: line.end),
                                    paragraph: paragraph))
        }
        return TextLayout(prepared: self, attributes: attributes, lines: lines, availableWidth: width,
                          width: roundUp(stack.widest, attributes.displayScale), height: roundUp(stack.y, attributes.displayScale),
                          isTruncated: truncated)
    }

    /// Where each line starts (UTF-8 offsets, appended to `starts`), the line count, the width
    /// and the height: what `layout(width:attributes:)` gives, without building its lines (the
    /// `layout` command's records).
    package func lineStarts(width: Double, attributes: TextAttributes, into starts: inout [Int]) -> (lineCount: Int, width: Double, height: Double) {
        if attributes.maxLines == 0 && attributes.lineBreakMode == .wordWrap {
            return wrappedLineStarts(width: width, attributes, into: &starts)
        }
        var lines = LineStack()
        _ = forEachLine(maxWidth: width, attributes: attributes) { line, paragraph, _ in
            lines.add(metricsMask: line.metricsMask, width: line.width, paragraph: paragraph, of: self, attributes)
            starts.append(Int(line.start))
        }
        return (lines.count, roundUp(lines.widest, attributes.displayScale), roundUp(lines.y, attributes.displayScale))
    }

    /// `lineStarts` without line limits: the line breaker straight over each paragraph, like
    /// `measureWrapped` without max-lines bookkeeping (but without its one-line shortcut: every
    /// line's start and width are needed).
    private func wrappedLineStarts(width: Double, _ a: TextAttributes, into starts: inout [Int]) -> (lineCount: Int, width: Double, height: Double) {
        let storage = self.storage
        let range = paragraphRange
        let emptyMetricsMask = storage.fonts.metricsBits[storage.primaryFace]
        let hyphens = a.hyphenateWordBreaks ? storage.metrics.hyphenWidths : nil
        var lines = LineStack()
        for p in range {
            let para = storage.paragraphs[p]
            let segments = UnsafeBufferPointer(rebasing: storage.segments[Int(para.firstSegment)..<Int(para.endSegment)])
            let paragraph = p - range.lowerBound
            LineBreaker.breakParagraph(segments: segments, pieces: storage.pieces, runs: storage.runs, paragraphStart: para.start,
                                       paragraphEnd: para.end, emptyMetricsMask: emptyMetricsMask, maxWidth: width, size: a.size,
                                       letterSpacing: spacing(a), hyphenWidths: hyphens, pushOut: storage.pushesOut) { line in
                lines.add(metricsMask: line.metricsMask, width: line.width, paragraph: paragraph, of: self, a)
                starts.append(Int(line.start))
                return true
            }
        }
        return (lines.count, roundUp(lines.widest, a.displayScale), roundUp(lines.y, a.displayScale))
    }

    /// Height and line count only: the same result as `layout(width:attributes:)` without
    /// building lines (the warm re-layout path of a table resize). O(segments).
    public func measure(width: Double, attributes: TextAttributes) -> MeasuredText {
        let m = heightAndLineCount(width: width, attributes: attributes)
        return MeasuredText(prepared: self, height: m.height, lineCount: m.lineCount)
    }

    /// `measure` without building a `MeasuredText` (no reference count traffic in the hot loops).
    package func heightAndLineCount(width: Double, attributes: TextAttributes) -> (height: Double, lineCount: Int) {
        if attributes.maxLines == 0 && attributes.lineBreakMode == .wordWrap {
            let lines = measureWrapped(width: width, attributes)
            return (lines.height, lines.count)
        }
        // Line limits and truncation are rarer: the full layout answers them.
        let layout = layout(width: width, attributes: attributes)
        return (layout.height, layout.lineCount)
    }

    /// The height and the first and last lines' baselines (from the top), without building
    /// lines: what a label tells Auto Layout about its `firstBaselineAnchor` and
    /// `lastBaselineAnchor`. No lines: all 0.
    package func heightAndBaselines(width: Double, attributes: TextAttributes) -> (height: Double, firstBaseline: Double, lastBaseline: Double) {
        if attributes.maxLines == 0 && attributes.lineBreakMode == .wordWrap {
            let lines = measureWrapped(width: width, attributes)
            return (lines.height, lines.firstBaseline, lines.lastBaseline)
        }
        let layout = layout(width: width, attributes: attributes)
        return (layout.height, layout.lines.first?.baseline ?? 0, layout.lines.last?.baseline ?? 0)
    }

    /// `measure` without line limits: the line breaker straight over each paragraph (the common
    /// case of a table re-layout, kept free of the max-lines bookkeeping).
    private func measureWrapped(width: Double, _ a: TextAttributes) -> (height: Double, count: Int, firstBaseline: Double, lastBaseline: Double) {
        let storage = self.storage
        let range = paragraphRange
        let emptyMetricsMask = storage.fonts.metricsBits[storage.primaryFace]
        var lines = LineStack()
        let hyphens = a.hyphenateWordBreaks ? storage.metrics.hyphenWidths : nil
        for p in range {
            let para = storage.paragraphs[p]
            let paragraph = p - range.lowerBound
            // A paragraph that surely fits is one line of all its faces: no segment is read
            // (its width is not needed here).
            if para.surelyFitsOneLine(maxWidth: width, size: a.size, letterSpacing: spacing(a)) {
                lines.add(metricsMask: para.oneLineMetricsMask, width: 0, paragraph: paragraph, of: self, a)
                continue
            }
            let segments = UnsafeBufferPointer(rebasing: storage.segments[Int(para.firstSegment)..<Int(para.endSegment)])
            LineBreaker.breakParagraph(segments: segments, pieces: storage.pieces, runs: storage.runs, paragraphStart: para.start,
                                       paragraphEnd: para.end, emptyMetricsMask: emptyMetricsMask, maxWidth: width, size: a.size,
                                       letterSpacing: spacing(a), hyphenWidths: hyphens, pushOut: storage.pushesOut) { line in
                lines.add(metricsMask: line.metricsMask, width: line.width, paragraph: paragraph, of: self, a)
                return true
            }
        }
        return (roundUp(lines.y, a.displayScale), lines.count, lines.firstBaseline, lines.lastBaseline)
    }

    @inline(__always)
    func roundUp(_ v: Double, _ scale: Double?) -> Double {
        guard let scale, scale.isFinite, scale > 0 else { return v } // an invalid scale means no rounding
        return (v * scale - 1e-9).rounded(.up) / scale
    }

    /// Line height rule: largest ascender + largest descender + largest line gap of the faces on
    /// the line, times the multiple, clamped to minimum/maximum. Extra height goes above the text.
    @inline(__always)
    func lineHeight(_ mask: UInt64, _ a: TextAttributes) -> (height: Double, ascent: Double, descent: Double, baselineOffset: Double) {
        let m = storage.metrics.lineMetrics(mask)
        let ascent = m.ascent * a.size
        let descent = m.descent * a.size
        let natural = ascent + descent + m.gap * a.size
        var h = a.lineHeightMultiple > 0 ? natural * a.lineHeightMultiple : natural
        if a.minimumLineHeight > 0 { h = max(h, a.minimumLineHeight) }
        if a.maximumLineHeight > 0 { h = min(h, a.maximumLineHeight) }
        return (h, ascent, descent, h - natural + ascent)
    }

    /// Runs the line breaker over every paragraph, honouring max lines and single-line mode, and
    /// calls `body(line, paragraphIndex, isTruncated)` for each line kept. Returns whether the
    /// text was truncated.
    @inline(__always)
    func forEachLine(maxWidth: Double, attributes a: TextAttributes, wrap: Bool? = nil, maxLines: Int? = nil,
                     _ body: (LineSpan, Int, Bool) -> Void) -> Bool {
        let singleLine = a.lineBreakMode == .singleLine
        let wraps = wrap ?? !singleLine
        let limit = maxLines ?? (singleLine ? 1 : a.maxLines)
        var pending: LineSpan?
        var pendingParagraph = 0
        var count = 0
        var overflow = false
        let storage = self.storage
        let paragraphRange = self.paragraphRange
        let emptyMetricsMask = storage.fonts.metricsBits[storage.primaryFace]
        let segs = storage.segments
        let pcs = storage.pieces
        let paragraphs = storage.paragraphs
        let hyphenWidths = storage.metrics.hyphenWidths
        for p in paragraphRange {
            let para = paragraphs[p]
            let paraSegs = UnsafeBufferPointer(rebasing: segs[Int(para.firstSegment)..<Int(para.endSegment)])
            let finished = LineBreaker.breakParagraph(
                segments: paraSegs, pieces: pcs, runs: storage.runs, paragraphStart: para.start, paragraphEnd: para.end,
                emptyMetricsMask: emptyMetricsMask, maxWidth: maxWidth, size: a.size,
                letterSpacing: spacing(a), wrap: wraps, hyphenWidths: a.hyphenateWordBreaks ? hyphenWidths : nil,
                pushOut: storage.pushesOut
            ) { line in
                if limit > 0 && count == limit { overflow = true; return false }
                if let previous = pending { body(previous, pendingParagraph, false) }
                pending = line
                pendingParagraph = p - paragraphRange.lowerBound
                count += 1
                return true
            }
            if !finished { break }
        }
        guard var last = pending else { return false }
        if singleLine && last.width > maxWidth + LineBreaker.epsilon { overflow = true }
        if !overflow {
            body(last, pendingParagraph, false)
            return false
        }
        // Tail truncation: as much of the last line's paragraph as fits beside an ellipsis.
        let para = paragraphs[paragraphRange.lowerBound + pendingParagraph]
        let paraSegs = UnsafeBufferPointer(rebasing: segs[Int(para.firstSegment)..<Int(para.endSegment)])
        let ellipsisWidth = storage.metrics.ellipsisWidth(chain: storage.fonts.chainIndex(for: storage.fontStyle)) * a.size + spacing(a)
        let kept = LineBreaker.fittingPrefix(segments: paraSegs, pieces: pcs, runs: storage.runs, from: last.start,
                                             width: max(0, maxWidth - ellipsisWidth), size: a.size, letterSpacing: spacing(a))
        last.end = kept.end
        last.width = kept.width + ellipsisWidth
        last.metricsMask = kept.metricsMask | storage.fonts.metricsBits[storage.metrics.ellipsis[storage.fonts.chainIndex(for: storage.fontStyle)].run.face]
        last.hyphenFace = 0
        body(last, pendingParagraph, true)
        return true
    }
}
