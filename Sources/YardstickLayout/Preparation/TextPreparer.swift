import YardstickAnalysis
import YardstickFonts
import YardstickLineBreaking
import YardstickShaping

/// Turns text into a `PreparedText`: hard breaks → analysis (UAX #14, bidi, script) → font
/// fallback → pieces where segment, script, level and face are all constant → shaping (cached)
/// → break segments with em widths. One preparer per thread (it owns ICU objects, a HarfBuzz
/// buffer and scratch arrays); `TextEngine` pools them.
///
/// Each paragraph goes along one of five paths (`PreparationPath`, one file each: ChunkPath,
/// SegmentPath, ParagraphPath), which give the same result and differ in what they remember
/// in the segment cache (Memory/); `appendAlongPath(_:paragraph:style:to:)` is the one place
/// that picks the path, by `PreparationPath.first` and `next`.
final class TextPreparer: @unchecked Sendable {
    let fonts: FontCollection
    /// The engine's rules: the analyzer keeps Hangul words by them, the storage lays out by them.
    let rules: LabelRules
    let analyzer: TextAnalyzer
    let shaper: Shaper
    @exclusivity(unchecked) var fontRuns: [FontRun] = []
    /// The chain of the style of the text being appended (`FontCollection.chainIndex(for:)`),
    /// set once per text: the per-segment keys and fallback read it.
    @exclusivity(unchecked) var chain = 0
    @exclusivity(unchecked) var memo = TextMemo()
    @exclusivity(unchecked) var joins = SegmentJoins()
    @exclusivity(unchecked) var softHyphens = SoftHyphens()
    @exclusivity(unchecked) var hardBreaks: [Paragraph] = []
    /// Summaries of the current paragraph's pieces.
    @exclusivity(unchecked) var summaries: [ShapedRunSummary] = []
    let emPerUnit: [Double]
    let metricsBits: [UInt64]
    /// The shaped runs this preparer's texts name: its shaping cache's store.
    let runs: ShapedRunAccess
    /// The engine's cache generation this preparer shapes into (`TextEngine.generation`).
    let generation: Int
    let breakRule = ChunkEdges.BreakRule()
    /// Resolved segments, for paragraphs with nothing right to left (nil: every paragraph takes
    /// the whole-paragraph path, as with the shaping cache off).
    /// Per preparer, so threads never wait on each other or share its cache lines (a shared
    /// second level cost more in locks, copies and page faults than it saved in resolving).
    let segmentCache: SegmentCache?
    @exclusivity(unchecked) var pending: [PendingSegment] = []
    @exclusivity(unchecked) var scratchSegments = RecordBuffer<BreakSegment>()
    @exclusivity(unchecked) var scratchPieces = RecordBuffer<ShapedPiece>()
    @exclusivity(unchecked) var scratchRuns: [AnalysisRun] = []
    /// The script runs of the segment `segmentEntry` is resolving.
    @exclusivity(unchecked) var segmentRuns: [AnalysisRun] = []
    /// Ends of the segments of the chunk being resolved, and its segments and pieces.
    @exclusivity(unchecked) var chunkSegments: [Int32] = []
    @exclusivity(unchecked) var chunkScratchSegments: [BreakSegment] = []
    @exclusivity(unchecked) var chunkScratchPieces: [ShapedPiece] = []
    /// Chunks of the paragraph being appended, found ahead of their lookups (see `scanChunksAhead`).
    struct ChunkAhead {
        var end: Int
        var bytesHash: UInt64
        /// The bidi level of every character of the chunk, or `mixedLevel`.
        var level: UInt8
    }
    /// A chunk or segment whose characters are at more than one bidi level.
    static let mixedLevel: UInt8 = 0xFF
    /// The bidi level runs of the paragraph being appended chunk by chunk with levels.
    @exclusivity(unchecked) var paragraphLevelRuns: [LevelRun] = []
    let chunksAhead = UnsafeMutablePointer<ChunkAhead>.allocate(capacity: TextPreparer.lookAhead)
    @exclusivity(unchecked) var chunksAheadCount = 0
    let hashesAhead = UnsafeMutablePointer<UInt64>.allocate(capacity: TextPreparer.lookAhead)
    /// How many chunks or segments ahead of their lookups `scanChunksAhead` and
    /// `prefetchSegments` start loading cache lines.
    static let lookAhead = 16
    /// Common segments at the start of a chunk being composed, waiting for its first real script.
    @exclusivity(unchecked) var waiting: [PendingSegment] = []
    /// Paragraphs appended along each path (for tests).
    @exclusivity(unchecked) var pathCounts = PreparationPathCounts()
    /// The chunk entries shared with the other workers of a multi-thread run (see
    /// `SharedChunkTable`), nil between runs. (Its records stay readable after the run.)
    var sharedChunks: SharedChunkTable? {
        get { segmentCache?.attachedTable }
        set { segmentCache?.attach(newValue) }
    }
    /// Chunk lookups that missed this preparer's cache and found the entry in `sharedChunks` (for tests).
    var sharedChunkHits: Int { segmentCache?.sharedHits ?? 0 }
    /// Segment and chunk lookups that hit this preparer's cache (for tests).
    var segmentCacheHits: Int { segmentCache?.hits ?? 0 }

    deinit {
        scratchSegments.free()
        scratchPieces.free()
        chunksAhead.deallocate()
        hashesAhead.deallocate()
    }

    init(fonts: FontCollection, features: [FontFeature], rules: LabelRules = .pango, cache: ShapingCache, reusesSegments: Bool,
         generation: Int = 0) throws {
        self.fonts = fonts
        self.rules = rules
        self.analyzer = try TextAnalyzer(keepsHangulWords: rules.lineBreakStrategy.contains(.hangulWordPriority))
        self.shaper = Shaper(fonts: fonts, features: features, cache: cache)
        self.emPerUnit = fonts.faces.map { 1 / Double($0.metrics.unitsPerEm) }
        self.metricsBits = fonts.metricsBits
        self.runs = ShapedRunAccess(store: cache.store, emPerUnit: emPerUnit, metricsBits: fonts.metricsBits)
        self.generation = generation
        self.segmentCache = reusesSegments && cache.isEnabled ? SegmentCache() : nil
    }

    /// Prepares texts into one batch.
    func prepare(_ count: Int, text: (Int) -> String, style: FontStyle, metrics: FaceMetricsTable) -> [PreparedText] {
        guard count > 0 else { return [] }
        return Array(unsafeUninitializedCapacity: count) { out, initialized in
            prepare(count, text: text, style: style, metrics: metrics, into: out.baseAddress!)
            initialized = count
        }
    }

    /// `prepare`, initializing the `count` results at `out`.
    func prepare(_ count: Int, text: (Int) -> String, style: FontStyle, metrics: FaceMetricsTable,
                 into out: UnsafeMutablePointer<PreparedText>) {
        var builder = PreparedStorage.Builder(texts: count)
        softHyphens.widths = metrics.hyphenWidths
        for i in 0..<count {
            var t = text(i)
            t.withUTF8 { append($0, style: style, to: &builder) }
        }
        finish(&builder, count: count, style: style, metrics: metrics, into: out)
    }

    /// `prepare` of texts given as UTF-8 bytes, which must be well-formed (a `String`'s are).
    func prepare(_ count: Int, utf8: (Int) -> UnsafeBufferPointer<UInt8>, style: FontStyle, metrics: FaceMetricsTable,
                 into out: UnsafeMutablePointer<PreparedText>) {
        var builder = PreparedStorage.Builder(texts: count)
        softHyphens.widths = metrics.hyphenWidths
        for i in 0..<count {
            let bytes = utf8(i)
            append(bytes.isEmpty ? Self.emptyText : bytes, style: style, to: &builder)
        }
        finish(&builder, count: count, style: style, metrics: metrics, into: out)
    }

    /// An empty text with an address, as an empty `String`'s bytes have (an empty buffer may have none).
    nonisolated(unsafe) private static let emptyText = UnsafeBufferPointer(start: UnsafeMutablePointer<UInt8>.allocate(capacity: 1), count: 0)

    private func finish(_ builder: inout PreparedStorage.Builder, count: Int, style: FontStyle, metrics: FaceMetricsTable,
                        into out: UnsafeMutablePointer<PreparedText>) {
        let storage = PreparedStorage(&builder, fontStyle: style, primaryFace: fonts.primaryFace(for: style), rules: rules, metrics: metrics,
                                      fonts: fonts, runs: runs)
        for i in 0..<count { (out + i).initialize(to: PreparedText(storage: storage, index: i)) }
    }

    /// Appends one text's paragraphs, segments and pieces to a batch (from the memo when the
    /// same text in the same style was prepared recently).
    func append(_ bytes: UnsafeBufferPointer<UInt8>, style: FontStyle, to builder: inout PreparedStorage.Builder) {
        guard shaper.cache.isEnabled else { return appendUncached(bytes, style: style, to: &builder) }
        chain = fonts.chainIndex(for: style)
        let hash = TextMemo.hash(bytes, style: chain)
        if memo.copy(bytes, hash: hash, into: &builder) { return } // (its missing glyphs too)
        appendUncached(bytes, style: style, to: &builder)
        memo.remember(bytes, hash: hash, from: builder)
    }

    func appendUncached(_ bytes: UnsafeBufferPointer<UInt8>, style: FontStyle, to builder: inout PreparedStorage.Builder) {
        chain = fonts.chainIndex(for: style)
        let missing = MissingGlyphs.find(in: bytes, chain: chain, fonts: fonts)
        if !missing.isEmpty { builder.missingGlyphs.append((Int32(builder.utf8Counts.count), missing)) }
        clearKeepingCapacity(&hardBreaks)
        HardBreaks.paragraphs(in: bytes, into: &hardBreaks)
        for para in hardBreaks {
            let firstSegment = Int32(builder.segments.count)
            let baseLevel = para.isEmpty ? 0 : appendAlongPath(bytes, paragraph: para.start..<para.end, style: style, to: &builder)
            appendParagraph(bytes, para, firstSegment: firstSegment, baseLevel: baseLevel, to: &builder)
        }
        builder.finishText(utf8Count: bytes.count)
    }

    /// Appends the segments and pieces of a non-empty paragraph along the first path that takes
    /// it (`PreparationPath`); returns its base level.
    func appendAlongPath(_ bytes: UnsafeBufferPointer<UInt8>, paragraph range: Range<Int>, style: FontStyle,
                             to builder: inout PreparedStorage.Builder) -> UInt8 {
        let rightToLeftAtOneLevel = { TextAnalyzer.isRightToLeftAtOneLevel(bytes, range) }
        let opensRightToLeft = bytes[range.lowerBound] >= 0xD6
            && UTF8Decoding.mayBeRightToLeft(UTF8Decoding.decode(bytes, at: range.lowerBound, end: range.upperBound).0)
        let segmentMark = builder.segments.count, pieceMark = builder.pieces.count
        var path = PreparationPath.first(cachesSegments: segmentCache != nil, opensRightToLeft: opensRightToLeft,
                                         rightToLeftAtOneLevel: rightToLeftAtOneLevel)
        var refused: ParagraphAnalysis? = nil // what the segment path found, for the whole-paragraph path
        while true {
            let outcome: PreparationPath.Outcome
            switch path {
            case .chunks, .rightToLeftChunks:
                outcome = appendChunks(bytes, paragraph: range, level: path == .chunks ? 0 : 1, style: style, cache: segmentCache!, to: &builder)
            case .chunksByLevels:
                // The levels of the whole paragraph first, then chunk by chunk, each chunk at its levels.
                let levels = analyzer.paragraphLevels(bytes, paragraph: range)
                paragraphLevelRuns.removeAll(keepingCapacity: true)
                paragraphLevelRuns.append(contentsOf: levels.runs)
                outcome = appendChunks(bytes, paragraph: range, level: levels.baseLevel, byLevels: true, style: style, cache: segmentCache!, to: &builder)
                analyzer.recycle(levels)
            case .segments:
                var analysis = analyzer.analyzeBreaks(bytes, paragraph: range)
                outcome = appendSegmentPath(bytes, &analysis, style: style, cache: segmentCache!, to: &builder)
                if case .appended = outcome { analyzer.recycle(analysis) } else { refused = analysis }
            case .wholeParagraph:
                let analysis = refused.take() ?? analyzer.analyzeBreaks(bytes, paragraph: range)
                outcome = .appended(baseLevel: appendWholeParagraph(bytes, analysis, style: style, to: &builder))
            }
            if case .appended(let baseLevel) = outcome {
                pathCounts[path] += 1
                return baseLevel
            }
            // A refusing path leaves the batch as it found it.
            assert(builder.segments.count == segmentMark && builder.pieces.count == pieceMark, "\(path) refused after appending")
            path = PreparationPath.next(after: path, outcome, rightToLeftAtOneLevel: rightToLeftAtOneLevel)
        }
    }

    /// Closes a paragraph of the batch: its segments are those appended since `firstSegment`,
    /// with the kerning across their joins added (see `SegmentJoins`).
    @inline(__always)
    func appendParagraph(_ bytes: UnsafeBufferPointer<UInt8>, _ para: Paragraph, firstSegment: Int32, baseLevel: UInt8,
                         to builder: inout PreparedStorage.Builder) {
        let endSegment = Int32(builder.segments.count)
        joins.apply(bytes, segments: Int(firstSegment)..<Int(endSegment), builder: &builder, store: shaper.cache.store, emPerUnit: emPerUnit,
                    shaper: shaper, analyzer: analyzer)
        softHyphens.apply(bytes, segments: Int(firstSegment)..<Int(endSegment), builder: &builder)
        let segments = UnsafeBufferPointer(rebasing: builder.segments.elements[Int(firstSegment)..<Int(endSegment)])
        builder.paragraphs.append(PreparedStorage.Paragraph(start: Int32(para.start), end: Int32(para.end), next: Int32(para.next),
                                                            firstSegment: firstSegment, endSegment: endSegment, baseLevel: baseLevel,
                                                            segments: segments))
    }
}
