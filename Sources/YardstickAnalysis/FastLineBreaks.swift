import CICU

/// UAX #14 line-break opportunities without ICU's iterator, for every text whose characters
/// fall in the classes handled here: letters (AL, HL; AI resolves to AL), digits, spaces,
/// combining marks (LB9/LB10), ideographs and kana (ID, NS; CJ resolves to NS as in ICU's
/// default rules), Hangul (H2, H3, JL, JV, JT), the punctuation classes BA, BB, B2, CL, CP,
/// EX, GL, HY, IN, IS, OP, QU, SY, WJ, numeric prefixes and postfixes (PR, PO: `$ € + % °`),
/// emoji bases and modifiers (EB, EM) and the zero-width joiner. That covers prose in Latin,
/// Greek, Cyrillic, Arabic, Hebrew, Devanagari, Chinese, Japanese and Korean, prices, measures
/// and emoji. Anything else (regional indicators, zero-width space, controls, unassigned
/// characters other than pictographs, which ICU makes ID) goes to ICU, so the answer is always
/// ICU 72's: a randomized comparison test checks every class here against ICU. Dictionary
/// scripts such as Thai (SA) go to ICU too, except in a chunk (`TextAnalyzer.chunkBreaks`),
/// which takes the classes of its edges from here and its breaks from ICU.
///
/// Rules, in UAX #14 order (15.0, plus the 15.1 rules ICU 72 already follows, LB15c and LB20a):
/// LB7 × SP; LB8a ZWJ × (a ZWJ is otherwise a mark, LB9); LB9 X CM* → X; LB10 CM → AL;
/// LB11 × WJ ×; LB12 GL ×; LB12a [^SP BA HY] × GL;
/// LB15c SP ÷ IS NU; LB13 × CL CP EX IS SY; LB14 OP SP* ×; LB15 QU SP* × OP;
/// LB16 (CL|CP) SP* × NS; LB17 B2 SP* × B2; LB18 SP ÷; LB19 × QU ×; LB20a word-initial HY × letter;
/// LB21 × BA HY NS, BB ×; LB21a HL (HY|BA) ×; LB21b SY × HL; LB22 × IN; LB23 letters × NU ×
/// letters; LB23a PR × ID, ID × PO; LB24 (PR|PO) × letters × (PR|PO); LB25 HY × NU, IS × NU,
/// NU × NU, SY × NU inside a number, and ICU's number pattern (PR|PO)? (OP|HY)? IS? NU
/// (NU|SY|IS)* (CL|CP)? (PR|PO)? unbroken; LB26 Hangul syllable blocks; LB27 PR × Hangul × PO;
/// LB28 letters × letters; LB29 IS × letters; LB30 (letters|NU) × OP and CP × (letters|NU) for
/// narrow OP/CP only; LB30b EB × EM (an unassigned pictograph too); LB31 ÷ elsewhere.
///
/// O(n) in two passes: classify (bailing out at the first unhandled character), then decide
/// each boundary. A run of letters of one class (or of digits) is one unit, as nothing breaks
/// inside it and the rules only ever look at its class. No allocation once the scratch
/// buffers have grown.
@usableFromInline enum FastLineBreaks {
    /// Line-break classes the rules see (after LB1), up to `.other` = not handled here (ICU
    /// decides); after it, classes that forming units (pass 1) resolves into those. The rules'
    /// tables are indexed by five bits per class, so `.other` must stay below 32.
    enum Class: UInt8 {
        case al, hl, nu, sp, isC, ex, hy, qu, op, opWide, cp, cpWide, cl, sy, ba, bb, b2, id, ns, cm, gl, wj, inC
        case h2, h3, jl, jv, jt
        /// Prefix and postfix numeric (`$ € + %` …): glued to numbers and letters (LB23a–LB25).
        case pr, po
        case other
        // Classes resolved while units are formed (pass 1), never seen by the rules:
        /// Complex context (SA: Thai, Lao, Khmer, Myanmar…): a letter or mark for the rules (LB1),
        /// with breaks inside its runs from ICU's dictionaries; handled only when asked to.
        case sa
        /// Emoji base and modifier: ideographs for the rules, an EB unit taking the EM after it (LB30b).
        case eb, em
        /// U+200D ZERO WIDTH JOINER: a combining mark (LB9) that no break follows (LB8a).
        case zwj

        /// The class a table entry holds (always a class's raw value).
        @inline(__always) init(raw: some BinaryInteger) {
            self = unsafeBitCast(UInt8(truncatingIfNeeded: raw), to: Class.self)
        }
    }

    /// Reused per analyzer: the class and UTF-8 start of each unit (a character with the
    /// combining marks LB9 attaches to it).
    struct Scratch {
        var classes: [Class] = []
        var starts: [Int32] = []
        /// Whether no break may come before the unit: the character before it is a ZWJ (LB8a).
        var glued: [Bool] = []
        /// Units of the last accepted text.
        var units = 0
        /// Whether the last accepted text held complex-context (SA) characters: its breaks
        /// inside their runs are the dictionary's, not these rules' (see `breaks`).
        var sawDictionary = false
    }

    /// What the break before a chunk depends on, from the last text `breaks` accepted: its first
    /// unit's class, whether its second unit is a number, and its last class before trailing
    /// spaces (`.sp` if it is all spaces).
    static func chunkEdges(_ scratch: Scratch) -> (first: Class, secondIsNumber: Bool, lastNonSpace: Class) {
        let n = scratch.units
        guard n > 0 else { return (.sp, false, .sp) }
        var last = n - 1
        while last > 0 && scratch.classes[last] == .sp { last -= 1 }
        return (scratch.classes[0], n > 1 && scratch.classes[1] == .nu, scratch.classes[last])
    }

    /// The class of a scalar: the BMP table (passed in, read once per call), else ICU.
    @inline(__always) private static func classOf(_ scalar: UInt32, _ table: BMPPropertyTable) -> Class {
        scalar < 0x10000 ? Class(raw: table[scalar]) : lookUp(scalar)
    }

    /// Whether every character of `bytes[range]` can be broken chunk by chunk: handled here,
    /// or complex-context (SA), whose breaks a chunk takes from ICU (`TextAnalyzer.chunkBreaks`).
    /// Unless `rightToLeft`, a character that may make the text right to left answers
    /// `.needsLevels` (the scan stops there). A quick scan, so a caller can tell before doing any
    /// work that breaking the text chunk by chunk will not have to be abandoned halfway.
    static func handlesChunks(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, rightToLeft: Bool) -> ChunkEdges.Support {
        let table = bmpClasses
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            let b = bytes[i]
            if b < 0x80 {
                if Class(raw: table.ascii(b)) == .other { return .unhandled }
                i += 1
                continue
            }
            let (scalar, length) = UTF8Decoding.decode(bytes, at: i, end: end)
            let c = classOf(scalar, table)
            if c == .other { return .unhandled }
            if !rightToLeft && scalar >= 0x0590 && UTF8Decoding.mayBeRightToLeft(scalar) { return .needsLevels }
            i += length
        }
        return .handled
    }

    /// The class of the character at `i` (marks count as letters, LB10) and the class of the
    /// next unit after the marks that follow it, read without a scratch pass; nil if either is
    /// not handled here.
    static func firstUnits(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> (first: Class, second: Class?)? {
        let table = bmpClasses
        func classAt(_ i: Int) -> (Class, Int) {
            let (scalar, length) = UTF8Decoding.decode(bytes, at: i, end: end)
            var c = classOf(scalar, table)
            switch c {
            case .sa: c = resolveComplexContext(scalar)
            case .eb, .em: c = .id
            case .zwj: c = .cm
            default: break
            }
            return (c, length)
        }
        var (first, length) = classAt(i)
        if first == .other { return nil }
        if first == .cm { first = .al }
        var j = i + length
        while j < end {
            let (c, l) = classAt(j)
            if c == .other { return nil }
            if c != .cm { return (first, c) }
            j += l
        }
        return (first, nil)
    }

    /// Whether a line may break before a chunk that follows spaces, the last class before those
    /// spaces being `beforeSpaces` (`.sp` at the start of the paragraph): the rules with a space
    /// on the left (LB7 to LB18), from a table. Raw class values.
    @inlinable @inline(__always)
    static func breakAfterSpaces(beforeSpaces: UInt8, first: UInt8, secondIsNumber: Bool) -> Bool {
        breakAfterSpaces(afterSpacesTable, beforeSpaces: beforeSpaces, first: first, secondIsNumber: secondIsNumber)
    }

    /// `breakAfterSpaces` with `afterSpacesTable` given (see `ChunkEdges.BreakRule`).
    @inlinable @inline(__always)
    static func breakAfterSpaces(_ table: UnsafePointer<UInt8>, beforeSpaces: UInt8, first: UInt8, secondIsNumber: Bool) -> Bool {
        table[Int(secondIsNumber ? 1024 : 0) | Int(beforeSpaces) &<< 5 | Int(first)] != 0
    }

    /// `allowedByRules(.sp, first, …)` for every (second unit is a number, class before the
    /// spaces, first class): 1 break, 0 no break.
    @usableFromInline static let afterSpacesTable: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 2048)
        table.initialize(repeating: 0, count: 2048)
        let all = (0...Class.other.rawValue).compactMap(Class.init(rawValue:))
        for number in [false, true] {
            for before in all {
                for first in all {
                    let allowed = allowedByRules(.sp, first, beforeA: .sp, beforeSpaces: before, wordInitialHyphen: false, inNumber: false,
                                                 numberBeforeA: false, numberAfterB: number, separatedNumberAfterB: false)
                    table[(number ? 1024 : 0) | Int(before.rawValue) << 5 | Int(first.rawValue)] = allowed ? 1 : 0
                }
            }
        }
        return UnsafePointer(table)
    }()

    /// The outcome for one paragraph.
    enum Outcome: Equatable {
        /// A character outside the handled classes: nothing was appended.
        case rejected
        /// Break opportunities appended; `mayBeRightToLeft` when a character could make the
        /// text right to left (Hebrew, Arabic…), so bidi must still run.
        case accepted(mayBeRightToLeft: Bool)
    }

    /// Class (raw value) per BMP scalar, from ICU's Line_Break and East_Asian_Width properties,
    /// each asked when first read (`BMPPropertyTable`); shared by all threads, never freed.
    private static let bmpClasses = BMPPropertyTable { Int32(FastLineBreaks.lookUp($0).rawValue) }

    /// ULineBreak → Class (ICU's enum order: XX AI AL B2 BA BB BK CB CL CM CR EX GL HY ID IN IS LF
    /// NS NU OP PO PR QU SA SG SP SY ZW NL WJ H2 H3 JL JT JV CP CJ HL RI EB EM ZWJ).
    private static let fromICU: [Class] = [
        .other, .al, .al, .b2, .ba, .bb, .other, .other, .cl, .cm, .other, .ex, .gl, .hy, .id, .inC, .isC, .other,
        .ns, .nu, .op, .po, .pr, .qu, .sa, .other, .sp, .sy, .other, .other, .wj, .h2, .h3, .jl, .jt, .jv,
        .cp, .ns, .hl, .other, .eb, .em, .zwj,
    ]

    private static func lookUp(_ s: UInt32) -> Class {
        // Controls (ICU gives most of them CM) and U+2010 HYPHEN (a BA that LB20a treats as HY) go to ICU.
        if (s < 0x20 && s != 0x09) || (s >= 0x7F && s < 0xA0) || s == 0x2010 { return .other }
        let icu = Int(yardstick_icu_line_break_class(s))
        guard icu >= 0 && icu < fromICU.count else { return .other }
        let c = fromICU[icu]
        if c == .op || c == .cp {
            let width = yardstick_icu_east_asian_width(s) // 2 Halfwidth, 3 Fullwidth, 5 Wide
            if width == 2 || width == 3 || width == 5 { return c == .op ? .opWide : .cpWide }
        }
        return c
    }


    /// LB1 for a complex-context (SA) character: a mark (Mn, Mc) combines (CM), anything else is a letter (AL).
    private static func resolveComplexContext(_ scalar: UInt32) -> Class {
        let category = UnicodeTables.generalCategory(scalar)
        return category == 6 || category == 8 ? .cm : .al // U_NON_SPACING_MARK, U_COMBINING_SPACING_MARK
    }

    @inline(__always) private static func isLetter(_ c: Class) -> Bool { c == .al || c == .hl }
    @inline(__always) private static func isOpen(_ c: Class) -> Bool { c == .op || c == .opWide }

    /// Whether a line may break between units of classes `a` and `b`, given what came before.
    /// - Parameters:
    ///   - beforeA: the class before `a` (a space at the start of the text).
    ///   - beforeSpaces: the last class that is not a space, up to and including `a`.
    ///   - wordInitialHyphen: `a` is a hyphen at the start or after spaces not preceded by OP.
    ///   - inNumber: the text up to `a` ends with NU (NU | SY | IS)*.
    ///   - numberBeforeA: the text up to the unit before `a` ends with NU (NU | SY | IS)*.
    ///   - numberAfterB: the unit after `b` is NU.
    ///   - separatedNumberAfterB: the units after `b` are IS NU.
    private static func allowedByRules(_ a: Class, _ b: Class, beforeA: Class, beforeSpaces: Class, wordInitialHyphen: Bool,
                                       inNumber: Bool, numberBeforeA: Bool, numberAfterB: Bool, separatedNumberAfterB: Bool) -> Bool {
        if b == .sp { return false } // LB7
        if a == .wj || b == .wj { return false } // LB11
        if a == .gl { return false } // LB12
        if b == .gl && a != .sp && a != .ba && a != .hy { return false } // LB12a
        if a == .sp && b == .isC && numberAfterB { return !isOpen(beforeSpaces) } // LB15c (LB14 still wins)
        if b == .cl || b == .cp || b == .cpWide || b == .ex || b == .isC || b == .sy { return false } // LB13
        if isOpen(beforeSpaces) { return false } // LB14
        if isOpen(b) && beforeSpaces == .qu { return false } // LB15
        if b == .ns && (beforeSpaces == .cl || beforeSpaces == .cp || beforeSpaces == .cpWide) { return false } // LB16
        if b == .b2 && beforeSpaces == .b2 { return false } // LB17
        if a == .sp { return true } // LB18
        if a == .qu || b == .qu { return false } // LB19
        if a == .hy && b == .al && wordInitialHyphen { return false } // LB20a (ICU 72: AL only, not HL)
        if b == .ba || b == .hy || b == .ns || a == .bb { return false } // LB21
        if (a == .hy || a == .ba) && beforeA == .hl { return false } // LB21a
        if a == .sy && b == .hl { return false } // LB21b
        if b == .inC { return false } // LB22
        if (isLetter(a) && b == .nu) || (a == .nu && isLetter(b)) { return false } // LB23
        if (a == .pr && b == .id) || (a == .id && b == .po) { return false } // LB23a
        if ((a == .pr || a == .po) && isLetter(b)) || (isLetter(a) && (b == .pr || b == .po)) { return false } // LB24
        // LB25 as ICU: (PR | PO)? (OP | HY)? IS? NU (NU | SY | IS)* (CL | CP)? (PR | PO)?
        if (a == .pr || a == .po) && (b == .nu || ((isOpen(b) || b == .hy) && (numberAfterB || separatedNumberAfterB))) { return false }
        if (b == .pr || b == .po)
            && (a == .nu || ((a == .sy || a == .isC) && inNumber) || ((a == .cl || a == .cp || a == .cpWide) && numberBeforeA)) { return false }
        if b == .nu && (a == .hy || a == .isC || a == .nu || (a == .sy && inNumber)) { return false }
        if a == .pr && (b == .jl || b == .jv || b == .jt || b == .h2 || b == .h3) { return false } // LB27
        if (a == .jl || a == .jv || a == .jt || a == .h2 || a == .h3) && b == .po { return false }
        if a == .jl && (b == .jl || b == .jv || b == .h2 || b == .h3) { return false } // LB26
        if (a == .jv || a == .h2) && (b == .jv || b == .jt) { return false }
        if (a == .jt || a == .h3) && b == .jt { return false }
        if isLetter(a) && isLetter(b) { return false } // LB28
        if a == .isC && isLetter(b) { return false } // LB29
        if (isLetter(a) || a == .nu) && b == .op { return false } // LB30
        if a == .cp && (isLetter(b) || b == .nu) { return false }
        return true // LB31
    }

    /// `allowedByRules` precomputed for every pair whose answer depends only on the pair: 0 break,
    /// 1 no break, 2 ask the rules (the left class is a space, hyphen, BA, SY or a numeric
    /// prefix or postfix, whose rules look further back or ahead; or a closing mark or IS
    /// before a prefix or postfix, glued only when it ends a number). Indexed by `a << 5 | b`.
    private static let pairTable: UnsafePointer<UInt8> = {
        precondition(Class.other.rawValue < 32, "the rules' classes must fit five bits")
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 32 * 32)
        table.initialize(repeating: 2, count: 32 * 32)
        let all = (0...Class.other.rawValue).compactMap(Class.init(rawValue:))
        for a in all where ![.sp, .hy, .ba, .sy, .cm, .pr, .po, .other].contains(a) {
            for b in all {
                // (Whether a number comes before decides these: ask the rules.)
                if [.isC, .cl, .cp, .cpWide].contains(a) && (b == .pr || b == .po) { continue }
                let allowed = allowedByRules(a, b, beforeA: .al, beforeSpaces: a, wordInitialHyphen: false, inNumber: a == .nu,
                                             numberBeforeA: false, numberAfterB: false, separatedNumberAfterB: false)
                table[Int(a.rawValue) << 5 | Int(b.rawValue)] = allowed ? 0 : 1
            }
        }
        return UnsafePointer(table)
    }()

    /// Appends the break opportunities of `bytes[range]` (absolute offsets after its start, the
    /// last being its end), or appends nothing and returns `.rejected` when the text holds a
    /// character these rules do not handle. `bytes[range]` must be valid UTF-8.
    /// - Parameters:
    ///   - afterOpenSpaces: the text follows OP SP+ (a chunk of a paragraph, see `chunk`): a
    ///     hyphen at its start is then not word-initial (LB20a as ICU applies it).
    ///   - dictionary: accept complex-context (SA) characters. When the text holds some
    ///     (`scratch.sawDictionary`), only its units are formed (for `chunkEdges`): nothing is
    ///     appended, and the caller takes the breaks from ICU's dictionaries.
    static func breaks(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into out: inout [Int32],
                       scratch: inout Scratch, afterOpenSpaces: Bool = false, dictionary: Bool = false) -> Outcome {
        scratch.units = 0
        scratch.sawDictionary = false
        var sawDictionary = false
        guard !range.isEmpty else { return .accepted(mayBeRightToLeft: false) }
        let capacity = range.count + 1
        if scratch.classes.count < capacity { scratch.classes = [Class](repeating: .other, count: capacity) }
        if scratch.glued.count < capacity { scratch.glued = [Bool](repeating: false, count: capacity) }
        if scratch.starts.count < capacity { scratch.starts = [Int32](repeating: 0, count: capacity) }
        // Pass 1: units (LB9/LB10 applied), or bail out.
        var rightToLeft = false
        let units: Int = scratch.classes.withUnsafeMutableBufferPointer { classes in
            scratch.starts.withUnsafeMutableBufferPointer { starts in scratch.glued.withUnsafeMutableBufferPointer { glued in
                var n = 0
                var i = range.lowerBound
                let end = range.upperBound
                let table = bmpClasses
                var glueNext = false // the last character was a ZWJ: no break before the next (LB8a)
                var emojiBase = false // the last unit is an emoji base, which an emoji modifier joins (LB30b)
                while i < end {
                    let b = bytes[i]
                    var c: Class
                    let length: Int
                    var joiner = false
                    var isEmojiBase = false
                    if b < 0x80 {
                        c = Class(raw: table.ascii(b))
                        if (c == .al || c == .nu) && n > 0 && classes[n - 1] == c {
                            // Letters after letters, digits after digits: never a break (LB28,
                            // LB25), and the rules see the run as one unit.
                            i += 1
                            while i < end && bytes[i] < 0x80 && Class(raw: table.ascii(bytes[i])) == c { i += 1 }
                            glueNext = false
                            continue
                        }
                        length = 1
                    } else {
                        let (scalar, l) = UTF8Decoding.decode(bytes, at: i, end: end)
                        c = classOf(scalar, table)
                        if c.rawValue > Class.other.rawValue {
                            switch c {
                            case .sa:
                                guard dictionary else { return -1 }
                                sawDictionary = true
                                c = resolveComplexContext(scalar)
                            case .em:
                                if n > 0 && emojiBase { i += l; emojiBase = false; glueNext = false; continue } // LB30b
                                c = .id
                            case .eb: c = .id; isEmojiBase = true
                            default: c = .cm; joiner = true // ZWJ
                            }
                        } else if c == .id && scalar >= 0x1F000 && scalar <= 0x1FFFD && UnicodeTables.generalCategory(scalar) == 0 {
                            isEmojiBase = true // LB30b: an unassigned pictograph (ID there) also takes a modifier
                        }
                        if scalar >= 0x0590 && UTF8Decoding.mayBeRightToLeft(scalar) { rightToLeft = true }
                        length = l
                    }
                    if c == .other { return -1 }
                    if c == .cm {
                        // LB9: a mark continues the unit before it unless that is a space (or
                        // there is none); LB10: otherwise it is a letter.
                        if n > 0 && classes[n - 1] != .sp { i += length; glueNext = joiner; continue }
                        c = .al
                    }
                    if (c == .al || c == .hl || c == .nu) && n > 0 && classes[n - 1] == c { i += length; glueNext = joiner; continue } // as above
                    classes[n] = c
                    starts[n] = Int32(i)
                    glued[n] = glueNext
                    glueNext = joiner
                    emojiBase = isEmojiBase
                    n += 1
                    i += length
                }
                return n
            } }
        }
        guard units >= 0 else { return .rejected }
        scratch.units = units
        scratch.sawDictionary = sawDictionary
        if sawDictionary { return .accepted(mayBeRightToLeft: rightToLeft) } // (breaks from the dictionary: see above)

        // Pass 2: one decision per boundary between units: a table lookup, or the rules when
        // the pair's answer depends on what came before.
        let pairs = pairTable
        scratch.classes.withUnsafeBufferPointer { classes in
            scratch.starts.withUnsafeBufferPointer { starts in scratch.glued.withUnsafeBufferPointer { glued in
                var a = classes[0] // the class before the boundary
                var beforeA = Class.sp // the class before `a` (start of text counts as a space)
                var beforeSpaces = a // the last class that is not a space, up to `a`
                var wordInitialHyphen = a == .hy && !afterOpenSpaces // `a` is a hyphen at the start or after a space (not reached through OP SP*)
                var inNumber = false // the text up to `a` ends with NU (NU | SY | IS)*
                var spacesAfterOP = false
                for k in 1..<units {
                    let b = classes[k]
                    if a != .sp { beforeSpaces = a }
                    let numberBeforeA = inNumber
                    inNumber = a == .nu || (inNumber && (a == .sy || a == .isC))
                    let action = pairs[Int(a.rawValue) &<< 5 | Int(b.rawValue)]
                    let allowed = action == 2
                        ? allowedByRules(a, b, beforeA: beforeA, beforeSpaces: beforeSpaces, wordInitialHyphen: wordInitialHyphen,
                                         inNumber: inNumber, numberBeforeA: numberBeforeA, numberAfterB: k + 1 < units && classes[k + 1] == .nu,
                                         separatedNumberAfterB: k + 2 < units && classes[k + 1] == .isC && classes[k + 2] == .nu)
                        : action == 0
                    if allowed && !glued[k] { out.append(starts[k]) }
                    // (ICU: a hyphen reached through OP SP* is not word-initial.)
                    spacesAfterOP = isOpen(a) || (a == .sp && spacesAfterOP)
                    if b == .hy { wordInitialHyphen = a == .sp ? !spacesAfterOP : false }
                    beforeA = a
                    a = b
                }
            } }
        }
        out.append(Int32(range.upperBound))
        return .accepted(mayBeRightToLeft: rightToLeft)
    }
}
