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
    @exclusivity(unchecked) var fontRuns: [FontRun] = []
    @exclusivity(unchecked) var memo = TextMemo()
    @exclusivity(unchecked) var joins = SegmentJoins()
    @exclusivity(unchecked) var softHyphens = SoftHyphens()
    @exclusivity(unchecked) var hardBreaks: [Paragraph] = []
    /// Summaries of the current paragraph's pieces.
    @exclusivity(unchecked) var summaries: [ShapedRunSummary] = []
    let emPerUnit: [Double]
    let metricsBits: [UInt64]
    let breakRule = LineBreakChunk.BreakRule()
    /// Resolved segments, for paragraphs with nothing right to left (nil: every paragraph takes
    /// the whole-paragraph path, as with the shaping cache off).
    /// Per preparer, so threads never wait on each other or share its cache lines (a shared
    /// second level cost more in locks, copies and page faults than it saved in resolving).
    let segmentCache: SegmentCache?
    @exclusivity(unchecked) var pending: [PendingSegment] = []
    @exclusivity(unchecked) var scratchSegments = RecordBuffer<BreakSegment>()
    @exclusivity(unchecked) var scratchPieces = RecordBuffer<ShapedPiece>()
    @exclusivity(unchecked) var scratchRuns: [AnalysisRun] = []
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
    /// Paragraphs that may hold right-to-left text and were still resolved segment by segment (for tests).
    @exclusivity(unchecked) var rightToLeftSegmentParagraphs = 0
    /// Right-to-left paragraphs resolved chunk by chunk, all at level 1 (for tests).
    @exclusivity(unchecked) var rightToLeftChunkParagraphs = 0
    /// Paragraphs resolved chunk by chunk with their bidi levels (for tests).
    @exclusivity(unchecked) var leveledChunkParagraphs = 0
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

    init(fonts: FontCollection, features: [FontFeature], cache: ShapingCache, reusesSegments: Bool) throws {
        self.fonts = fonts
        self.analyzer = try TextAnalyzer()
        self.shaper = Shaper(fonts: fonts, features: features, cache: cache)
        self.emPerUnit = fonts.faces.map { 1 / Double($0.metrics.unitsPerEm) }
        self.metricsBits = fonts.metricsBits
        self.segmentCache = reusesSegments && cache.isEnabled ? SegmentCache() : nil
    }

    /// Prepares texts into one batch.
    func prepare(_ count: Int, text: (Int) -> String, style: FontStyle, metrics: FaceMetricsTable, runs: ShapedRunAccess) -> [PreparedText] {
        guard count > 0 else { return [] }
        return Array(unsafeUninitializedCapacity: count) { out, initialized in
            prepare(count, text: text, style: style, metrics: metrics, runs: runs, into: out.baseAddress!)
            initialized = count
        }
    }

    /// `prepare`, initializing the `count` results at `out`.
    func prepare(_ count: Int, text: (Int) -> String, style: FontStyle, metrics: FaceMetricsTable, runs: ShapedRunAccess,
                 into out: UnsafeMutablePointer<PreparedText>) {
        var builder = PreparedStorage.Builder(texts: count)
        for i in 0..<count {
            var t = text(i)
            t.withUTF8 { append($0, style: style, to: &builder) }
        }
        let storage = PreparedStorage(&builder, fontStyle: style, primaryFace: fonts.primaryFace(for: style), metrics: metrics, fonts: fonts, runs: runs)
        for i in 0..<count { (out + i).initialize(to: PreparedText(storage: storage, index: i)) }
    }

    /// Appends one text's paragraphs, segments and pieces to a batch (from the memo when the
    /// same text in the same style was prepared recently).
    func append(_ bytes: UnsafeBufferPointer<UInt8>, style: FontStyle, to builder: inout PreparedStorage.Builder) {
        guard shaper.cache.isEnabled else { return appendUncached(bytes, style: style, to: &builder) }
        let hash = TextMemo.hash(bytes, style: style.rawValue)
        if memo.copy(bytes, hash: hash, into: &builder) { return } // (its missing glyphs too)
        appendUncached(bytes, style: style, to: &builder)
        memo.remember(bytes, hash: hash, from: builder)
    }

    func appendUncached(_ bytes: UnsafeBufferPointer<UInt8>, style: FontStyle, to builder: inout PreparedStorage.Builder) {
        let missing = MissingGlyphs.find(in: bytes, style: style, fonts: fonts)
        if !missing.isEmpty { builder.missingGlyphs.append((Int32(builder.utf8Counts.count), missing)) }
        hardBreaks.removeAllKeepingCapacity()
        HardBreaks.paragraphs(in: bytes, into: &hardBreaks)
        for para in hardBreaks {
            let firstSegment = Int32(builder.segments.count)
            var baseLevel: UInt8 = 0
            if !para.isEmpty {
                let range = para.start..<para.end
                // (A paragraph that opens with a right-to-left character would only abandon the
                // level-0 chunk path after hashing the chunks ahead.)
                let opensRightToLeft = bytes[range.lowerBound] >= 0xD6
                    && UTF8Decoding.mayBeRightToLeft(UTF8Decoding.decode(bytes, at: range.lowerBound, end: range.upperBound).0)
                var needsLevels = opensRightToLeft
                if let segmentCache, !opensRightToLeft {
                    switch appendChunks(bytes, paragraph: range, level: 0, style: style, cache: segmentCache, to: &builder) {
                    case .appended:
                        appendParagraph(bytes, para, firstSegment: firstSegment, baseLevel: 0, to: &builder)
                        continue
                    case .needsLevels: needsLevels = true
                    case .abandoned: break
                    }
                }
                if let segmentCache, needsLevels, TextAnalyzer.isRightToLeftAtOneLevel(bytes, range) {
                    switch appendChunks(bytes, paragraph: range, level: 1, style: style, cache: segmentCache, to: &builder) {
                    case .appended:
                        rightToLeftChunkParagraphs += 1
                        appendParagraph(bytes, para, firstSegment: firstSegment, baseLevel: 1, to: &builder)
                        continue
                    case .needsLevels, .abandoned: needsLevels = false // (the same chunk rules would refuse it with levels)
                    }
                }
                if let segmentCache, needsLevels {
                    // Right-to-left text with numbers, or mixed with left-to-right text: the levels
                    // of the whole paragraph first, then chunk by chunk, each chunk at its levels.
                    analyzer.resolveParagraphLevels(bytes, paragraph: range)
                    paragraphLevelRuns.removeAll(keepingCapacity: true)
                    paragraphLevelRuns.append(contentsOf: analyzer.levelRuns)
                    let base = analyzer.baseLevel
                    if appendChunks(bytes, paragraph: range, level: base, byLevels: true, style: style, cache: segmentCache, to: &builder) == .appended {
                        leveledChunkParagraphs += 1
                        appendParagraph(bytes, para, firstSegment: firstSegment, baseLevel: base, to: &builder)
                        continue
                    }
                }
                let mayBeRightToLeft = analyzer.analyzeBreaks(bytes, paragraph: range)
                if let segmentCache {
                    var breaks = analyzer.breakOffsets
                    if !analyzer.isASCII { dropBreaksInsideClusters(bytes, range, &breaks) }
                    if analyzer.isASCII || breaks.dropLast().allSatisfy({ GraphemeRules.mayStartCluster(bytes, at: Int($0), in: range) }) {
                        var segmentPath = true
                        if mayBeRightToLeft {
                            // Segments whose level changes inside are resolved directly; that needs a
                            // real script before them (the leading Common run ends at a level change).
                            analyzer.resolveLevelRuns(bytes, paragraph: range)
                            if let mixed = Self.firstMixedLevelSegment(analyzer.levelRuns, breaks: breaks, paragraphStart: range.lowerBound) {
                                segmentPath = analyzer.firstRealScriptOffset(bytes, range: range).map { $0 < mixed } ?? false
                            }
                        }
                        if segmentPath {
                            if mayBeRightToLeft { rightToLeftSegmentParagraphs += 1 }
                            appendSegments(bytes, paragraph: range, breaks: breaks, levelRuns: mayBeRightToLeft ? analyzer.levelRuns : [],
                                           style: style, cache: segmentCache, to: &builder)
                            appendParagraph(bytes, para, firstSegment: firstSegment, baseLevel: mayBeRightToLeft ? analyzer.baseLevel : 0, to: &builder)
                            continue
                        }
                    }
                }
                analyzer.resolveParagraphRuns(bytes, paragraph: range)
                baseLevel = analyzer.baseLevel
                fontRuns.removeAllKeepingCapacity()
                FontFallback.resolve(bytes, paragraph: range, style: style, fonts: fonts,
                                     graphemes: { analyzer.graphemeBoundaries(bytes, range: range) }, into: &fontRuns)
                buildSegments(bytes, paragraph: range, segments: &builder.segments, pieces: &builder.pieces)
            }
            appendParagraph(bytes, para, firstSegment: firstSegment, baseLevel: baseLevel, to: &builder)
        }
        builder.finishText(utf8Count: bytes.count)
    }

    /// Closes a paragraph of the batch: its segments are those appended since `firstSegment`,
    /// with the kerning across their joins added (see `SegmentJoins`).
    @inline(__always)
    func appendParagraph(_ bytes: UnsafeBufferPointer<UInt8>, _ para: Paragraph, firstSegment: Int32, baseLevel: UInt8,
                         to builder: inout PreparedStorage.Builder) {
        let endSegment = Int32(builder.segments.count)
        joins.apply(bytes, segments: Int(firstSegment)..<Int(endSegment), builder: &builder, store: shaper.cache.store, emPerUnit: emPerUnit,
                    shaper: shaper, analyzer: analyzer)
        softHyphens.apply(bytes, segments: Int(firstSegment)..<Int(endSegment), builder: &builder, shaper: shaper)
        let segments = UnsafeBufferPointer(rebasing: builder.segments.elements[Int(firstSegment)..<Int(endSegment)])
        builder.paragraphs.append(PreparedStorage.Paragraph(start: Int32(para.start), end: Int32(para.end), next: Int32(para.next),
                                                            firstSegment: firstSegment, endSegment: endSegment, baseLevel: baseLevel,
                                                            segments: segments))
    }

    /// Intersects break segments, analysis runs and font runs; shapes each piece.
    func buildSegments(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>,
                       segments: inout RecordBuffer<BreakSegment>, pieces: inout RecordBuffer<ShapedPiece>) {
        var breaks = analyzer.breakOffsets
        if !analyzer.isASCII { dropBreaksInsideClusters(bytes, paragraph, &breaks) }
        breaks.withUnsafeBufferPointer {
            appendPieces(bytes, paragraph: paragraph, breaks: $0, runs: analyzer.runs, segments: &segments, pieces: &pieces)
        }
    }

    /// Intersects break segments (ending at `breaks`), analysis runs and the font runs in
    /// `fontRuns` over `paragraph`; shapes each piece.
    func appendPieces(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, breaks: UnsafeBufferPointer<Int32>, runs: [AnalysisRun],
                      segments: inout RecordBuffer<BreakSegment>, pieces: inout RecordBuffer<ShapedPiece>) {
        var b = 0, r = 0, f = 0
        var pos = Int32(paragraph.lowerBound)
        var segStart = pos
        var segFirstPiece = Int32(pieces.count)
        summaries.removeAllKeepingCapacity()
        var segFirstSummary = 0
        while b < breaks.count {
            let next = min(breaks[b], runs[r].end, fontRuns[f].end)
            if next > pos {
                let face = fontRuns[f].face
                let run = runs[r]
                let shaped = shaper.shape(bytes, range: Int(pos)..<Int(next), face: face, script: run.script, rightToLeft: run.isRightToLeft)
                pieces.append(ShapedPiece(start: pos, byteCount: next - pos, runID: shaped.id, face: PackedFaceIndex(face), level: run.level))
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

    /// `appendPieces` for one segment, ending at `end`.
    @inline(__always)
    func appendPieces(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, end: Int, runs: [AnalysisRun],
                      segments: inout RecordBuffer<BreakSegment>, pieces: inout RecordBuffer<ShapedPiece>) {
        withUnsafePointer(to: Int32(end)) {
            appendPieces(bytes, paragraph: paragraph, breaks: UnsafeBufferPointer(start: $0, count: 1), runs: runs, segments: &segments, pieces: &pieces)
        }
    }

    /// A segment of only Common characters at the start of a paragraph: its script is the first
    /// real script after it at the same level, so it waits until one is found.
    struct PendingSegment {
        var start: Int
        var end: Int
        var faceIn: PackedFaceIndex
        /// The entry looked up with Common while waiting (-1 if none), valid in `generation`.
        var entry: Int
        var generation: Int
    }

    /// Where a paragraph resolved piece by piece has got to: the last real script (Common while
    /// there is none yet), the face of the last cluster, and the level of the pending segments.
    struct Walk {
        var script = ScriptTag.common
        var face: PackedFaceIndex = noFace
        var pendingLevel: UInt8 = 0
    }

    /// Appends a paragraph segment by segment, through the segment cache; gives the same
    /// segments and pieces as the whole-paragraph path.
    /// - Parameter levelRuns: the paragraph's bidi level runs, each change on a break; empty
    ///   when nothing is right to left (every level 0).
    func appendSegments(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, breaks: [Int32], levelRuns: [LevelRun],
                        style: FontStyle, cache: SegmentCache, to builder: inout PreparedStorage.Builder) {
        var walk = Walk()
        var start = paragraph.lowerBound
        var levelRun = 0
        pending.removeAllKeepingCapacity()
        for (b, breakOffset) in breaks.enumerated() {
            if b % Self.lookAhead == 0 {
                prefetchSegments(bytes, from: start, ends: breaks[b..<min(b + Self.lookAhead, breaks.count)], levelRuns: levelRuns,
                                 firstLevelRun: levelRun, style: UInt8(style.rawValue), cache: cache)
            }
            let end = Int(breakOffset)
            guard end > start else { continue }
            var level: UInt8 = 0
            if !levelRuns.isEmpty {
                while levelRuns[levelRun].end <= Int32(start) { levelRun += 1 }
                level = levelRuns[levelRun].level
                if levelRuns[levelRun].end < Int32(end) {
                    // The level changes inside (after the first real script: see `appendUncached`).
                    appendMixedLevelSegment(bytes, start..<end, levelRuns: levelRuns, firstLevelRun: levelRun, style: style,
                                            script: &walk.script, face: &walk.face, to: &builder)
                    start = end
                    continue
                }
            }
            appendSegment(bytes, start..<end, level: level, style: style, walk: &walk, cache: cache, to: &builder)
            start = end
        }
        // A paragraph with no real script at all: its segments stay Common.
        flushPending(bytes, style: UInt8(style.rawValue), level: walk.pendingLevel, script: ScriptTag.common, cache: cache, to: &builder)
    }

    /// One segment of a paragraph resolved segment by segment.
    @inline(__always)
    func appendSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, level: UInt8, style: FontStyle, walk: inout Walk,
                       cache: SegmentCache, to builder: inout PreparedStorage.Builder) {
        let styleKey = UInt8(style.rawValue)
        let common = ScriptTag.common
        var found: Int? = nil // this segment's entry, when already looked up below
        if walk.script == common {
            // Still no real script in the paragraph: a segment of only Common characters waits
            // for the first real script after it (it is shaped once, with that script). The
            // wait ends as Common where the level changes first: the run ends there.
            if !pending.isEmpty && level != walk.pendingLevel {
                flushPending(bytes, style: styleKey, level: walk.pendingLevel, script: common, cache: cache, to: &builder)
            }
            let hash = SegmentCache.hash(bytes, range, style: styleKey, level: level, scriptIn: common, faceIn: walk.face)
            found = cache.find(bytes, range, hash: hash, style: styleKey, level: level, scriptIn: common, faceIn: walk.face)
            let first = found.map { cache.header($0).pointee.firstScript } ?? analyzer.firstRealScript(bytes, range: range)
            if first == common {
                pending.append(PendingSegment(start: range.lowerBound, end: range.upperBound, faceIn: walk.face, entry: found ?? -1,
                                              generation: cache.generation))
                walk.pendingLevel = level
                walk.face = found.map { cache.header($0).pointee.faceOut } ?? lastFace(bytes, range, style: style, after: walk.face)
                return
            }
            let generation = cache.generation
            flushPending(bytes, style: styleKey, level: level, script: first, cache: cache, to: &builder)
            if cache.generation != generation { found = nil } // emptied meanwhile
        }
        let entry = found ?? segmentEntry(bytes, range, style: styleKey, level: level, scriptIn: walk.script, faceIn: walk.face, cache: cache)
        emit(entry, at: range.lowerBound, cache: cache, to: &builder)
        walk.script = cache.header(entry).pointee.scriptOut
        walk.face = cache.header(entry).pointee.faceOut
    }

    /// A segment whose bidi level changes inside it: resolved and shaped straight into the batch
    /// (not cached), as the whole-paragraph path would, from the script and face before it.
    func appendMixedLevelSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, levelRuns: [LevelRun], firstLevelRun: Int,
                                 style: FontStyle, script: inout UInt32, face: inout PackedFaceIndex,
                                 to builder: inout PreparedStorage.Builder) {
        scratchRuns.removeAllKeepingCapacity()
        var r = firstLevelRun
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min(Int(levelRuns[r].end), range.upperBound)
            analyzer.scriptRuns(bytes, range: start..<end, script: &script, level: levelRuns[r].level)
            scratchRuns.append(contentsOf: analyzer.runs)
            start = end
            r += 1
        }
        fontRuns.removeAllKeepingCapacity()
        face = PackedFaceIndex(FontFallback.resolve(bytes, paragraph: range, style: style, fonts: fonts, previousFace: FaceIndex(face),
                                          graphemes: { analyzer.graphemeBoundaries(bytes, range: range) }, into: &fontRuns))
        appendPieces(bytes, paragraph: range, end: range.upperBound, runs: scratchRuns,
                     segments: &builder.segments, pieces: &builder.pieces)
    }

    /// Emits the pending segments before a segment or chunk at `level` whose first real script is
    /// `script`: with that script, or as Common if their level was another (their run ended
    /// where the level changed, as in `appendSegment`).
    @inline(__always)
    func flushPending(_ bytes: UnsafeBufferPointer<UInt8>, style: UInt8, before level: UInt8, script: UInt32, walk: Walk,
                      cache: SegmentCache, to builder: inout PreparedStorage.Builder) {
        flushPending(bytes, style: style, level: walk.pendingLevel, script: walk.pendingLevel == level ? script : ScriptTag.common,
                     cache: cache, to: &builder)
    }

    /// Emits the pending segments (all at `level`) with the script they turned out to take.
    func flushPending(_ bytes: UnsafeBufferPointer<UInt8>, style: UInt8, level: UInt8, script: UInt32, cache: SegmentCache,
                      to builder: inout PreparedStorage.Builder) {
        for p in pending {
            // An entry found while waiting was looked up with Common, so it serves only a Common ending.
            let entry = p.entry >= 0 && p.generation == cache.generation && script == ScriptTag.common
                ? p.entry : segmentEntry(bytes, p.start..<p.end, style: style, level: level, scriptIn: script, faceIn: p.faceIn, cache: cache)
            emit(entry, at: p.start, cache: cache, to: &builder)
        }
        pending.removeAllKeepingCapacity()
    }

    /// The face the last cluster of `bytes[range]` takes after a cluster in `previous`.
    func lastFace(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, style: FontStyle, after previous: PackedFaceIndex) -> PackedFaceIndex {
        fontRuns.removeAllKeepingCapacity()
        return PackedFaceIndex(FontFallback.resolve(bytes, paragraph: range, style: style, fonts: fonts, previousFace: FaceIndex(previous),
                                          graphemes: { analyzer.graphemeBoundaries(bytes, range: range) }, into: &fontRuns))
    }

    /// Appends an entry's segments and pieces to the batch, placed at `start`.
    @inline(__always)
    func emit(_ entry: Int, at start: Int, cache: SegmentCache, to builder: inout PreparedStorage.Builder) {
        let base = Int32(start)
        let firstPiece = Int32(builder.pieces.count)
        let pieces = cache.pieces(entry)
        let segments = cache.segments(entry)
        let newPieces = builder.pieces.appendUninitialized(pieces.count)
        let newSegments = builder.segments.appendUninitialized(segments.count)
        if pieces.count == 1 && segments.count == 1 {
            // Most entries: one word, one piece (a loop's set-up would cost more than the copy).
            newPieces.initialize(to: pieces[0].moved(bytes: base))
            newSegments.initialize(to: segments[0].moved(bytes: base, pieces: firstPiece))
            return
        }
        for k in 0..<pieces.count { (newPieces + k).initialize(to: pieces[k].moved(bytes: base)) }
        for k in 0..<segments.count { (newSegments + k).initialize(to: segments[k].moved(bytes: base, pieces: firstPiece)) }
    }

    /// The cache entry of `bytes[range]` after the given script and face, resolved and shaped on a miss.
    func segmentEntry(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, style: UInt8, level: UInt8, scriptIn: UInt32,
                      faceIn: PackedFaceIndex, cache: SegmentCache) -> Int {
        let hash = SegmentCache.hash(bytes, range, style: style, level: level, scriptIn: scriptIn, faceIn: faceIn)
        if let found = cache.find(bytes, range, hash: hash, style: style, level: level, scriptIn: scriptIn, faceIn: faceIn) { return found }
        var script = scriptIn
        analyzer.scriptRuns(bytes, range: range, script: &script, level: level)
        let firstScript = scriptIn == ScriptTag.common ? analyzer.runs[0].script : scriptIn
        fontRuns.removeAllKeepingCapacity()
        let faceOut = FontFallback.resolve(bytes, paragraph: range, style: FontStyle(rawValue: Int(style))!, fonts: fonts, previousFace: FaceIndex(faceIn),
                                           graphemes: { analyzer.graphemeBoundaries(bytes, range: range) }, into: &fontRuns)
        scratchSegments.removeAll()
        scratchPieces.removeAll()
        appendPieces(bytes, paragraph: range, end: range.upperBound, runs: analyzer.runs,
                     segments: &scratchSegments, pieces: &scratchPieces)
        let base = Int32(range.lowerBound)
        let segment = scratchSegments[0].moved(bytes: -base, pieces: 0)
        for k in 0..<scratchPieces.count { scratchPieces[k] = scratchPieces[k].moved(bytes: -base) }
        let entry = withUnsafePointer(to: segment) { segment in
            cache.insert(bytes, range, hash: hash, style: style, level: level, scriptIn: scriptIn, faceIn: faceIn, faceOut: PackedFaceIndex(faceOut),
                         scriptOut: script, firstScript: firstScript, newSegments: UnsafeBufferPointer(start: segment, count: 1),
                         newPieces: scratchPieces.elements)
        }
        return entry
    }

    /// Sums a segment's pieces (their summaries are `summaries[range]`); trailing whitespace is
    /// the whitespace at the end of its last pieces (a piece that is all whitespace passes the
    /// question to the piece before it).
    @inline(__always)
    func makeSegment(start: Int32, end: Int32, first: Int32, endPiece: Int32, summaries range: Range<Int>) -> BreakSegment {
        var total = 0.0
        var clusters: Int32 = 0
        var mask: UInt64 = 0
        for piece in summaries[range] {
            total += Double(piece.totalAdvance) * emPerUnit[Int(piece.face)]
            clusters += piece.clusterCount
            mask |= metricsBits[Int(piece.face)]
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
                            metricsMask: mask, firstPiece: first, endPiece: endPiece)
    }
}
