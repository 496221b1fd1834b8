import YardstickFonts
import YardstickLineBreaking
import YardstickShaping

extension TextLayout {
    /// One laid-out line. Vertical positions are from the top of the text, in points.
    public struct Line: Equatable, Sendable {
        /// The UTF-8 bytes the line shows, trailing whitespace included. A truncated line ends where
        /// its ellipsis begins.
        public var utf8Range: Range<Int>
        /// Advance width in points, trailing whitespace excluded, ellipsis included.
        public var width: Double
        /// The line's top, below the line and paragraph spacing that precede it.
        public var top: Double
        /// The line's height: its faces' largest ascender + descender + line gap, times
        /// `lineHeightMultiple`, clamped to the minimum and maximum line heights.
        public var height: Double
        /// Largest ascender of the faces on the line, in points above the baseline.
        public var ascent: Double
        /// Largest descender of the faces on the line, in points below the baseline (positive).
        public var descent: Double
        /// The baseline's y.
        public var baseline: Double
        /// Whether the text was cut at this line, which then ends with an ellipsis (the last line
        /// `maxLines` or single-line mode lets through).
        public var isTruncated: Bool
        /// Face of the hyphen shown at the end of a line that breaks a word (see
        /// `TextAttributes.hyphenateWordBreaks`), nil when the line has none.
        package var hyphenFace: FaceIndex?
        /// Index of the paragraph the line belongs to.
        public var paragraph: Int
    }
}

/// The result of laying out a text at a width: its lines and size. Keeps the `PreparedText`
/// so a renderer can get the exact glyphs that were measured (`glyphRuns(line:)`).
///
/// Made by `TextEngine.layout` or `PreparedText.layout(width:attributes:)` in O(segments);
/// `glyphRuns(line:)` is O(glyphs of the line). Memory: one `Line` (about 90 bytes) per line;
/// the glyphs stay in the engine's shaping cache, shared.
public struct TextLayout: Sendable {
    /// The analysed and shaped text that was laid out; its runs give `glyphRuns(line:)` the glyphs.
    public let prepared: PreparedText
    /// The attributes the text was laid out with.
    public let attributes: TextAttributes
    /// The lines shown, top to bottom.
    public let lines: [TextLayout.Line]
    /// The width the text was laid out in, in points.
    public let availableWidth: Double
    /// Widest line, in points (rounded up to the display scale when one is set).
    public let width: Double
    /// Total height, in points (rounded up to the display scale when one is set).
    public let height: Double
    /// True when max lines or single-line mode cut text off.
    public let isTruncated: Bool

    /// Number of lines shown (after `maxLines` or single-line mode).
    public var lineCount: Int { lines.count }
    /// The clusters measured as `.notdef` because no face covers them (usually none).
    public var missingGlyphs: MissingGlyphs { prepared.missingGlyphs }
    /// Where the text's style is measured with a face of another weight or slant (its fonts'
    /// first family has none for it); nil when the face is the style asked.
    public var fontSubstitution: FontSubstitution? { prepared.fonts.substitution(for: prepared.fontStyle) }
    /// UTF-8 offset where each line starts.
    public var lineStarts: [Int] { lines.map(\.utf8Range.lowerBound) }
    /// Points added after each cluster: the letter spacing asked plus the first face's own
    /// tracking at the size (`trak`), as a renderer that draws the text itself must add it.
    public var trackedLetterSpacing: Double { prepared.spacing(attributes) }

    /// Whether line `index` comes within `tolerance` points of `availableWidth`: a renderer
    /// whose rounding differs a little may wrap it otherwise, so it should keep that room.
    public func isNearEdge(line index: Int, tolerance: Double = 0.5) -> Bool {
        availableWidth - lines[index].width <= tolerance
    }

    /// The glyph runs of a line in visual order (left to right), positioned from the line's
    /// start: the glyphs HarfBuzz produced for the measured text, sliced to the line, reordered
    /// by bidi level (UAX #9 L2), with the hyphen of a broken word or the ellipsis of a
    /// truncated line appended.
    public func glyphRuns(line index: Int) -> [TextLayout.GlyphRun] {
        var attributes = self.attributes
        attributes.letterSpacing = prepared.spacing(attributes) // with the face's own tracking
        let line = lines[index]
        let range = Int32(line.utf8Range.lowerBound)..<Int32(line.utf8Range.upperBound)
        var runs: [TextLayout.GlyphRun] = []
        let joins = prepared.joinKerning(in: range)
        // Pieces follow the text (logical order): the line's are found by a binary search, so a
        // text of many lines costs O(log n) a line, not O(n).
        let pieces = prepared.pieces
        let first = PreparedText.partition(0..<pieces.count) { pieces[$0].end > range.lowerBound }
        for piece in pieces[first...] {
            if piece.start >= range.upperBound { break }
            guard piece.end > range.lowerBound else { continue }
            let face = Int(piece.face)
            if var run = TextLayout.GlyphRun(run: prepared.runs.store[piece.runID], start: piece.start, level: piece.level, range: range,
                                  face: prepared.fonts.faces[face], emPerUnit: prepared.runs.emPerUnit[face], attributes: attributes) {
                // The kerning against the next segment, on the glyph of the piece's last cluster.
                if let join = joins.first(where: { $0.end == piece.end }), !run.advances.isEmpty {
                    run.advances[run.isRightToLeft ? 0 : run.advances.count - 1] += join.em * attributes.size
                }
                // A line that ends inside the piece (a word broken between clusters) ends without
                // the kerning of its last cluster against the next.
                if piece.end > range.upperBound, !run.isRightToLeft, !run.advances.isEmpty {
                    let shaped = prepared.runs.store[piece.runID]
                    if let next = shaped.clusters.firstIndex(where: { piece.start + $0.start == range.upperBound }), next > 0 {
                        run.advances[run.advances.count - 1] -= Double(shaped.clusters[next - 1].kerning) * prepared.runs.emPerUnit[face] * attributes.size
                    }
                }
                runs.append(run)
            }
        }
        // The hyphen and the ellipsis end the line logically: they join its runs before the
        // visual reordering, so a right-to-left line shows its ellipsis at its left end.
        if let face = line.hyphenFace, let h = prepared.metrics.hyphens[face],
           var hyphen = TextLayout.GlyphRun(extra: h, face: prepared.fonts.faces[face], attributes: attributes) {
            hyphen.bidiLevel = runs.last?.bidiLevel ?? 0 // the broken word's direction
            hyphen.clusters = hyphen.clusters.map { _ in line.utf8Range.upperBound }
            runs.append(hyphen)
        }
        if line.isTruncated {
            let e = prepared.metrics.ellipsis[prepared.fonts.chainIndex(for: prepared.fontStyle)]
            var ell = TextLayout.GlyphRun(extra: e, face: prepared.fonts.faces[e.run.face], attributes: attributes)!
            ell.bidiLevel = prepared.isRightToLeft(paragraph: line.paragraph) ? 1 : 0 // the paragraph's direction
            ell.clusters = ell.clusters.map { _ in line.utf8Range.upperBound }
            runs.append(ell)
        }
        TextLayout.GlyphRun.reorderVisually(&runs)
        var x = 0.0
        for i in runs.indices {
            runs[i].x = x
            x += runs[i].advances.reduce(0, +)
        }
        return runs
    }
}

extension TextLayout {
    /// Glyphs of one face and one direction, ready to draw: ids, advances and offsets in points,
    /// and for each glyph the UTF-8 offset (in the whole text) of the cluster it belongs to.
    public struct GlyphRun: Sendable {
        /// The face the glyph ids belong to.
        public let face: FontCollection.Face
        /// The font size in points the advances and offsets are scaled to (`TextAttributes.size`).
        public let fontSize: Double
        /// The glyphs' ids in `face`, in visual order (left to right), as HarfBuzz shaped them.
        public var glyphIDs: [UInt32]
        /// Each glyph's horizontal advance in points; a cluster's first glyph also carries the
        /// letter spacing.
        public var advances: [Double]
        /// Each glyph's x offset from its pen position, in points (HarfBuzz's `x_offset`).
        public var xOffsets: [Double]
        /// Each glyph's y offset from the baseline, in points, positive up (HarfBuzz's `y_offset`).
        public var yOffsets: [Double]
        /// For each glyph, the UTF-8 byte offset in the whole text where its cluster starts; an
        /// appended hyphen's or ellipsis's glyphs take the line's end.
        public var clusters: [Int]
        /// The run's UAX #9 embedding level; odd levels are right to left.
        public var bidiLevel: UInt8
        /// The run's x from the start of the line, in points.
        public var x: Double = 0

        /// Whether the run reads right to left (an odd `bidiLevel`).
        public var isRightToLeft: Bool { bidiLevel & 1 == 1 }

        init?(extra: ExtraRun, face: FontCollection.Face, attributes: TextAttributes) {
            self.init(run: extra.run, start: 0, level: 0, range: 0..<extra.run.byteCount, face: face, emPerUnit: extra.emPerUnit, attributes: attributes)
        }

        init?(run: ShapedRun, start: Int32, level: UInt8, range: Range<Int32>, face: FontCollection.Face, emPerUnit: Double, attributes: TextAttributes) {
            let scale = attributes.size * emPerUnit
            var ids: [UInt32] = [], adv: [Double] = [], xo: [Double] = [], yo: [Double] = [], cl: [Int] = []
            var lastCluster: UInt32? = nil
            for glyph in run.glyphs {
                let cluster = start + Int32(glyph.cluster)
                guard range.contains(cluster) else { continue }
                ids.append(glyph.id)
                var a = Double(glyph.xAdvance) * scale
                // Letter spacing once per cluster, on its first glyph in visual order.
                if glyph.cluster != lastCluster { a += attributes.letterSpacing }
                lastCluster = glyph.cluster
                adv.append(a)
                xo.append(Double(glyph.xOffset) * scale)
                yo.append(Double(glyph.yOffset) * scale)
                cl.append(Int(cluster))
            }
            guard !ids.isEmpty else { return nil }
            self.face = face
            self.fontSize = attributes.size
            glyphIDs = ids; advances = adv; xOffsets = xo; yOffsets = yo; clusters = cl
            bidiLevel = level
        }

        /// UAX #9 rule L2: from the highest level down to the lowest odd level, reverse every
        /// maximal sequence of runs at that level or higher. Runs arrive in logical order.
        static func reorderVisually(_ runs: inout [TextLayout.GlyphRun]) {
            guard let maxLevel = runs.map(\.bidiLevel).max(), maxLevel > 0 else { return }
            let minOdd = runs.map(\.bidiLevel).filter { $0 & 1 == 1 }.min() ?? maxLevel
            var level = maxLevel
            while level >= max(1, minOdd) {
                var i = 0
                while i < runs.count {
                    if runs[i].bidiLevel >= level {
                        var j = i
                        while j < runs.count && runs[j].bidiLevel >= level { j += 1 }
                        runs[i..<j].reverse()
                        i = j
                    } else { i += 1 }
                }
                level -= 1
            }
        }
    }
}
