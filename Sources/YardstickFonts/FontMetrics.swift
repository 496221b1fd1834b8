/// Vertical metrics of a face, in font units, as the line-height rule needs them:
/// hhea ascender/descender/lineGap, or the OS/2 typo values where the font sets USE_TYPO_METRICS.
package struct FontMetrics: Equatable, Sendable {
    package var unitsPerEm: Int32
    /// Distance above the baseline (positive).
    package var ascender: Int32
    /// Distance below the baseline (positive).
    package var descender: Int32
    package var lineGap: Int32

    package init(unitsPerEm: Int32, ascender: Int32, descender: Int32, lineGap: Int32) {
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
    }

    /// Ascender per point of font size.
    @inlinable package var ascenderPerEm: Double { Double(ascender) / Double(unitsPerEm) }
    /// Descender per point of font size.
    @inlinable package var descenderPerEm: Double { Double(descender) / Double(unitsPerEm) }
    /// Line gap per point of font size.
    @inlinable package var lineGapPerEm: Double { Double(lineGap) / Double(unitsPerEm) }
    /// Ascender, descender and line gap per em: faces with equal keys give a line the same
    /// height at every size (they share a bit of `FontCollection.metricsBits`).
    package var lineKey: [Double] { [ascenderPerEm, descenderPerEm, lineGapPerEm] }
}
