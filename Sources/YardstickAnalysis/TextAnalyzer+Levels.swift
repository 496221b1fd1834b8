import CICU

/// Bidi levels and script runs of the paragraph whose state the scratch buffers hold (see
/// `TextAnalyzer.restoreState`; the package API is `resolvingLevelRuns` and `resolvingRuns`): ICU's UBiDi, or the implicit-levels fast path where it gives ICU's answer.
extension TextAnalyzer {
    /// Bidi levels and script runs of the scratch state's paragraph into `_runs`, `_baseLevel`.
    func resolveParagraphRuns(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, baseDirection: UInt8? = nil) {
        clearKeepingCapacity(&_runs)
        guard !paragraph.isEmpty else { return }
        if _isASCII && baseDirection != 1 { return appendASCIIRun(bytes, paragraph) }
        prepareBidiText(bytes, paragraph)
        resolveRuns(bytes, paragraph, baseDirection: baseDirection)
    }

    /// After the fast breaker (which fills no UTF-16), fills it when bidi will need it.
    func prepareBidiText(_ bytes: UnsafeBufferPointer<UInt8>, _ paragraph: Range<Int>) {
        guard usedFastBreaks, !levelsResolved else { return }
        if fastSawRightToLeft { _ = fillUTF16(bytes, paragraph) } else { sawRightToLeft = false }
    }

    /// Bidi levels of the scratch state's paragraph, as runs of equal level (`_levelRuns`,
    /// `_baseLevel`), without script runs; a later `resolveParagraphRuns` reuses them.
    func resolveLevelRuns(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, baseDirection: UInt8? = nil) {
        clearKeepingCapacity(&_levelRuns)
        guard !paragraph.isEmpty else { return }
        if _isASCII && baseDirection != 1 {
            _baseLevel = 0
            _levelRuns.append(LevelRun(end: Int32(paragraph.upperBound), level: 0))
            return
        }
        prepareBidiText(bytes, paragraph)
        let needsBidi = resolveLevels(baseDirection: baseDirection)
        guard needsBidi else {
            _levelRuns.append(LevelRun(end: Int32(paragraph.upperBound), level: _baseLevel))
            return
        }
        // (`fillUTF16` recorded each unit's UTF-8 offset unless the text is ASCII.)
        let start = Int32(paragraph.lowerBound)
        levels.withUnsafeBufferPointer { levels in
            utf8OffsetOf16.withUnsafeBufferPointer { offsets in
                if _isASCII {
                    appendLevelRuns(levels.baseAddress!, count: utf16Count, end: paragraph.upperBound) { start + Int32($0) }
                } else {
                    appendLevelRuns(levels.baseAddress!, count: utf16Count, end: paragraph.upperBound) { offsets[$0] }
                }
            }
        }
    }

    /// Bidi levels of `bytes[paragraph]` as runs (`_levelRuns`, `_baseLevel`: the first strong
    /// character's direction, left to right if none), without line-break analysis: for a
    /// paragraph broken chunk by chunk, whose chunks take their levels from these runs. Leaves
    /// `_breakOffsets` and `_runs` empty.
    func resolveParagraphLevels(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>) {
        clearKeepingCapacity(&_breakOffsets)
        clearKeepingCapacity(&_runs)
        clearKeepingCapacity(&_levelRuns)
        levelsResolved = false
        usedFastBreaks = false // (so `prepareBidiText` keeps the UTF-16 filled here)
        _baseLevel = 0
        guard !paragraph.isEmpty else { _isASCII = true; return }
        if implicitLevelRuns(bytes, paragraph) { return }
        // ICU (an embedding, isolate or boundary neutral, which `ImplicitBidi` refuses in UTF-16 too).
        _isASCII = fillUTF16(bytes, paragraph)
        if _isASCII { sawRightToLeft = false }
        guard resolveLevels(baseDirection: nil, implicit: false) else {
            _levelRuns.append(LevelRun(end: Int32(paragraph.upperBound), level: _baseLevel))
            return
        }
        // (Not ASCII: `fillUTF16` recorded each unit's UTF-8 offset; a pair's units share a level.)
        levels.withUnsafeBufferPointer { levels in
            utf8OffsetOf16.withUnsafeBufferPointer { offsets in
                appendLevelRuns(levels.baseAddress!, count: utf16Count, end: paragraph.upperBound) { offsets[$0] }
            }
        }
    }

    /// Appends to `_levelRuns` the runs of `levels[0..<count]`, unit `k` starting at UTF-8 offset
    /// `offset(k)` (the two units of a pair share a level), the last run ending at `end`.
    @inline(__always)
    func appendLevelRuns(_ levels: UnsafePointer<UInt8>, count: Int, end: Int, offset: (Int) -> Int32) {
        var current = levels[0]
        for k in 1..<max(count, 1) where levels[k] != current {
            _levelRuns.append(LevelRun(end: offset(k), level: current))
            current = levels[k]
        }
        _levelRuns.append(LevelRun(end: Int32(end), level: current))
    }

    /// `resolveParagraphLevels` by `ImplicitBidi` over the UTF-8 (no UTF-16); false, with
    /// `_levelRuns` untouched, when ICU must decide.
    func implicitLevelRuns(_ bytes: UnsafeBufferPointer<UInt8>, _ paragraph: Range<Int>) -> Bool {
        let resolver = implicitBidi
        resolver.start(maxCount: paragraph.count)
        if utf8OffsetOf16.count < paragraph.count + 1 { utf8OffsetOf16 = [Int32](repeating: 0, count: paragraph.count + 1) }
        return utf8OffsetOf16.withUnsafeMutableBufferPointer { offsets in
            var i = paragraph.lowerBound
            let end = paragraph.upperBound
            var ascii = true
            while i < end {
                let (scalar, length) = UTF8Decoding.decode(bytes, at: i, end: end)
                offsets[resolver.count] = Int32(i)
                guard resolver.append(scalar) else { return false }
                if scalar >= 0x80 { ascii = false }
                i += length
            }
            guard let base = resolver.resolve() else { return false }
            _isASCII = ascii
            _baseLevel = base
            appendLevelRuns(resolver.levels, count: resolver.count, end: end) { offsets[$0] }
            return true
        }
    }

    /// `resolveLevels` by `ImplicitBidi` over the paragraph's UTF-16 (BMP only); false when ICU must decide.
    func implicitLevels(count: Int) -> Bool {
        let resolver = implicitBidi
        resolver.start(maxCount: count)
        let accepted = utf16.withUnsafeBufferPointer { utf16 in
            for k in 0..<count {
                let u = utf16[k]
                guard u < 0xD800 || u >= 0xE000, resolver.append(UInt32(u)) else { return false }
            }
            return true
        }
        guard accepted, let base = resolver.resolve() else { return false }
        _baseLevel = base
        levels.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: resolver.levels, count: count) }
        return true
    }

    /// Whether UAX #9 puts every character of the paragraph `bytes[range]` at level 1, the
    /// paragraph's own: right-to-left letters (R, AL) with marks and neutrals only — no numbers,
    /// left-to-right letters, explicit embeddings or isolates, boundary neutrals or characters
    /// beyond the BMP. The first strong character is then right to left (level 1), and every
    /// neutral lies between right-to-left types or the paragraph's edges, so it is R (N1). Such
    /// a paragraph needs no bidi pass: it can
    /// be resolved chunk by chunk at level 1. A scan of the UTF-8, no allocation.
    package static func isRightToLeftAtOneLevel(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        // UCharDirection: 1 R, 3 ES, 4 ET, 6 CS, 8 S, 9 WS, 10 ON, 13 AL, 17 NSM.
        let bidiTable = UnicodeTables.bidiClass
        var sawStrong = false
        var i = range.lowerBound
        while i < range.upperBound {
            let (scalar, length) = UTF8Decoding.decode(bytes, at: i, end: range.upperBound)
            guard scalar < 0x10000, scalar >= 0x20 || scalar == 0x09 else { return false }
            switch bidiTable[scalar] {
            case 1, 13: sawStrong = true
            case 3, 4, 6, 8, 9, 10, 17: break
            default: return false // L, EN, AN, B, BN, explicit embeddings and isolates
            }
            i += length
        }
        return sawStrong
    }

    /// Runs bidi into `levels` when the text may hold right-to-left characters (once per
    /// paragraph); returns whether it did (otherwise every level is `baseLevel`).
    /// - Parameter implicit: whether `ImplicitBidi` may answer (when `baseDirection` is nil).
    func resolveLevels(baseDirection: UInt8?, implicit: Bool = true) -> Bool {
        let needsBidi = baseDirection == 1 || sawRightToLeft
        guard needsBidi, !levelsResolved else { return needsBidi }
        let count = utf16Count
        if levels.count < count { levels = [UInt8](repeating: 0, count: count) }
        if baseDirection == nil && implicit && implicitLevels(count: count) {
            levelsResolved = true
            return true
        }
        _baseLevel = utf16.withUnsafeBufferPointer { all in
            let text = UnsafeBufferPointer(rebasing: all[0..<count])
            return levels.withUnsafeMutableBufferPointer { bidi.resolve(text, paragraphLevel: baseDirection ?? 0xFE, into: $0.baseAddress!) }
        }
        levelsResolved = true
        return true
    }
}
