/// What the analysis stage found in one paragraph: its line-break opportunities and, once
/// resolved, its bidi levels and its runs of one level and one script.
///
/// Made by `TextAnalyzer.analyzeBreaks` (opportunities only), then completed by
/// `TextAnalyzer.resolvingLevelRuns` and `resolvingRuns`, each a function from analysis to
/// analysis; `TextAnalyzer.analyze` does all. A value that owns its arrays: a later analysis
/// never changes it. Handing it back (`TextAnalyzer.recycle`) lets the analyzer reuse the
/// arrays' memory, so a preparer that does so allocates nothing per paragraph.
public struct ParagraphAnalysis {
    /// The paragraph's UTF-8 range in the text (no hard breaks inside).
    public let paragraph: Range<Int>
    /// The direction asked for: nil for the first strong character's, 0 left to right, 1 right to left.
    public let baseDirection: UInt8?
    /// Line-break opportunities (UAX #14): absolute UTF-8 offsets after the paragraph's start,
    /// ascending; the last one is the paragraph's end (none for an empty paragraph).
    public internal(set) var breakOffsets: [Int32]
    /// Whether every byte is ASCII (then nothing is right to left and scripts are Latin or Common).
    public internal(set) var isASCII: Bool
    /// Whether the paragraph may hold right-to-left text (when not, every level is 0).
    public internal(set) var mayBeRightToLeft: Bool
    /// The resolved base level (0 left to right, 1 right to left); `baseDirection ?? 0` until
    /// levels are resolved.
    public internal(set) var baseLevel: UInt8
    /// Runs of equal bidi level, in order, covering the paragraph (after `resolvingLevelRuns`).
    public internal(set) var levelRuns: [LevelRun] = []
    /// Runs of one level and one script, covering the paragraph without gaps (after `resolvingRuns`).
    public internal(set) var runs: [AnalysisRun] = []
    /// The analyzer's state (UTF-16, levels) this analysis left behind, valid while that
    /// analyzer's generation is this one; otherwise (or in another analyzer) it is worked out again.
    var generation: Int
    var analyzer: ObjectIdentifier
}

/// Bidi levels of a paragraph without its line-break analysis (`TextAnalyzer.paragraphLevels`),
/// for a paragraph broken chunk by chunk whose chunks take their levels from these runs.
public struct ParagraphLevels {
    /// The first strong character's direction, left to right (0) if none.
    public internal(set) var baseLevel: UInt8
    /// Runs of equal level, in order, covering the paragraph.
    public internal(set) var runs: [LevelRun]
}
