/// Lines stacked top to bottom in the order the line breaker gives them: the one place the
/// vertical rule is applied, for `layout` (which keeps each line), `lineStarts` and
/// `measureWrapped` (which keep only the totals), so their heights agree to the bit.
///
/// The rule: line spacing between consecutive lines, and paragraph spacing after it where a
/// new paragraph starts; each line as tall as `PreparedText.lineHeight` says for its faces.
/// A value the line closures mutate in place (a local function capturing the counters would
/// box them). O(1) a line.
struct LineStack {
    /// The bottom of the last line: the height so far.
    private(set) var y = 0.0
    /// The widest line so far.
    private(set) var widest = 0.0
    private(set) var count = 0
    /// The last line's metrics, and the mask they are for: lines mostly use the faces of the
    /// line before, whose metrics are then reused.
    private(set) var metrics = (height: 0.0, ascent: 0.0, descent: 0.0, baselineOffset: 0.0)
    private var metricsMask: UInt64 = 0
    /// The first and last lines' baselines from the top.
    private(set) var firstBaseline = 0.0
    private(set) var lastBaseline = 0.0
    private var paragraph = -1

    /// Stacks a line of `width` whose faces are `metricsMask`, in paragraph `paragraph`
    /// (counted from the text's first); returns its top. Its metrics are then `metrics`: those of
    /// its faces, of the text's first face, or of both, as the engine's sizing rule says.
    @inline(__always) @discardableResult
    mutating func add(metricsMask faces: UInt64, width: Double, paragraph: Int, of text: PreparedText, _ a: TextAttributes) -> Double {
        let mask = faces & text.storage.keptFaces | text.storage.addedFaces
        if count > 0 {
            y += a.lineSpacing
            if paragraph != self.paragraph { y += a.paragraphSpacing }
        }
        if mask != metricsMask || count == 0 {
            metricsMask = mask
            metrics = text.lineHeight(mask, a)
        }
        let top = y
        lastBaseline = top + metrics.baselineOffset
        if count == 0 { firstBaseline = lastBaseline }
        y += metrics.height
        widest = max(widest, width)
        self.paragraph = paragraph
        count += 1
        return top
    }
}
