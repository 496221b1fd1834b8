/// A text measured at one width: the height a row needs and its line count, without the lines.
///
/// `PreparedText.measure(width:attributes:)` gives one; `TextEngine.prepareAndMeasure` prepares
/// and measures many texts in one pass. It keeps the prepared text, so the same text lays out
/// again at other widths and sizes by arithmetic (O(segments)), without shaping again.
public struct MeasuredText: Sendable {
    /// The text, ready for layout at other widths and sizes.
    public let prepared: PreparedText
    /// Total height in points, as `prepared.layout(width:attributes:).height` at that width.
    public let height: Double
    /// Number of lines, as `prepared.layout(width:attributes:).lineCount` at that width.
    public let lineCount: Int

    init(prepared: PreparedText, height: Double, lineCount: Int) {
        self.prepared = prepared
        self.height = height
        self.lineCount = lineCount
    }

    init(_ prepared: consuming PreparedText, width: Double, attributes: TextAttributes) {
        let m = prepared.heightAndLineCount(width: width, attributes: attributes)
        self.prepared = prepared
        height = m.height
        lineCount = m.lineCount
    }
}
