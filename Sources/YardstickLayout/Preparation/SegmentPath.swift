import YardstickAnalysis
import YardstickFonts
import YardstickLineBreaking
import YardstickShaping

/// The segment path of `TextPreparer`: the paragraph's break opportunities found at once, then
/// each segment (a word and the spaces after it) resolved through the segment cache, so a
/// segment met before after the same script and face costs a lookup and a copy. Also the
/// building blocks of the chunk path (`appendSegment`, `segmentEntry`, `emit`).
extension TextPreparer {
    /// Appends a paragraph segment by segment, or refuses it (appending nothing) when a break
    /// falls inside a grapheme cluster, or a segment's bidi level changes inside it before any
    /// real script (its leading Common run would end there). `analysis` holds the paragraph's
    /// breaks; its level runs are added when it may hold right-to-left text.
    func appendSegmentPath(_ bytes: UnsafeBufferPointer<UInt8>, _ analysis: inout ParagraphAnalysis, style: FontStyle, cache: SegmentCache,
                           to builder: inout PreparedStorage.Builder) -> PreparationPath.Outcome {
        let range = analysis.paragraph
        var breaks = analysis.breakOffsets
        if !analysis.isASCII { dropBreaksInsideClusters(bytes, range, &breaks) }
        guard analysis.isASCII || breaks.dropLast().allSatisfy({ GraphemeRules.mayStartCluster(bytes, at: Int($0), in: range) }) else {
            return .refused
        }
        guard analysis.mayBeRightToLeft else {
            appendSegments(bytes, paragraph: range, breaks: breaks, levelRuns: [], style: style, cache: cache, to: &builder)
            return .appended(baseLevel: 0)
        }
        analysis = analyzer.resolvingLevelRuns(analysis, bytes)
        if let mixed = Self.firstMixedLevelSegment(analysis.levelRuns, breaks: breaks, paragraphStart: range.lowerBound) {
            guard let firstReal = analyzer.firstRealScriptOffset(bytes, range: range), firstReal < mixed else { return .refused }
        }
        pathCounts.rightToLeftSegments += 1
        appendSegments(bytes, paragraph: range, breaks: breaks, levelRuns: analysis.levelRuns, style: style, cache: cache, to: &builder)
        return .appended(baseLevel: analysis.baseLevel)
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
        clearKeepingCapacity(&pending)
        for (b, breakOffset) in breaks.enumerated() {
            if b % Self.lookAhead == 0 {
                prefetchSegments(bytes, from: start, ends: breaks[b..<min(b + Self.lookAhead, breaks.count)], levelRuns: levelRuns,
                                 firstLevelRun: levelRun, style: UInt8(chain), cache: cache)
            }
            let end = Int(breakOffset)
            guard end > start else { continue }
            var level: UInt8 = 0
            if !levelRuns.isEmpty {
                while levelRuns[levelRun].end <= Int32(start) { levelRun += 1 }
                level = levelRuns[levelRun].level
                if levelRuns[levelRun].end < Int32(end) {
                    // The level changes inside (after the first real script: see `appendSegmentPath`).
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
        flushPending(bytes, style: UInt8(chain), level: walk.pendingLevel, script: ScriptTag.common, cache: cache, to: &builder)
    }

    /// One segment of a paragraph resolved segment by segment.
    @inline(__always)
    func appendSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, level: UInt8, style: FontStyle, walk: inout Walk,
                       cache: SegmentCache, to builder: inout PreparedStorage.Builder) {
        let styleKey = UInt8(chain)
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
        clearKeepingCapacity(&scratchRuns)
        var r = firstLevelRun
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min(Int(levelRuns[r].end), range.upperBound)
            analyzer.scriptRuns(bytes, range: start..<end, script: &script, level: levelRuns[r].level, into: &scratchRuns)
            start = end
            r += 1
        }
        clearKeepingCapacity(&fontRuns)
        face = PackedFaceIndex(FontFallback.resolve(bytes, paragraph: range, chain: chain, fonts: fonts, previousFace: FaceIndex(face),
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
        clearKeepingCapacity(&pending)
    }

    /// The face the last cluster of `bytes[range]` takes after a cluster in `previous`.
    func lastFace(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, style: FontStyle, after previous: PackedFaceIndex) -> PackedFaceIndex {
        clearKeepingCapacity(&fontRuns)
        return PackedFaceIndex(FontFallback.resolve(bytes, paragraph: range, chain: chain, fonts: fonts, previousFace: FaceIndex(previous),
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
        clearKeepingCapacity(&segmentRuns)
        analyzer.scriptRuns(bytes, range: range, script: &script, level: level, into: &segmentRuns)
        let firstScript = scriptIn == ScriptTag.common ? segmentRuns[0].script : scriptIn
        clearKeepingCapacity(&fontRuns)
        let faceOut = FontFallback.resolve(bytes, paragraph: range, chain: Int(style), fonts: fonts, previousFace: FaceIndex(faceIn),
                                           graphemes: { analyzer.graphemeBoundaries(bytes, range: range) }, into: &fontRuns)
        scratchSegments.removeAll()
        scratchPieces.removeAll()
        appendPieces(bytes, paragraph: range, end: range.upperBound, runs: segmentRuns,
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
}
