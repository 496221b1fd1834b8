/// Vertical metrics of a face, in font units, as the line-height rule needs them:
/// hhea ascender/descender/lineGap, or the OS/2 typo values where the font sets USE_TYPO_METRICS.
public struct FontMetrics: Equatable, Sendable {
    public var unitsPerEm: Int32
    /// Distance above the baseline (positive).
    public var ascender: Int32
    /// Distance below the baseline (positive).
    public var descender: Int32
    public var lineGap: Int32

    public init(unitsPerEm: Int32, ascender: Int32, descender: Int32, lineGap: Int32) {
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
    }

    /// Ascender per point of font size.
    @inlinable public var ascenderPerEm: Double { Double(ascender) / Double(unitsPerEm) }
    /// Descender per point of font size.
    @inlinable public var descenderPerEm: Double { Double(descender) / Double(unitsPerEm) }
    /// Line gap per point of font size.
    @inlinable public var lineGapPerEm: Double { Double(lineGap) / Double(unitsPerEm) }
    /// Ascender, descender and line gap per em: faces with equal keys give a line the same
    /// height at every size (they share a bit of `FontCollection.metricsBits`).
    package var lineKey: [Double] { [ascenderPerEm, descenderPerEm, lineGapPerEm] }
}
