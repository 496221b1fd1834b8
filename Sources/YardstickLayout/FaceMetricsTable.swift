import YardstickAnalysis
import YardstickFonts
import YardstickLineBreaking
import YardstickShaping

/// Vertical metrics in em (per distinct metrics: see `FontCollection.metricsBits`), and the ellipsis of each style, shared by every
/// `PreparedText` of an engine. Turns a line's set of faces into its ascent, descent and gap.
final class FaceMetricsTable: @unchecked Sendable { // immutable after init
    let ascender: [Double]
    let descender: [Double]
    let lineGap: [Double]
    /// Per chain (`FontCollection.chainIndex(for:)`): the shaped ellipsis of its first face.
    let ellipsis: [ExtraRun]
    /// Per face: the hyphen shown where a word is broken (U+2010, else U+002D), and its width in em.
    let hyphens: [ExtraRun?]
    /// Per face: the width of its hyphen in em (0 without one). Owned by the table and never
    /// written after `init`: threads measuring at once read it without touching a reference
    /// count (an array here would be retained per measured text, on one shared cache line).
    let hyphenWidths: UnsafeBufferPointer<Double>
    /// Per face: its own tracking (`trak`) and units per em; nil for the faces without one.
    let tracking: [(table: TrackTable, unitsPerEm: Double)?]
    /// Whether any face has its own tracking (most collections: none, and `spacing` is a test).
    let tracks: Bool

    init(fonts: FontCollection, ellipsis: [ExtraRun], hyphens: [ExtraRun?]) {
        self.hyphens = hyphens
        let widths = UnsafeMutableBufferPointer<Double>.allocate(capacity: hyphens.count)
        _ = widths.initialize(from: hyphens.map { $0?.width ?? 0 })
        hyphenWidths = UnsafeBufferPointer(widths)
        ascender = fonts.distinctMetrics.map(\.ascenderPerEm)
        descender = fonts.distinctMetrics.map(\.descenderPerEm)
        lineGap = fonts.distinctMetrics.map(\.lineGapPerEm)
        self.ellipsis = ellipsis
        tracking = fonts.faces.map { face in face.tracking.map { ($0, Double(face.metrics.unitsPerEm)) } }
        tracks = tracking.contains { $0 != nil }
    }

    /// Points added after each cluster of a text whose first face is `face`, at `size`: its
    /// tracking (0 without a `trak` table) plus the letter spacing asked. The first face's
    /// tracking applies to the text's every cluster (a label's font tracks its text).
    @inline(__always) func spacing(face: Int, size: Double, letterSpacing: Double) -> Double {
        guard tracks, let track = tracking[face] else { return letterSpacing }
        return letterSpacing + track.table.value(at: size) * size / track.unitsPerEm
    }

    deinit { hyphenWidths.deallocate() }

    /// Largest ascender, descender and line gap among the metrics in the mask, in em.
    @inline(__always)
    func lineMetrics(_ mask: UInt64) -> (ascent: Double, descent: Double, gap: Double) {
        var a = 0.0, d = 0.0, g = 0.0
        var m = mask
        while m != 0 {
            let f = m.trailingZeroBitCount
            a = Swift.max(a, ascender[f])
            d = Swift.max(d, descender[f])
            g = Swift.max(g, lineGap[f])
            m &= m &- 1
        }
        return (a, d, g)
    }

    func ellipsisWidth(chain: Int) -> Double { ellipsis[chain].width }
}

/// A run the layout adds to the text: an ellipsis or a hyphen.
struct ExtraRun: Sendable {
    let run: ShapedRun
    let emPerUnit: Double
    /// Width in em.
    var width: Double { Double(run.totalAdvance) * emPerUnit }
}

extension ExtraRun {
    /// The hyphen a face shows where a word breaks (U+2010, else U+002D); nil when it has neither.
    static func hyphen(face: FaceIndex, shaper: Shaper) -> ExtraRun? {
        let font = shaper.fonts.faces[face]
        guard let scalar: Unicode.Scalar = font.coverage.contains(0x2010) ? "\u{2010}" : font.coverage.contains(0x2D) ? "-" : nil else { return nil }
        return character(scalar, face: face, shaper: shaper)
    }

    /// The ellipsis a style's primary face ends a truncated line with (U+2026, else three dots).
    static func ellipsis(face: FaceIndex, shaper: Shaper) -> ExtraRun {
        if shaper.fonts.faces[face].coverage.contains(0x2026) { return character("\u{2026}", face: face, shaper: shaper) }
        return shaped("...", face: face, shaper: shaper)
    }

    /// One character the face has, shaped. A bundled face's is its nominal glyph, the same run
    /// without a shape plan (see `Shaper.nominalRun`): shaping would load a face's GSUB and
    /// GPOS tables at every start, for each face's hyphen and each style's ellipsis, faces and
    /// styles most runs never lay out.
    private static func character(_ scalar: Unicode.Scalar, face: FaceIndex, shaper: Shaper) -> ExtraRun {
        let font = shaper.fonts.faces[face]
        guard font.isBundled, let run = shaper.nominalRun(scalar, face: face) else { return shaped(String(scalar), face: face, shaper: shaper) }
        return ExtraRun(run: run, emPerUnit: 1 / Double(font.metrics.unitsPerEm))
    }

    /// `text` shaped in the face, left to right.
    private static func shaped(_ text: String, face: FaceIndex, shaper: Shaper) -> ExtraRun {
        var text = text
        let run = text.withUTF8 { shaper.shapeUncached($0, face: face, script: ScriptTag.common, rightToLeft: false) }
        return ExtraRun(run: run, emPerUnit: 1 / Double(shaper.fonts.faces[face].metrics.unitsPerEm))
    }
}
