import YardstickAnalysis
import YardstickFonts
import YardstickLineBreaking
import YardstickShaping

/// The chunk paths of `TextPreparer` (`chunks`, `rightToLeftChunks`, `chunksByLevels`), tried
/// first for every paragraph: the paragraph resolved
/// chunk by chunk (a run of characters other than U+0020 and the spaces after it), each
/// chunk's segments and pieces remembered in the segment cache (and shared between the workers
/// of a run), so a chunk met before costs a lookup and a copy.
extension TextPreparer {
    /// Appends a paragraph chunk by chunk (a chunk is a run of characters other than U+0020
    /// and the spaces after it). Without `byLevels`, every character has one bidi level: level
    /// 0, nothing right to left, or level 1, a paragraph `TextAnalyzer.isRightToLeftAtOneLevel`
    /// accepts. With `byLevels`, each chunk takes its levels from `paragraphLevelRuns`. Once the
    /// paragraph has met a real script, a chunk at one level met before after the same script
    /// and face is one lookup and a copy: no line-break analysis, no bidi, no segment lookups.
    /// A chunk whose level changes inside is resolved segment by segment, as `appendSegments`
    /// would. Gives exactly what `appendSegments` gives after `analyzeBreaks` (and `resolvingLevelRuns`).
    /// - Returns: `.appended` (at base level `level`), or, having taken back what it appended, `.needsLevels` or `.refused` when
    ///   the paragraph needs its levels or the whole-paragraph analysis: a character the
    ///   ICU-free breaker does not handle, a break inside a grapheme cluster, no break between two
    ///   chunks (a segment spanning them, as in "a / b"), or a segment whose level changes
    ///   inside before any real script.
    func appendChunks(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, level: UInt8, byLevels: Bool = false,
                      style: FontStyle, cache: SegmentCache, to builder: inout PreparedStorage.Builder) -> PreparationPath.Outcome {
        let styleKey = UInt8(chain)
        // Chunks found in the cache were accepted before; the rest of the paragraph is scanned
        // once, at the first chunk that is not, so nothing is shaped for a paragraph that then
        // turns out to need the whole-paragraph analysis.
        var restScanned = false
        let segmentMark = builder.segments.count
        let pieceMark = builder.pieces.count
        var walk = Walk()
        var previous = ChunkEdges.paragraphStart
        var start = paragraph.lowerBound
        let end = paragraph.upperBound
        clearKeepingCapacity(&pending)
        func abandon(_ builder: inout PreparedStorage.Builder, _ outcome: PreparationPath.Outcome = .refused) -> PreparationPath.Outcome {
            builder.segments.removeLast(from: segmentMark)
            builder.pieces.removeLast(from: pieceMark)
            clearKeepingCapacity(&pending)
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
                switch ChunkEdges.support(bytes, paragraph: start..<end, levelsKnown: byLevels || level == 1) {
                case .handled: break
                case .needsLevels: return abandon(&builder, .needsLevels)
                case .unhandled: return abandon(&builder)
                }
                restScanned = true
            }
            // Before anything is shaped: the paragraph must not need the whole-paragraph analysis
            // here or at the start of the next chunk (so no shaping is wasted on a segment that
            // would turn out to continue into the next chunk).
            clearKeepingCapacity(&chunkSegments)
            guard let edges = analyzer.chunkBreaks(bytes, chunk: chunk, afterOpenSpaces: previous.opensSpaces, into: &chunkSegments),
                  byLevels || level == 1 || !edges.mayBeRightToLeft,
                  start == paragraph.lowerBound
                    || (breakRule.breakBetween(previous, edges) && GraphemeRules.mayStartCluster(bytes, at: start, in: paragraph)),
                  chunkSegments.allSatisfy({ GraphemeRules.mayStartCluster(bytes, at: Int($0), in: paragraph) }),
                  chunkEnd == end || ChunkEdges.start(of: bytes, at: chunkEnd, end: end).map({ breakRule.breakBetween(edges, $0) }) == true
                    && GraphemeRules.mayStartCluster(bytes, at: chunkEnd, in: paragraph)
            else { return abandon(&builder) }
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
        return .appended(baseLevel: level)
    }

    /// The bidi level of every character of `bytes[range]` by `paragraphLevelRuns`, or
    /// `mixedLevel`; `run` is moved to the level run holding its start (ranges must come in order).
    @inline(__always)
    func levelOf(_ range: Range<Int>, run: inout Int) -> UInt8 {
        while paragraphLevelRuns[run].end <= Int32(range.lowerBound) { run += 1 }
        return paragraphLevelRuns[run].end >= Int32(range.upperBound) ? paragraphLevelRuns[run].level : Self.mixedLevel
    }

    /// Resolves a chunk that holds a real script segment by segment (leading Common segments
    /// take its first real script, as in `appendSegment`) and remembers it as one entry, whose
    /// `firstScript` is that script. Advances `walk` past it.
    func composeChunk(_ bytes: UnsafeBufferPointer<UInt8>, _ chunk: Range<Int>, hash: UInt64, edges: ChunkEdges, level: UInt8,
                      style: FontStyle, walk: inout Walk, cache: SegmentCache) -> Int {
        let styleKey = UInt8(chain)
        let scriptIn = walk.script, faceIn = walk.face
        var firstScript = scriptIn
        clearKeepingCapacity(&chunkScratchSegments)
        clearKeepingCapacity(&chunkScratchPieces)
        clearKeepingCapacity(&waiting)
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
                clearKeepingCapacity(&waiting)
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
    func scanChunksAhead(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, end: Int, style: UInt8, level: UInt8, byLevels: Bool,
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
    func prefetchSegments(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, ends: ArraySlice<Int32>, levelRuns: [LevelRun],
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
    static func firstSpace(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, end: Int) -> Int {
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
    func breaksBefore(_ entry: Int, _ previous: ChunkEdges, _ cache: SegmentCache) -> Bool {
        breakRule.breakBetween(previous, cache.header(entry).pointee.chunk)
    }
}
