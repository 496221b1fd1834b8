import CICU

/// Runs the analysis stage on one paragraph at a time: UAX #14 line-break opportunities
/// (`FastLineBreaks` for the classes it handles, which cover most scripts; ICU's iterator for
/// the rest, such as Thai), bidi embedding levels (ICU, UAX #9) and script runs (ICU script
/// property, Common and Inherited characters joining the script around them).
///
/// Stages, each a function from value to value: `analyzeBreaks` gives a `ParagraphAnalysis`
/// with the opportunities; `resolvingLevelRuns` and `resolvingRuns` add levels and runs to it
/// (`analyze` does both). Results are values: a later call never changes them. One analyzer
/// per thread: it owns ICU iterators and scratch buffers (the UTF-16 and levels of the last
/// paragraph, which a resolving stage reuses when it continues that paragraph's analysis and
/// works out again otherwise), so analysing a paragraph allocates nothing once the buffers
/// have grown and the analyses are handed back (`recycle`). Cost is O(n) in the paragraph's
/// length; ASCII paragraphs skip the bidi and script passes (they are left to right, Latin or
/// Common).
public final class TextAnalyzer {
    let lineBreaks: ICUBreakIterator
    let characters: ICUBreakIterator
    let bidi: ICUBidi
    /// UTF-16 of the last text given to `fillUTF16`: the first `utf16Count` units.
    @exclusivity(unchecked) var utf16: [UInt16] = []
    @exclusivity(unchecked) var utf16Count = 0
    /// UTF-8 offset (absolute) of each UTF-16 unit, plus one past the end; only for non-ASCII text.
    @exclusivity(unchecked) var utf8OffsetOf16: [Int32] = []
    @exclusivity(unchecked) var levels: [UInt8] = []
    /// Scratch UTF-16 for `graphemeBoundaries`, swapped with `utf16` and `utf8OffsetOf16` there.
    @exclusivity(unchecked) var clusterUTF16: [UInt16] = []
    @exclusivity(unchecked) var clusterOffsets: [Int32] = []
    /// Scratch: the last `graphemeBoundaries`.
    @exclusivity(unchecked) var boundaries: [Int32] = []
    /// UAX #9 without ICU, for paragraphs without explicit embeddings or isolates.
    let implicitBidi = ImplicitBidi()
    /// Whether `fillUTF16` met a character that may be right to left.
    @exclusivity(unchecked) var sawRightToLeft = false
    /// ISO 15924 tag by UScriptCode (0 = not looked up yet).
    @exclusivity(unchecked) var scriptTags = [UInt32](repeating: 0, count: 256)

    /// Working buffers of the stage running now; their memory moves into the analysis it
    /// returns and back on `recycle`.
    @exclusivity(unchecked) var _breakOffsets: [Int32] = []
    @exclusivity(unchecked) var _runs: [AnalysisRun] = []
    @exclusivity(unchecked) var _levelRuns: [LevelRun] = []
    /// The base level and ASCII-ness of the paragraph the scratch state belongs to.
    @exclusivity(unchecked) var _baseLevel: UInt8 = 0
    @exclusivity(unchecked) var _isASCII = true
    /// Counts the paragraphs whose state the scratch buffers held: an analysis of another
    /// generation has its state worked out again before a resolving stage continues it.
    @exclusivity(unchecked) var generation = 0
    /// Whether the last paragraph's breaks came from `FastLineBreaks` (no UTF-16 was filled).
    @exclusivity(unchecked) var usedFastBreaks = true
    /// Whether `FastLineBreaks` met a character that may be right to left.
    @exclusivity(unchecked) var fastSawRightToLeft = false
    @exclusivity(unchecked) var fastScratch = FastLineBreaks.Scratch()
    /// Whether `levels` holds the bidi levels of the scratch state's paragraph.
    @exclusivity(unchecked) var levelsResolved = false

    /// UIKit's `.hangulWordPriority`: no opportunity between two Hangul characters (`HangulWords`).
    let keepsHangulWords: Bool

    public init(keepsHangulWords: Bool = false) throws {
        self.keepsHangulWords = keepsHangulWords
        lineBreaks = try ICUBreakIterator(kind: Int32(YS_BREAK_LINE))
        characters = try ICUBreakIterator(kind: Int32(YS_BREAK_CHARACTER))
        bidi = try ICUBidi()
    }

    /// Analyses `bytes[paragraph]`, which must be valid UTF-8 without hard breaks: its
    /// opportunities, levels and runs (`analyzeBreaks`, then `resolvingRuns`).
    /// - Parameter baseDirection: nil for the first strong character (left to right if none),
    ///   0 for left to right, 1 for right to left.
    package func analyze(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, baseDirection: UInt8? = nil) -> ParagraphAnalysis {
        resolvingRuns(analyzeBreaks(bytes, paragraph: paragraph, baseDirection: baseDirection), bytes)
    }

    /// The first stage: line-break opportunities only (`breakOffsets`, `isASCII`, and whether
    /// the paragraph may hold right-to-left text: when it does not, every level is 0 and
    /// `scriptRuns` may resolve scripts piece by piece).
    package func analyzeBreaks(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, baseDirection: UInt8? = nil) -> ParagraphAnalysis {
        let mayBeRightToLeft = findBreaks(bytes, paragraph: paragraph, baseDirection: baseDirection)
        var analysis = ParagraphAnalysis(paragraph: paragraph, baseDirection: baseDirection, breakOffsets: [], isASCII: _isASCII,
                                         mayBeRightToLeft: mayBeRightToLeft, baseLevel: baseDirection ?? 0, generation: generation,
                                         analyzer: ObjectIdentifier(self))
        swap(&analysis.breakOffsets, &_breakOffsets)
        return analysis
    }

    /// Adds the bidi level runs and base level to an analysis.
    package func resolvingLevelRuns(_ analysis: consuming ParagraphAnalysis, _ bytes: UnsafeBufferPointer<UInt8>) -> ParagraphAnalysis {
        restoreState(of: &analysis, bytes)
        resolveLevelRuns(bytes, paragraph: analysis.paragraph, baseDirection: analysis.baseDirection)
        analysis.baseLevel = _baseLevel
        swap(&analysis.levelRuns, &_levelRuns)
        clearKeepingCapacity(&_levelRuns)
        return analysis
    }

    /// Adds the runs of one level and one script, and the base level, to an analysis.
    package func resolvingRuns(_ analysis: consuming ParagraphAnalysis, _ bytes: UnsafeBufferPointer<UInt8>) -> ParagraphAnalysis {
        restoreState(of: &analysis, bytes)
        resolveParagraphRuns(bytes, paragraph: analysis.paragraph, baseDirection: analysis.baseDirection)
        analysis.baseLevel = _baseLevel
        swap(&analysis.runs, &_runs)
        clearKeepingCapacity(&_runs)
        return analysis
    }

    /// Bidi levels of `bytes[paragraph]` as runs, without line-break analysis (`resolveParagraphLevels`).
    package func paragraphLevels(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>) -> ParagraphLevels {
        resolveParagraphLevels(bytes, paragraph: paragraph)
        generation &+= 1
        var levels = ParagraphLevels(baseLevel: _baseLevel, runs: [])
        swap(&levels.runs, &_levelRuns)
        return levels
    }

    /// Takes back the memory of an analysis that is no longer needed.
    /// (Swapped, not assigned: the buffer then has one owner, so clearing it keeps its memory.)
    public func recycle(_ analysis: consuming ParagraphAnalysis) {
        if _breakOffsets.capacity < analysis.breakOffsets.capacity { swap(&_breakOffsets, &analysis.breakOffsets); clearKeepingCapacity(&_breakOffsets) }
        if _levelRuns.capacity < analysis.levelRuns.capacity { swap(&_levelRuns, &analysis.levelRuns); clearKeepingCapacity(&_levelRuns) }
        if _runs.capacity < analysis.runs.capacity { swap(&_runs, &analysis.runs); clearKeepingCapacity(&_runs) }
    }

    /// Takes back the memory of paragraph levels that are no longer needed.
    public func recycle(_ levels: consuming ParagraphLevels) {
        if _levelRuns.capacity < levels.runs.capacity { swap(&_levelRuns, &levels.runs); clearKeepingCapacity(&_levelRuns) }
    }

    /// Makes the scratch state (UTF-16, levels, flags) that of `analysis`'s paragraph: as
    /// `analyzeBreaks` left it, if another paragraph was analysed since.
    func restoreState(of analysis: inout ParagraphAnalysis, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard analysis.generation != generation || analysis.analyzer != ObjectIdentifier(self) else { return }
        _ = findBreaks(bytes, paragraph: analysis.paragraph, baseDirection: analysis.baseDirection)
        clearKeepingCapacity(&_breakOffsets)
        analysis.generation = generation
        analysis.analyzer = ObjectIdentifier(self)
    }

    /// `analyzeBreaks` into the scratch state (`_breakOffsets`, `_isASCII`, the UTF-16 when ICU
    /// was used); starts a new generation.
    func findBreaks(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, baseDirection: UInt8?) -> Bool {
        generation &+= 1
        clearKeepingCapacity(&_breakOffsets)
        clearKeepingCapacity(&_runs)
        clearKeepingCapacity(&_levelRuns)
        levelsResolved = false
        _baseLevel = baseDirection ?? 0
        sawRightToLeft = false
        guard !paragraph.isEmpty else { _isASCII = true; usedFastBreaks = true; fastSawRightToLeft = false; return false }
        if baseDirection != 1,
           case .accepted(let rightToLeft) = FastLineBreaks.breaks(bytes, paragraph, into: &_breakOffsets, scratch: &fastScratch) {
            // No ICU line breaking and no UTF-16 (until bidi needs it).
            var ascii = true
            if !rightToLeft { for i in paragraph where bytes[i] >= 0x80 { ascii = false; break } } else { ascii = false }
            _isASCII = ascii
            usedFastBreaks = true
            fastSawRightToLeft = rightToLeft
            if keepsHangulWords && !ascii { HangulWords.dropBreaks(bytes, paragraph, &_breakOffsets, from: 0) }
            return rightToLeft
        }
        usedFastBreaks = false
        _isASCII = appendICUBreaks(bytes, paragraph)
        if keepsHangulWords && !_isASCII { HangulWords.dropBreaks(bytes, paragraph, &_breakOffsets, from: 0) }
        return baseDirection == 1 || sawRightToLeft
    }

    /// Appends ICU's UAX #14 opportunities in `bytes[range]` to `_breakOffsets` (absolute, the
    /// last being the range's end), leaving its UTF-16 in `utf16`; returns whether it is ASCII.
    func appendICUBreaks(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let ascii = fillUTF16(bytes, range)
        let start = Int32(range.lowerBound)
        utf16.withUnsafeBufferPointer { all in
            let text = UnsafeBufferPointer(rebasing: all[0..<utf16Count])
            if ascii {
                lineBreaks.forEachBoundary(in: text) { _breakOffsets.append(start + Int32($0)) }
            } else {
                utf8OffsetOf16.withUnsafeBufferPointer { map in
                    lineBreaks.forEachBoundary(in: text) { _breakOffsets.append(map[$0]) }
                }
            }
        }
        return ascii
    }

    /// Break opportunities inside one chunk of a paragraph: a run of characters other than
    /// U+0020 SPACE and the spaces after it, following a space (or starting the paragraph).
    /// Every opportunity of a paragraph is one inside its chunks or one between two chunks
    /// (`ChunkEdges.breakBetween`), so a paragraph can be broken chunk by chunk, and a chunk
    /// met again need not be analysed again. A chunk with complex-context characters (Thai…)
    /// takes ICU's breaks for the chunk alone (its dictionary words). Nil when the chunk holds
    /// a character the ICU-free rules do not handle (the whole paragraph then needs `analyzeBreaks`).
    /// - Parameter afterOpenSpaces: the chunk before ended in an opening punctuation mark (`opensSpaces`).
    /// - Returns: the chunk's edges, having appended the opportunities strictly inside it to
    ///   `breaks` (absolute offsets, ascending); nil, having appended nothing.
    package func chunkBreaks(_ bytes: UnsafeBufferPointer<UInt8>, chunk: Range<Int>, afterOpenSpaces: Bool,
                             into breaks: inout [Int32]) -> ChunkEdges? {
        generation &+= 1 // (the scratch state is now this chunk's)
        swap(&breaks, &_breakOffsets)
        defer { swap(&breaks, &_breakOffsets) }
        let mark = _breakOffsets.count
        guard case .accepted(let rightToLeft) = FastLineBreaks.breaks(bytes, chunk, into: &_breakOffsets, scratch: &fastScratch,
                                                                       afterOpenSpaces: afterOpenSpaces, dictionary: true) else {
            _breakOffsets.removeSubrange(mark...)
            return nil
        }
        let edges = FastLineBreaks.chunkEdges(fastScratch)
        if fastScratch.sawDictionary {
            // Thai and the other dictionary scripts: ICU's breaks for the chunk alone. They are
            // the paragraph's: a dictionary run never crosses the spaces around a chunk, and the
            // rules inside a chunk look no further back than its start, but for a hyphen after
            // OP SP*, which ICU would take as word-initial here (LB20a), so that goes to ICU whole.
            // (`TextPreparer` never asks for a chunk after OP SP*: no break can precede it, so the
            // paragraph is abandoned first. Other callers can.)
            _breakOffsets.removeSubrange(mark...)
            if afterOpenSpaces && edges.first == .hy { return nil }
            _ = appendICUBreaks(bytes, chunk)
        }
        if _breakOffsets.count > mark { _breakOffsets.removeLast() } // the chunk's end: decided with the next chunk
        if keepsHangulWords && _breakOffsets.count > mark { HangulWords.dropBreaks(bytes, chunk, &_breakOffsets, from: mark) }
        return ChunkEdges(first: edges.first.rawValue, secondIsNumber: edges.secondIsNumber, lastNonSpace: edges.lastNonSpace.rawValue,
                              mayBeRightToLeft: rightToLeft)
    }

    /// Script runs of `bytes[range]`, all at `level`: a stretch of a paragraph whose bidi level
    /// is constant over it, as `resolveParagraphRuns` would cut them there: `script` is the last
    /// real (not Common or Inherited) script before the stretch, `ScriptTag.common` if none,
    /// and is updated to the last one in it. Characters that take their script from before the
    /// stretch take `script`; while it is Common they stay Common (at the start of a paragraph
    /// `resolveParagraphRuns` gives them the first real script after them at the same level
    /// instead).
    /// Appends them to `runs`.
    package func scriptRuns(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, script: inout UInt32, level: UInt8 = 0,
                            into runs: inout [AnalysisRun]) {
        var i = range.lowerBound
        let end = range.upperBound
        var current = AnalysisRun(start: Int32(i), end: Int32(i), level: level, script: script)
        while i < end {
            let (scalar, length) = UTF8Decoding.decode(bytes, at: i, end: end)
            let code = scriptCode(scalar)
            if code > 1 { // a real script: not Common (0) or Inherited (1)
                let tag = tagFor(code)
                if current.script != tag && current.script != ScriptTag.common && current.end > current.start {
                    runs.append(current)
                    current = AnalysisRun(start: Int32(i), end: Int32(i), level: level, script: tag)
                }
                current.script = tag
                script = tag
            }
            i += length
            current.end = Int32(i)
        }
        if current.end > current.start { runs.append(current) }
    }

    /// ASCII has no strong right-to-left characters: one level-0 run; letters make it Latin.
    func appendASCIIRun(_ bytes: UnsafeBufferPointer<UInt8>, _ paragraph: Range<Int>) {
        var hasLetter = false
        for i in paragraph where (bytes[i] | 0x20) >= 0x61 && (bytes[i] | 0x20) <= 0x7A { hasLetter = true; break }
        _runs.append(AnalysisRun(start: Int32(paragraph.lowerBound), end: Int32(paragraph.upperBound), level: 0,
                                script: hasLetter ? ScriptTag.latin : ScriptTag.common))
    }

    /// Grapheme-cluster boundaries of `bytes[range]` (absolute UTF-8 offsets after the start, the
    /// last being the end), per UAX #29 extended grapheme clusters.
    ///
    /// Most text needs only rules GB9/GB9a (no break before Extend, ZWJ or SpacingMark): that is
    /// done here from the Grapheme_Cluster_Break property. Text with conjoining jamo, Prepend,
    /// regional indicators, ZWJ or controls goes to ICU's iterator.
    /// The array returned shares the analyzer's scratch storage: keeping it past the next call
    /// costs that call a copy (no allocation otherwise, once the storage has grown).
    package func graphemeBoundaries(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> [Int32] {
        guard !range.isEmpty else { return [] }
        var simple = boundaries
        boundaries = [] // (so `simple` is the only reference: appending to it reuses its memory)
        defer { boundaries = simple }
        clearKeepingCapacity(&simple)
        var i = range.lowerBound
        var isSimple = true
        while i < range.upperBound {
            let (scalar, length) = UTF8Decoding.decode(bytes, at: i, end: range.upperBound)
            if scalar >= 0x300 {
                let gcb = UnicodeTables.graphemeBreakClass(scalar)
                // 3 Extend, 10 SpacingMark: continue the cluster. 1 Control, 4 L, 8 T, 9 V, 11 Prepend, 12 RI, 17 ZWJ: ICU.
                if gcb == 3 || gcb == 10 { i += length; continue }
                if gcb == 1 || gcb == 4 || gcb == 8 || gcb == 9 || gcb == 11 || gcb == 12 || gcb == 17 { isSimple = false; break }
            } else if scalar < 0x20 || scalar == 0x7F {
                isSimple = false; break
            }
            if i > range.lowerBound { simple.append(Int32(i)) }
            i += length
        }
        if isSimple {
            simple.append(Int32(range.upperBound))
            return simple
        }
        // Its own UTF-16 buffers: the paragraph's (and what was learnt from them) stay intact
        // for the bidi and script passes that may follow.
        swap(&utf16, &clusterUTF16)
        swap(&utf8OffsetOf16, &clusterOffsets)
        let (savedCount, savedRightToLeft) = (utf16Count, sawRightToLeft)
        defer {
            swap(&utf16, &clusterUTF16)
            swap(&utf8OffsetOf16, &clusterOffsets)
            (utf16Count, sawRightToLeft) = (savedCount, savedRightToLeft)
        }
        let ascii = fillUTF16(bytes, range)
        clearKeepingCapacity(&simple)
        let start = Int32(range.lowerBound)
        utf16.withUnsafeBufferPointer { all in
            let text = UnsafeBufferPointer(rebasing: all[0..<utf16Count])
            if ascii {
                characters.forEachBoundary(in: text) { simple.append(start + Int32($0)) }
            } else {
                utf8OffsetOf16.withUnsafeBufferPointer { map in
                    characters.forEachBoundary(in: text) { simple.append(map[$0]) }
                }
            }
        }
        return simple
    }

    /// Widens UTF-8 to UTF-16; for non-ASCII text also records each unit's UTF-8 offset.
    func fillUTF16(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var ascii = true
        for i in range where bytes[i] >= 0x80 { ascii = false; break }
        // At most one UTF-16 unit per UTF-8 byte: write through pointers, then trim.
        let n = range.count
        if utf16.count < n { utf16 = [UInt16](repeating: 0, count: n) }
        if ascii {
            utf16.withUnsafeMutableBufferPointer { out in
                for k in 0..<n { out[k] = UInt16(bytes[range.lowerBound + k]) }
            }
            utf16Count = n
            return true
        }
        if utf8OffsetOf16.count < n + 1 { utf8OffsetOf16 = [Int32](repeating: 0, count: n + 1) }
        var rightToLeft = false
        let units = utf16.withUnsafeMutableBufferPointer { out in
            utf8OffsetOf16.withUnsafeMutableBufferPointer { offsets in
                var u = 0
                var i = range.lowerBound
                let end = range.upperBound
                while i < end {
                    let (scalar, length) = UTF8Decoding.decode(bytes, at: i, end: end)
                    if scalar >= 0x0590 && UTF8Decoding.mayBeRightToLeft(scalar) { rightToLeft = true }
                    if scalar < 0x10000 {
                        out[u] = UInt16(scalar); offsets[u] = Int32(i); u += 1
                    } else {
                        let v = scalar - 0x10000
                        out[u] = UInt16(0xD800 + (v >> 10)); offsets[u] = Int32(i)
                        out[u + 1] = UInt16(0xDC00 + (v & 0x3FF)); offsets[u + 1] = Int32(i)
                        u += 2
                    }
                    i += length
                }
                offsets[u] = Int32(end)
                return u
            }
        }
        sawRightToLeft = rightToLeft
        utf16Count = units
        return false
    }

    /// Runs of level and script for a non-ASCII paragraph (after `fillUTF16`).
    func resolveRuns(_ bytes: UnsafeBufferPointer<UInt8>, _ paragraph: Range<Int>, baseDirection: UInt8?) {
        // Bidi only when something could be right to left.
        let needsBidi = resolveLevels(baseDirection: baseDirection)

        var unit = 0
        var i = paragraph.lowerBound
        let end = paragraph.upperBound
        var lastRealScript = ScriptTag.common
        var current = AnalysisRun(start: Int32(i), end: Int32(i), level: 0, script: 0)
        var hasCurrent = false
        while i < end {
            let (scalar, length) = UTF8Decoding.decode(bytes, at: i, end: end)
            let level = needsBidi ? levels[unit] : _baseLevel
            let code = scriptCode(scalar)
            let isReal = code > 1 // not Common (0) or Inherited (1)
            let tag = isReal ? tagFor(code) : lastRealScript
            if hasCurrent, current.level == level, !isReal || current.script == tag || current.script == ScriptTag.common {
                // Same run; a run of only Common so far takes the first real script it meets.
                if isReal { current.script = tag }
                current.end = Int32(i + length)
            } else {
                if hasCurrent { _runs.append(current) }
                current = AnalysisRun(start: Int32(i), end: Int32(i + length), level: level, script: tag)
                hasCurrent = true
            }
            if isReal { lastRealScript = tag }
            i += length
            unit += scalar >= 0x10000 ? 2 : 1
        }
        if hasCurrent { _runs.append(current) }
    }

    /// The offset of the first character of `bytes[range]` that has a real script (not Common or
    /// Inherited), nil if none does.
    package func firstRealScriptOffset(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> Int? {
        firstReal(bytes, range)?.offset
    }

    /// The script of the first character of `bytes[range]` that has a real one (not Common or
    /// Inherited); `ScriptTag.common` if none does.
    package func firstRealScript(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> UInt32 {
        firstReal(bytes, range).map { tagFor($0.code) } ?? ScriptTag.common
    }

    func firstReal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (offset: Int, code: Int32)? {
        var i = range.lowerBound
        while i < range.upperBound {
            let (scalar, length) = UTF8Decoding.decode(bytes, at: i, end: range.upperBound)
            let code = scriptCode(scalar)
            if code > 1 { return (i, code) }
            i += length
        }
        return nil
    }

    @inline(__always)
    func scriptCode(_ scalar: UInt32) -> Int32 {
        if scalar < 0x80 {
            let lower = scalar | 0x20
            return (lower >= 0x61 && lower <= 0x7A) ? 25 /* USCRIPT_LATIN */ : 0
        }
        return UnicodeTables.scriptCode(scalar)
    }

    @inline(__always)
    func tagFor(_ code: Int32) -> UInt32 {
        guard code >= 0 && code < 256 else { let t = yardstick_icu_script_iso15924(code); return t == 0 ? ScriptTag.common : t }
        let cached = scriptTags[Int(code)]
        if cached != 0 { return cached }
        let tag = yardstick_icu_script_iso15924(code)
        scriptTags[Int(code)] = tag == 0 ? ScriptTag.common : tag
        return scriptTags[Int(code)]
    }

    /// The ICU version in use ("72.1").
    public static var icuVersion: String { String(cString: yardstick_icu_icu_version()) }
}
