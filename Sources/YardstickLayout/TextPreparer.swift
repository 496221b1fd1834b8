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
    private var fontRuns: [FontRun] = []
    private var memo = TextMemo()
    private var hardBreaks: [Paragraph] = []
    /// Summaries of the current paragraph's pieces.
    private var summaries: [ShapedRunSummary] = []
    private let emPerUnit: [Double]
    /// Resolved segments, for paragraphs with nothing right to left (nil: every paragraph takes
    /// the whole-paragraph path, as with the shaping cache off).
    private let segmentCache: SegmentCache?
    /// The engine's segments, shared by its preparers (behind `segmentCache`).
    private let sharedSegments: SharedSegments?
    private var pending: [PendingSegment] = []
    private var scratchSegments: [BreakSegment] = []
    private var scratchPieces: [ShapedPiece] = []
    private var scratchRuns: [AnalysisRun] = []
    /// Paragraphs that may hold right-to-left text and were still resolved segment by segment (for tests).
    private(set) var rightToLeftSegmentParagraphs = 0

    init(fonts: FontCollection, features: [FontFeature], cache: ShapingCache, sharedSegments: SharedSegments?) throws {
        self.fonts = fonts
        self.analyzer = try TextAnalyzer()
        self.shaper = Shaper(fonts: fonts, features: features, cache: cache)
        self.emPerUnit = fonts.faces.map { 1 / Double($0.metrics.unitsPerEm) }
        self.segmentCache = sharedSegments != nil && cache.isEnabled ? SegmentCache() : nil
        self.sharedSegments = self.segmentCache == nil ? nil : sharedSegments
    }

    /// Prepares texts into one batch.
    func prepare(_ count: Int, text: (Int) -> String, style: FontStyle, metrics: FaceMetricsTable, runs: ShapedRunAccess) -> [PreparedText] {
        var builder = PreparedStorage.Builder(expectedBytes: count * 48)
        for i in 0..<count {
            var t = text(i)
            t.withUTF8 { append($0, style: style, to: &builder) }
        }
        let storage = PreparedStorage(builder, fontStyle: style, primaryFace: fonts.primaryFace(for: style), metrics: metrics, fonts: fonts, runs: runs)
        return (0..<count).map { PreparedText(storage: storage, index: $0) }
    }

    /// Appends one text's paragraphs, segments and pieces to a batch (from the memo when the
    /// same text in the same style was prepared recently).
    func append(_ bytes: UnsafeBufferPointer<UInt8>, style: FontStyle, to builder: inout PreparedStorage.Builder) {
        guard shaper.cache.isEnabled else { return appendUncached(bytes, style: style, to: &builder) }
        let hash = TextMemo.hash(bytes, style: style.rawValue)
        if memo.copy(bytes, hash: hash, into: &builder) { return }
        appendUncached(bytes, style: style, to: &builder)
        memo.remember(bytes, hash: hash, from: builder)
    }

    func appendUncached(_ bytes: UnsafeBufferPointer<UInt8>, style: FontStyle, to builder: inout PreparedStorage.Builder) {
        hardBreaks.removeAll(keepingCapacity: true)
        HardBreaks.paragraphs(in: bytes, into: &hardBreaks)
        for para in hardBreaks {
            let firstSegment = Int32(builder.segments.count)
            var baseLevel: UInt8 = 0
            if !para.isEmpty {
                let range = para.start..<para.end
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
                            builder.paragraphs.append(.init(start: Int32(para.start), end: Int32(para.end), next: Int32(para.next),
                                                            firstSegment: firstSegment, endSegment: Int32(builder.segments.count),
                                                            baseLevel: mayBeRightToLeft ? analyzer.baseLevel : 0))
                            continue
                        }
                    }
                }
                analyzer.resolveParagraphRuns(bytes, paragraph: range)
                baseLevel = analyzer.baseLevel
                fontRuns.removeAll(keepingCapacity: true)
                FontFallback.resolve(bytes, paragraph: range, style: style, fonts: fonts,
                                     graphemes: { analyzer.graphemeBoundaries(bytes, range: range) }, into: &fontRuns)
                buildSegments(bytes, paragraph: range, segments: &builder.segments, pieces: &builder.pieces)
            }
            builder.paragraphs.append(.init(start: Int32(para.start), end: Int32(para.end), next: Int32(para.next),
                                            firstSegment: firstSegment, endSegment: Int32(builder.segments.count), baseLevel: baseLevel))
        }
        builder.finishText(utf8Count: bytes.count)
    }

    /// Intersects break segments, analysis runs and font runs; shapes each piece.
    private func buildSegments(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>,
                               segments: inout [BreakSegment], pieces: inout [ShapedPiece]) {
        var breaks = analyzer.breakOffsets
        if !analyzer.isASCII { dropBreaksInsideClusters(bytes, paragraph, &breaks) }
        appendPieces(bytes, paragraph: paragraph, breaks: breaks, runs: analyzer.runs, segments: &segments, pieces: &pieces)
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
    private func appendPieces(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, breaks: [Int32], runs: [AnalysisRun],
                              segments: inout [BreakSegment], pieces: inout [ShapedPiece]) {
        var b = 0, r = 0, f = 0
        var pos = Int32(paragraph.lowerBound)
        var segStart = pos
        var segFirstPiece = Int32(pieces.count)
        summaries.removeAll(keepingCapacity: true)
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
        var entry: Int
    }

    /// Appends a paragraph segment by segment, through the segment cache; gives the same
    /// segments and pieces as the whole-paragraph path.
    /// - Parameter levelRuns: the paragraph's bidi level runs, each change on a break; empty
    ///   when nothing is right to left (every level 0).
    private func appendSegments(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, breaks: [Int32], levelRuns: [LevelRun],
                                style: FontStyle, cache: SegmentCache, to builder: inout PreparedStorage.Builder) {
        let styleKey = UInt8(style.rawValue)
        var script = ScriptTag.common
        var face: Int16 = -1
        var start = paragraph.lowerBound
        var levelRun = 0
        var pendingLevel: UInt8 = 0
        pending.removeAll(keepingCapacity: true)
        for breakOffset in breaks {
            let end = Int(breakOffset)
            guard end > start else { continue }
            var level: UInt8 = 0
            if !levelRuns.isEmpty {
                while levelRuns[levelRun].end <= Int32(start) { levelRun += 1 }
                level = levelRuns[levelRun].level
                if levelRuns[levelRun].end < Int32(end) {
                    // The level changes inside (after the first real script: see `appendUncached`).
                    appendMixedLevelSegment(bytes, start..<end, levelRuns: levelRuns, firstLevelRun: levelRun, style: style,
                                            script: &script, face: &face, to: &builder)
                    start = end
                    continue
                }
            }
            var found: Int? = nil // this segment's entry, when already looked up below
            if script == ScriptTag.common {
                // Still no real script in the paragraph: a segment of only Common characters waits
                // for the first real script after it (it is shaped once, with that script). The
                // wait ends as Common where the level changes first: the run ends there.
                if !pending.isEmpty && level != pendingLevel {
                    flushPending(bytes, style: styleKey, level: pendingLevel, script: ScriptTag.common, cache: cache, to: &builder)
                }
                let hash = SegmentCache.hash(bytes, start..<end, style: styleKey, level: level, scriptIn: script, faceIn: face)
                found = cache.find(bytes, start..<end, hash: hash, style: styleKey, level: level, scriptIn: script, faceIn: face)
                let first = found.map { cache.entries[$0].firstScript } ?? analyzer.firstRealScript(bytes, range: start..<end)
                if first == ScriptTag.common {
                    pending.append(PendingSegment(start: start, end: end, faceIn: face, entry: found ?? -1))
                    pendingLevel = level
                    face = found.map { cache.entries[$0].faceOut } ?? lastFace(bytes, start..<end, style: style, after: face)
                    start = end
                    continue
                }
                flushPending(bytes, style: styleKey, level: level, script: first, cache: cache, to: &builder)
            }
            let entry = found ?? segmentEntry(bytes, start..<end, style: styleKey, level: level, scriptIn: script, faceIn: face, cache: cache)
            emit(entry, at: start, cache: cache, to: &builder)
            script = cache.entries.base[entry].scriptOut
            face = cache.entries.base[entry].faceOut
            start = end
        }
        // A paragraph with no real script at all: its segments stay Common.
        flushPending(bytes, style: styleKey, level: pendingLevel, script: ScriptTag.common, cache: cache, to: &builder)
    }

    /// A segment whose bidi level changes inside it: resolved and shaped straight into the batch
    /// (not cached), as the whole-paragraph path would, from the script and face before it.
    private func appendMixedLevelSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, levelRuns: [LevelRun], firstLevelRun: Int,
                                         style: FontStyle, script: inout UInt32, face: inout Int16,
                                         to builder: inout PreparedStorage.Builder) {
        scratchRuns.removeAll(keepingCapacity: true)
        var r = firstLevelRun
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min(Int(levelRuns[r].end), range.upperBound)
            analyzer.scriptRuns(bytes, range: start..<end, script: &script, level: levelRuns[r].level)
            scratchRuns.append(contentsOf: analyzer.runs)
            start = end
            r += 1
        }
        fontRuns.removeAll(keepingCapacity: true)
        face = Int16(FontFallback.resolve(bytes, paragraph: range, style: style, fonts: fonts, previousFace: Int(face),
                                          graphemes: { analyzer.graphemeBoundaries(bytes, range: range) }, into: &fontRuns))
        appendPieces(bytes, paragraph: range, breaks: [Int32(range.upperBound)], runs: scratchRuns,
                     segments: &builder.segments, pieces: &builder.pieces)
    }

    /// Emits the pending segments (all at `level`) with the script they turned out to take.
    private func flushPending(_ bytes: UnsafeBufferPointer<UInt8>, style: UInt8, level: UInt8, script: UInt32, cache: SegmentCache,
                              to builder: inout PreparedStorage.Builder) {
        for p in pending {
            // An entry found while waiting was looked up with Common, so it serves only a Common ending.
            let entry = p.entry >= 0 && script == ScriptTag.common
                ? p.entry : segmentEntry(bytes, p.start..<p.end, style: style, level: level, scriptIn: script, faceIn: p.faceIn, cache: cache)
            emit(entry, at: p.start, cache: cache, to: &builder)
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// The face the last cluster of `bytes[range]` takes after a cluster in `previous`.
    private func lastFace(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, style: FontStyle, after previous: Int16) -> Int16 {
        fontRuns.removeAll(keepingCapacity: true)
        return Int16(FontFallback.resolve(bytes, paragraph: range, style: style, fonts: fonts, previousFace: Int(previous),
                                          graphemes: { analyzer.graphemeBoundaries(bytes, range: range) }, into: &fontRuns))
    }

    private func emit(_ entry: Int, at start: Int, cache: SegmentCache, to builder: inout PreparedStorage.Builder) {
        let base = Int32(start)
        let firstPiece = Int32(builder.pieces.count)
        let e = cache.entries.base + entry
        var segment = e.pointee.segment
        let pieces = cache.pieces.base + Int(e.pointee.pieceStart)
        for k in 0..<Int(segment.endPiece) {
            var piece = pieces[k]
            piece.start += base
            builder.pieces.append(piece)
        }
        segment.start += base
        segment.end += base
        segment.firstPiece += firstPiece
        segment.endPiece += firstPiece
        builder.segments.append(segment)
    }

    /// The cache entry of `bytes[range]` after the given script and face, resolved and shaped on a miss.
    private func segmentEntry(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, style: UInt8, level: UInt8, scriptIn: UInt32,
                              faceIn: Int16, cache: SegmentCache) -> Int {
        let hash = SegmentCache.hash(bytes, range, style: style, level: level, scriptIn: scriptIn, faceIn: faceIn)
        if let found = cache.find(bytes, range, hash: hash, style: style, level: level, scriptIn: scriptIn, faceIn: faceIn) { return found }
        let key = SharedSegments.Key(bytes: Array(UnsafeBufferPointer(rebasing: bytes[range])), style: style, level: level, scriptIn: scriptIn,
                                     faceIn: faceIn, hash: hash)
        if let shared = sharedSegments?.value(for: key) {
            return cache.insert(bytes, range, hash: hash, style: style, level: level, scriptIn: scriptIn, faceIn: faceIn, faceOut: shared.faceOut,
                                scriptOut: shared.scriptOut, firstScript: shared.firstScript, segment: shared.segment, newPieces: shared.pieces[...])
        }
        var script = scriptIn
        analyzer.scriptRuns(bytes, range: range, script: &script, level: level)
        let firstScript = scriptIn == ScriptTag.common ? analyzer.runs[0].script : scriptIn
        fontRuns.removeAll(keepingCapacity: true)
        let faceOut = FontFallback.resolve(bytes, paragraph: range, style: FontStyle(rawValue: Int(style))!, fonts: fonts, previousFace: Int(faceIn),
                                           graphemes: { analyzer.graphemeBoundaries(bytes, range: range) }, into: &fontRuns)
        scratchSegments.removeAll(keepingCapacity: true)
        scratchPieces.removeAll(keepingCapacity: true)
        appendPieces(bytes, paragraph: range, breaks: [Int32(range.upperBound)], runs: analyzer.runs,
                     segments: &scratchSegments, pieces: &scratchPieces)
        var segment = scratchSegments[0]
        let base = Int32(range.lowerBound)
        segment.start -= base
        segment.end -= base
        for k in scratchPieces.indices { scratchPieces[k].start -= base }
        sharedSegments?.insert(SharedSegments.Value(faceOut: Int16(faceOut), scriptOut: script, firstScript: firstScript, segment: segment,
                                                    pieces: scratchPieces), for: key)
        return cache.insert(bytes, range, hash: hash, style: style, level: level, scriptIn: scriptIn, faceIn: faceIn, faceOut: Int16(faceOut),
                            scriptOut: script, firstScript: firstScript, segment: segment, newPieces: scratchPieces[...])
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
            mask |= 1 << UInt64(piece.face)
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
                            faceMask: mask, firstPiece: first, endPiece: endPiece)
    }
}
