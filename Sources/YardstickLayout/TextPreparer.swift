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
    @exclusivity(unchecked) private var fontRuns: [FontRun] = []
    @exclusivity(unchecked) private var memo = TextMemo()
    @exclusivity(unchecked) private var joins = SegmentJoins()
    @exclusivity(unchecked) private var softHyphens = SoftHyphens()
    @exclusivity(unchecked) private var hardBreaks: [Paragraph] = []
    /// Summaries of the current paragraph's pieces.
    @exclusivity(unchecked) private var summaries: [ShapedRunSummary] = []
    private let emPerUnit: [Double]
    private let metricsBits: [UInt64]
    private let breakRule = LineBreakChunk.BreakRule()
    /// Resolved segments, for paragraphs with nothing right to left (nil: every paragraph takes
    /// the whole-paragraph path, as with the shaping cache off).
    /// Per preparer, so threads never wait on each other or share its cache lines (a shared
    /// second level cost more in locks, copies and page faults than it saved in resolving).
    private let segmentCache: SegmentCache?
    @exclusivity(unchecked) private var pending: [PendingSegment] = []
    @exclusivity(unchecked) private var scratchSegments = RecordBuffer<BreakSegment>()
    @exclusivity(unchecked) private var scratchPieces = RecordBuffer<ShapedPiece>()
    @exclusivity(unchecked) private var scratchRuns: [AnalysisRun] = []
    /// Ends of the segments of the chunk being resolved, and its segments and pieces.
    @exclusivity(unchecked) private var chunkSegments: [Int32] = []
    @exclusivity(unchecked) private var chunkScratchSegments: [BreakSegment] = []
    @exclusivity(unchecked) private var chunkScratchPieces: [ShapedPiece] = []
    /// Chunks of the paragraph being appended, found ahead of their lookups (see `scanChunksAhead`).
    private struct ChunkAhead {
        var end: Int
        var bytesHash: UInt64
        /// The bidi level of every character of the chunk, or `mixedLevel`.
        var level: UInt8
    }
    /// A chunk or segment whose characters are at more than one bidi level.
    private static let mixedLevel: UInt8 = 0xFF
    /// The bidi level runs of the paragraph being appended chunk by chunk with levels.
    @exclusivity(unchecked) private var paragraphLevelRuns: [LevelRun] = []
    private let chunksAhead = UnsafeMutablePointer<ChunkAhead>.allocate(capacity: TextPreparer.lookAhead)
    @exclusivity(unchecked) private var chunksAheadCount = 0
    private let hashesAhead = UnsafeMutablePointer<UInt64>.allocate(capacity: TextPreparer.lookAhead)
    /// How many chunks or segments ahead of their lookups `scanChunksAhead` and
    /// `prefetchSegments` start loading cache lines.
    private static let lookAhead = 16
    /// Common segments at the start of a chunk being composed, waiting for its first real script.
    @exclusivity(unchecked) private var waiting: [PendingSegment] = []
    /// Paragraphs that may hold right-to-left text and were still resolved segment by segment (for tests).
    @exclusivity(unchecked) private(set) var rightToLeftSegmentParagraphs = 0
    /// Right-to-left paragraphs resolved chunk by chunk, all at level 1 (for tests).
    @exclusivity(unchecked) private(set) var rightToLeftChunkParagraphs = 0
    /// Paragraphs resolved chunk by chunk with their bidi levels (for tests).
    @exclusivity(unchecked) private(set) var leveledChunkParagraphs = 0
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
    private func appendParagraph(_ bytes: UnsafeBufferPointer<UInt8>, _ para: Paragraph, firstSegment: Int32, baseLevel: UInt8,
                                 to builder: inout PreparedStorage.Builder) {
        let endSegment = Int32(builder.segments.count)
        joins.apply(bytes, segments: Int(firstSegment)..<Int(endSegment), builder: &builder, store: shaper.cache.store, emPerUnit: emPerUnit,
                    shaper: shaper, analyzer: analyzer)
        softHyphens.apply(bytes, segments: Int(firstSegment)..<Int(endSegment), builder: &builder, shaper: shaper, emPerUnit: emPerUnit)
        let segments = UnsafeBufferPointer(rebasing: builder.segments.elements[Int(firstSegment)..<Int(endSegment)])
        builder.paragraphs.append(PreparedStorage.Paragraph(start: Int32(para.start), end: Int32(para.end), next: Int32(para.next),
                                                            firstSegment: firstSegment, endSegment: endSegment, baseLevel: baseLevel,
                                                            segments: segments))
    }

    /// Intersects break segments, analysis runs and font runs; shapes each piece.
    private func buildSegments(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>,
                               segments: inout RecordBuffer<BreakSegment>, pieces: inout RecordBuffer<ShapedPiece>) {
        var breaks = analyzer.breakOffsets
        if !analyzer.isASCII { dropBreaksInsideClusters(bytes, paragraph, &breaks) }
        breaks.withUnsafeBufferPointer {
            appendPieces(bytes, paragraph: paragraph, breaks: $0, runs: analyzer.runs, segments: &segments, pieces: &pieces)
        }
    }

    /// UAX #14 allows a break before a combining mark after a space (LB10); a grapheme cluster
    /// is never split, so such opportunities are dropped.
    private func dropBreaksInsideClusters(_ bytes: UnsafeBufferPointer<UInt8>, _ paragraph: Range<Int>, _ breaks: inout [Int32]) {
        let insideCluster = { (offset: Int32) -> Bool in
            Int(offset) < paragraph.upperBound && bytes[Int(offset)] >= 0xCC // U+0300 and above
                && CharacterProperties.isGraphemeExtend(UTF8Decoding.decode(bytes, at: Int(offset), end: paragraph.upperBound).0)
        }
        if breaks.contains(where: insideCluster) { breaks.removeAll(where: insideCluster) }
    }

    /// Intersects break segments (ending at `breaks`), analysis runs and the font runs in
    /// `fontRuns` over `paragraph`; shapes each piece.
    private func appendPieces(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, breaks: UnsafeBufferPointer<Int32>, runs: [AnalysisRun],
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
                pieces.append(ShapedPiece(start: pos, byteCount: next - pos, runID: shaped.id, face: UInt16(face), level: run.level))
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
    private func appendPieces(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, end: Int, runs: [AnalysisRun],
                              segments: inout RecordBuffer<BreakSegment>, pieces: inout RecordBuffer<ShapedPiece>) {
        withUnsafePointer(to: Int32(end)) {
            appendPieces(bytes, paragraph: paragraph, breaks: UnsafeBufferPointer(start: $0, count: 1), runs: runs, segments: &segments, pieces: &pieces)
        }
    }

    /// The start of the first segment whose bidi level changes inside it, nil if every level
    /// change falls on a break opportunity.
    private static func firstMixedLevelSegment(_ levelRuns: [LevelRun], breaks: [Int32], paragraphStart: Int) -> Int? {
        var b = 0
        for run in levelRuns.dropLast() {
            while b < breaks.count && breaks[b] < run.end { b += 1 }
            if b == breaks.count || breaks[b] != run.end { return b == 0 ? paragraphStart : Int(breaks[b - 1]) }
        }
        return nil
    }

    /// A segment of only Common characters at the start of a paragraph: its script is the first
    /// real script after it at the same level, so it waits until one is found.
    private struct PendingSegment {
        var start: Int
        var end: Int
        var faceIn: Int16
        /// The entry looked up with Common while waiting (-1 if none), valid in `generation`.
        var entry: Int
        var generation: Int
    }

    /// Where a paragraph resolved piece by piece has got to: the last real script (Common while
    /// there is none yet), the face of the last cluster, and the level of the pending segments.
    private struct Walk {
        var script = ScriptTag.common
        var face: Int16 = -1
        var pendingLevel: UInt8 = 0
    }

    /// Appends a paragraph segment by segment, through the segment cache; gives the same
    /// segments and pieces as the whole-paragraph path.
    /// - Parameter levelRuns: the paragraph's bidi level runs, each change on a break; empty
    ///   when nothing is right to left (every level 0).
    private func appendSegments(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, breaks: [Int32], levelRuns: [LevelRun],
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
    private func appendSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, level: UInt8, style: FontStyle, walk: inout Walk,
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

    /// How `appendChunks` ended.
    private enum ChunkOutcome {
        case appended
        /// Abandoned before anything was shaped: the paragraph may hold right-to-left text,
        /// so its chunks need its bidi levels.
        case needsLevels
        /// Abandoned: the paragraph needs the whole-paragraph analysis.
        case abandoned
    }

    /// Appends a paragraph chunk by chunk (a chunk is a run of characters other than U+0020
    /// and the spaces after it). Without `byLevels`, every character has one bidi level: level
    /// 0, nothing right to left, or level 1, a paragraph `TextAnalyzer.isRightToLeftAtOneLevel`
    /// accepts. With `byLevels`, each chunk takes its levels from `paragraphLevelRuns`. Once the
    /// paragraph has met a real script, a chunk at one level met before after the same script
    /// and face is one lookup and a copy: no line-break analysis, no bidi, no segment lookups.
    /// A chunk whose level changes inside is resolved segment by segment, as `appendSegments`
    /// would. Gives exactly what `appendSegments` gives after `analyzeBreaks` (and `resolveLevelRuns`).
    /// - Returns: `.appended`, or, having appended nothing, `.needsLevels` or `.abandoned` when
    ///   the paragraph needs its levels or the whole-paragraph analysis: a character the
    ///   ICU-free breaker does not handle, a break inside a grapheme cluster, no break between two
    ///   chunks (a segment spanning them, as in "a / b"), or a segment whose level changes
    ///   inside before any real script.
    private func appendChunks(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, level: UInt8, byLevels: Bool = false,
                              style: FontStyle, cache: SegmentCache, to builder: inout PreparedStorage.Builder) -> ChunkOutcome {
        let styleKey = UInt8(style.rawValue)
        // Chunks found in the cache were accepted before; the rest of the paragraph is scanned
        // once, at the first chunk that is not, so nothing is shaped for a paragraph that then
        // turns out to need the whole-paragraph analysis.
        var restScanned = false
        let segmentMark = builder.segments.count
        let pieceMark = builder.pieces.count
        var walk = Walk()
        var previous = LineBreakChunk.paragraphStart
        var start = paragraph.lowerBound
        let end = paragraph.upperBound
        pending.removeAllKeepingCapacity()
        func abandon(_ builder: inout PreparedStorage.Builder, _ outcome: ChunkOutcome = .abandoned) -> ChunkOutcome {
            builder.segments.removeLast(from: segmentMark)
            builder.pieces.removeLast(from: pieceMark)
            pending.removeAllKeepingCapacity()
            return outcome
        }
        let kind = SegmentCache.Kind.chunk
        var ahead = 0 // the chunk at `start` in `chunksAhead`
        chunksAheadCount = 0
        var scanLevelRun = 0 // (the level run `scanChunksAhead` reached)
        var segmentLevelRun = 0 // (the level run of the last segment resolved in a mixed-level chunk)
        while start < end {
            if ahead == chunksAheadCount {
                scanChunksAhead(bytes, from: start, end: end, style: styleKey, level: level, byLevels: byLevels, levelRun: &scanLevelRun, cache: cache)
                ahead = 0
            }
            let chunkEnd = chunksAhead[ahead].end
            let chunkLevel = chunksAhead[ahead].level
            let chunk = start..<chunkEnd
            // (After an opening mark and spaces no break can follow (LB14): such a paragraph is
            // abandoned at the boundary check, so chunks are keyed without that context.)
            let hash = SegmentCache.hash(bytesHash: chunksAhead[ahead].bytesHash, scriptIn: walk.script, faceIn: walk.face)
            ahead += 1
            var hit = chunkLevel == Self.mixedLevel ? nil
                : cache.find(bytes, chunk, hash: hash, style: styleKey, level: chunkLevel, kind: kind, scriptIn: walk.script, faceIn: walk.face)
            if let entry = hit {
                if start > paragraph.lowerBound && !breaksBefore(entry, previous, cache) { return abandon(&builder) }
                if !pending.isEmpty {
                    // Segments waiting for a real script get this chunk's first one; if that emptied
                    // the cache, the chunk is looked up again (its edges are the same).
                    let generation = cache.generation
                    flushPending(bytes, style: styleKey, before: chunkLevel, script: cache.header(entry).pointee.firstScript, walk: walk,
                                 cache: cache, to: &builder)
                    if cache.generation != generation {
                        hit = cache.find(bytes, chunk, hash: hash, style: styleKey, level: chunkLevel, kind: kind, scriptIn: walk.script, faceIn: walk.face)
                    }
                }
            }
            if let entry = hit {
                let e = cache.header(entry)
                walk.script = e.pointee.scriptOut
                walk.face = e.pointee.faceOut
                previous = e.pointee.chunk
                emit(entry, at: start, cache: cache, to: &builder)
                start = chunkEnd
                continue
            }
            if !restScanned {
                switch LineBreakChunk.support(bytes, paragraph: start..<end, levelsKnown: byLevels || level == 1) {
                case .handled: break
                case .needsLevels: return abandon(&builder, .needsLevels)
                case .unhandled: return abandon(&builder)
                }
                restScanned = true
            }
            // Before anything is shaped: the paragraph must not need the whole-paragraph analysis
            // here or at the start of the next chunk (so no shaping is wasted on a segment that
            // would turn out to continue into the next chunk).
            guard let edges = analyzer.chunkBreaks(bytes, chunk: chunk, afterOpenSpaces: previous.opensSpaces),
                  byLevels || level == 1 || !edges.mayBeRightToLeft,
                  start == paragraph.lowerBound
                    || (breakRule.breakBetween(previous, edges) && GraphemeRules.mayStartCluster(bytes, at: start, in: paragraph)),
                  analyzer.breakOffsets.allSatisfy({ GraphemeRules.mayStartCluster(bytes, at: Int($0), in: paragraph) }),
                  chunkEnd == end || LineBreakChunk.start(of: bytes, at: chunkEnd, end: end).map({ breakRule.breakBetween(edges, $0) }) == true
                    && GraphemeRules.mayStartCluster(bytes, at: chunkEnd, in: paragraph)
            else { return abandon(&builder) }
            chunkSegments.removeAllKeepingCapacity()
            chunkSegments.append(contentsOf: analyzer.breakOffsets)
            chunkSegments.append(Int32(chunkEnd))
            if chunkLevel == Self.mixedLevel {
                // Its level changes inside: segment by segment, each at its levels (not kept as a chunk).
                var segmentStart = start
                for segmentEnd in chunkSegments {
                    let range = segmentStart..<Int(segmentEnd)
                    segmentStart = Int(segmentEnd)
                    let segmentLevel = levelOf(range, run: &segmentLevelRun)
                    if segmentLevel != Self.mixedLevel {
                        appendSegment(bytes, range, level: segmentLevel, style: style, walk: &walk, cache: cache, to: &builder)
                    } else {
                        // (As in `appendSegments`, which the whole-paragraph path replaces when no
                        // real script comes before such a segment.)
                        guard walk.script != ScriptTag.common else { return abandon(&builder) }
                        appendMixedLevelSegment(bytes, range, levelRuns: paragraphLevelRuns, firstLevelRun: segmentLevelRun, style: style,
                                                script: &walk.script, face: &walk.face, to: &builder)
                    }
                }
                previous = edges
                start = chunkEnd
                continue
            }
            let first = walk.script == ScriptTag.common ? analyzer.firstRealScript(bytes, range: chunk) : walk.script
            if first == ScriptTag.common {
                // Only Common characters before a real script: the segments wait for it.
                var segmentStart = start
                for segmentEnd in chunkSegments {
                    appendSegment(bytes, segmentStart..<Int(segmentEnd), level: chunkLevel, style: style, walk: &walk, cache: cache, to: &builder)
                    segmentStart = Int(segmentEnd)
                }
            } else {
                // Segments waiting for a real script get this chunk's first one.
                if !pending.isEmpty { flushPending(bytes, style: styleKey, before: chunkLevel, script: first, walk: walk, cache: cache, to: &builder) }
                let entry = composeChunk(bytes, chunk, hash: hash, edges: edges, level: chunkLevel, style: style, walk: &walk, cache: cache)
                emit(entry, at: start, cache: cache, to: &builder)
            }
            previous = edges
            start = chunkEnd
        }
        // A paragraph with no real script at all: its segments stay Common.
        flushPending(bytes, style: styleKey, level: walk.pendingLevel, script: ScriptTag.common, cache: cache, to: &builder)
        return .appended
    }

    /// The bidi level of every character of `bytes[range]` by `paragraphLevelRuns`, or
    /// `mixedLevel`; `run` is moved to the level run holding its start (ranges must come in order).
    @inline(__always)
    private func levelOf(_ range: Range<Int>, run: inout Int) -> UInt8 {
        while paragraphLevelRuns[run].end <= Int32(range.lowerBound) { run += 1 }
        return paragraphLevelRuns[run].end >= Int32(range.upperBound) ? paragraphLevelRuns[run].level : Self.mixedLevel
    }

    /// Resolves a chunk that holds a real script segment by segment (leading Common segments
    /// take its first real script, as in `appendSegment`) and remembers it as one entry, whose
    /// `firstScript` is that script. Advances `walk` past it.
    private func composeChunk(_ bytes: UnsafeBufferPointer<UInt8>, _ chunk: Range<Int>, hash: UInt64, edges: LineBreakChunk, level: UInt8,
                              style: FontStyle, walk: inout Walk, cache: SegmentCache) -> Int {
        let styleKey = UInt8(style.rawValue)
        let scriptIn = walk.script, faceIn = walk.face
        var firstScript = scriptIn
        chunkScratchSegments.removeAllKeepingCapacity()
        chunkScratchPieces.removeAllKeepingCapacity()
        waiting.removeAllKeepingCapacity()
        func take(_ entry: Int, at segmentStart: Int) {
            let segment = cache.segments(entry)[0]
            let shift = Int32(segmentStart - chunk.lowerBound)
            let pieces = cache.pieces(entry)
            let pieceBase = Int32(chunkScratchPieces.count)
            for k in 0..<Int(segment.endPiece) { chunkScratchPieces.append(pieces[k].moved(bytes: shift)) }
            chunkScratchSegments.append(segment.moved(bytes: shift, pieces: pieceBase))
        }
        var segmentStart = chunk.lowerBound
        for (k, segmentEnd) in chunkSegments.enumerated() {
            if k % Self.lookAhead == 0 {
                prefetchSegments(bytes, from: segmentStart, ends: chunkSegments[k..<min(k + Self.lookAhead, chunkSegments.count)],
                                 levelRuns: [], firstLevelRun: 0, level: level, style: styleKey, cache: cache)
            }
            let range = segmentStart..<Int(segmentEnd)
            segmentStart = Int(segmentEnd)
            if walk.script == ScriptTag.common {
                let first = analyzer.firstRealScript(bytes, range: range)
                if first == ScriptTag.common {
                    waiting.append(PendingSegment(start: range.lowerBound, end: range.upperBound, faceIn: walk.face, entry: -1, generation: 0))
                    walk.face = lastFace(bytes, range, style: style, after: walk.face)
                    continue
                }
                firstScript = first
                for w in waiting {
                    take(segmentEntry(bytes, w.start..<w.end, style: styleKey, level: level, scriptIn: first, faceIn: w.faceIn, cache: cache), at: w.start)
                }
                waiting.removeAllKeepingCapacity()
            }
            let entry = segmentEntry(bytes, range, style: styleKey, level: level, scriptIn: walk.script, faceIn: walk.face, cache: cache)
            take(entry, at: range.lowerBound)
            walk.script = cache.header(entry).pointee.scriptOut
            walk.face = cache.header(entry).pointee.faceOut
        }
        return chunkScratchSegments.withUnsafeBufferPointer { segments in
            chunkScratchPieces.withUnsafeBufferPointer { pieces in
                cache.insert(bytes, chunk, hash: hash, style: styleKey, level: level, kind: SegmentCache.Kind.chunk, scriptIn: scriptIn, faceIn: faceIn,
                             faceOut: walk.face, scriptOut: walk.script, firstScript: firstScript, chunk: edges,
                             newSegments: segments, newPieces: pieces)
            }
        }
    }

    /// Finds the next chunks of a paragraph (up to 16) and starts loading their cache slots, then
    /// the records those slots point to: the lookups that follow then mostly find their lines
    /// in cache, where one after another they would each wait for memory twice.
    private func scanChunksAhead(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, end: Int, style: UInt8, level: UInt8, byLevels: Bool,
                                 levelRun: inout Int, cache: SegmentCache) {
        var count = 0
        var start = from
        while start < end && count < Self.lookAhead {
            var chunkEnd = Self.firstSpace(bytes, from: start, end: end)
            while chunkEnd < end && bytes[chunkEnd] == 0x20 { chunkEnd += 1 }
            let chunkLevel = byLevels ? levelOf(start..<chunkEnd, run: &levelRun) : level
            var bytesHash: UInt64 = 0
            if chunkLevel != Self.mixedLevel {
                bytesHash = SegmentCache.bytesHash(bytes, start..<chunkEnd, style: style, level: chunkLevel, kind: SegmentCache.Kind.chunk)
                cache.prefetchSlot(bytesHash: bytesHash)
            }
            (chunksAhead + count).initialize(to: ChunkAhead(end: chunkEnd, bytesHash: bytesHash, level: chunkLevel))
            count += 1
            start = chunkEnd
        }
        chunksAheadCount = count
        for k in 0..<count where chunksAhead[k].level != Self.mixedLevel { cache.prefetchRecord(bytesHash: chunksAhead[k].bytesHash) }
    }

    /// Starts loading the cache slots, then the records, of the segments from `start` to each of
    /// `ends` in turn, at their bidi levels (all `level` when `levelRuns` is empty; the first
    /// segment's level run is at or after `firstLevelRun`). Lookups for the segments then overlap their
    /// waits for memory (see `scanChunksAhead`). Their hashes are computed again at the lookups:
    /// cheaper than carrying them past segments that turn out empty or of mixed level.
    private func prefetchSegments(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, ends: ArraySlice<Int32>, levelRuns: [LevelRun],
                                  firstLevelRun: Int, level: UInt8 = 0, style: UInt8, cache: SegmentCache) {
        var count = 0
        var segmentStart = start
        var levelRun = firstLevelRun
        for end in ends where Int(end) > segmentStart {
            var level = level
            if !levelRuns.isEmpty {
                while levelRun + 1 < levelRuns.count && levelRuns[levelRun].end <= Int32(segmentStart) { levelRun += 1 }
                level = levelRuns[levelRun].level
            }
            let bytesHash = SegmentCache.bytesHash(bytes, segmentStart..<Int(end), style: style, level: level)
            cache.prefetchSlot(bytesHash: bytesHash)
            hashesAhead[count] = bytesHash
            count += 1
            segmentStart = Int(end)
        }
        for k in 0..<count { cache.prefetchRecord(bytesHash: hashesAhead[k]) }
    }

    /// The offset of the first U+0020 in `bytes[from..<end]`, or `end`: eight bytes at a time.
    @inline(__always)
    private static func firstSpace(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, end: Int) -> Int {
        var i = from
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        let ones: UInt64 = 0x0101_0101_0101_0101
        while i + 8 <= end {
            let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ (ones &* 0x20)
            let zeros = (x &- ones) & ~x & (ones &* 0x80) // the lowest set bit marks the first space exactly
            if zeros != 0 { return i + zeros.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < end && bytes[i] != 0x20 { i += 1 }
        return i
    }

    /// Whether a line may break before a cached chunk that does not open its paragraph: the
    /// rules allow it after `previous`. It also falls on a grapheme boundary. A space precedes
    /// it, so only its first character decides that, and the entry was made after a space too:
    /// a chunk opening a paragraph is keyed with no face before it (-1), one after a space with
    /// the face of the cluster before, so the two never share an entry, and a chunk is cached
    /// after a space only once the grapheme boundary before it was checked.
    @inline(__always)
    private func breaksBefore(_ entry: Int, _ previous: LineBreakChunk, _ cache: SegmentCache) -> Bool {
        breakRule.breakBetween(previous, cache.header(entry).pointee.chunk)
    }

    /// A segment whose bidi level changes inside it: resolved and shaped straight into the batch
    /// (not cached), as the whole-paragraph path would, from the script and face before it.
    private func appendMixedLevelSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, levelRuns: [LevelRun], firstLevelRun: Int,
                                         style: FontStyle, script: inout UInt32, face: inout Int16,
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
        face = Int16(FontFallback.resolve(bytes, paragraph: range, style: style, fonts: fonts, previousFace: Int(face),
                                          graphemes: { analyzer.graphemeBoundaries(bytes, range: range) }, into: &fontRuns))
        appendPieces(bytes, paragraph: range, end: range.upperBound, runs: scratchRuns,
                     segments: &builder.segments, pieces: &builder.pieces)
    }

    /// Emits the pending segments before a segment or chunk at `level` whose first real script is
    /// `script`: with that script, or as Common if their level was another (their run ended
    /// where the level changed, as in `appendSegment`).
    @inline(__always)
    private func flushPending(_ bytes: UnsafeBufferPointer<UInt8>, style: UInt8, before level: UInt8, script: UInt32, walk: Walk,
                              cache: SegmentCache, to builder: inout PreparedStorage.Builder) {
        flushPending(bytes, style: style, level: walk.pendingLevel, script: walk.pendingLevel == level ? script : ScriptTag.common,
                     cache: cache, to: &builder)
    }

    /// Emits the pending segments (all at `level`) with the script they turned out to take.
    private func flushPending(_ bytes: UnsafeBufferPointer<UInt8>, style: UInt8, level: UInt8, script: UInt32, cache: SegmentCache,
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
    private func lastFace(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, style: FontStyle, after previous: Int16) -> Int16 {
        fontRuns.removeAllKeepingCapacity()
        return Int16(FontFallback.resolve(bytes, paragraph: range, style: style, fonts: fonts, previousFace: Int(previous),
                                          graphemes: { analyzer.graphemeBoundaries(bytes, range: range) }, into: &fontRuns))
    }

    /// Appends an entry's segments and pieces to the batch, placed at `start`.
    @inline(__always)
    private func emit(_ entry: Int, at start: Int, cache: SegmentCache, to builder: inout PreparedStorage.Builder) {
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
    private func segmentEntry(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, style: UInt8, level: UInt8, scriptIn: UInt32,
                              faceIn: Int16, cache: SegmentCache) -> Int {
        let hash = SegmentCache.hash(bytes, range, style: style, level: level, scriptIn: scriptIn, faceIn: faceIn)
        if let found = cache.find(bytes, range, hash: hash, style: style, level: level, scriptIn: scriptIn, faceIn: faceIn) { return found }
        var script = scriptIn
        analyzer.scriptRuns(bytes, range: range, script: &script, level: level)
        let firstScript = scriptIn == ScriptTag.common ? analyzer.runs[0].script : scriptIn
        fontRuns.removeAllKeepingCapacity()
        let faceOut = FontFallback.resolve(bytes, paragraph: range, style: FontStyle(rawValue: Int(style))!, fonts: fonts, previousFace: Int(faceIn),
                                           graphemes: { analyzer.graphemeBoundaries(bytes, range: range) }, into: &fontRuns)
        scratchSegments.removeAll()
        scratchPieces.removeAll()
        appendPieces(bytes, paragraph: range, end: range.upperBound, runs: analyzer.runs,
                     segments: &scratchSegments, pieces: &scratchPieces)
        let base = Int32(range.lowerBound)
        let segment = scratchSegments[0].moved(bytes: -base, pieces: 0)
        for k in 0..<scratchPieces.count { scratchPieces[k] = scratchPieces[k].moved(bytes: -base) }
        let entry = withUnsafePointer(to: segment) { segment in
            cache.insert(bytes, range, hash: hash, style: style, level: level, scriptIn: scriptIn, faceIn: faceIn, faceOut: Int16(faceOut),
                         scriptOut: script, firstScript: firstScript, newSegments: UnsafeBufferPointer(start: segment, count: 1),
                         newPieces: scratchPieces.elements)
        }
        return entry
    }

    /// Sums a segment's pieces (their summaries are `summaries[range]`); trailing whitespace is
    /// the whitespace at the end of its last pieces (a piece that is all whitespace passes the
    /// question to the piece before it).
    @inline(__always)
    private func makeSegment(start: Int32, end: Int32, first: Int32, endPiece: Int32, summaries range: Range<Int>) -> BreakSegment {
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
