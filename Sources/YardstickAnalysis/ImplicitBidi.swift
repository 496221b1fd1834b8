import CICU

/// UAX #9 for a paragraph without explicit embeddings, overrides, isolates or boundary
/// neutrals: with none, X1–X10 leave one isolating run sequence at the paragraph level, and
/// what remains is P2–P3, W1–W7, N0–N2, I1–I2 and L1 over the paragraph's characters. It gives
/// ICU's levels (checked on random text in `BidiLevelsTests`) without ICU's UTF-16 and
/// per-call set-up, which cost more than the resolution itself on a cell-sized paragraph. ICU's
/// one shortcut that changes levels is followed too (see `resolve`).
///
/// One per analyzer; the scratch buffers grow to the longest paragraph and are reused.
/// O(n) for n characters, plus the scans inside and before bracket pairs (N0), bounded: past
/// a few times n steps the resolver gives up and the caller asks ICU.
final class ImplicitBidi {
    // UCharDirection values.
    static let L: UInt8 = 0, R: UInt8 = 1, EN: UInt8 = 2, ES: UInt8 = 3, ET: UInt8 = 4, AN: UInt8 = 5, CS: UInt8 = 6
    static let S: UInt8 = 8, WS: UInt8 = 9, ON: UInt8 = 10, AL: UInt8 = 13, NSM: UInt8 = 17
    private static let none: UInt8 = 0xFF

    /// Per character: its scalar, original class, working type and, after `resolve`, level.
    @exclusivity(unchecked) private var scalars: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) private var classes: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var types: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var levels: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity = 0
    /// Characters appended since `start`.
    @exclusivity(unchecked) private(set) var count = 0
    /// What `append` learnt on the way (W1–W3 are applied there).
    @exclusivity(unchecked) private var firstStrong: UInt8 = ImplicitBidi.none
    @exclusivity(unchecked) private var lastStrong: UInt8 = ImplicitBidi.none
    @exclusivity(unchecked) private var sawRightToLeft = false
    @exclusivity(unchecked) private var sawArabicNumber = false
    @exclusivity(unchecked) private var sawNumber = false
    @exclusivity(unchecked) private var sawNeutral = false
    @exclusivity(unchecked) private var sawBracket = false
    private let classTable = UnicodeTables.bidiClass
    /// Open brackets waiting for their closing bracket (BD16): the closing bracket's scalar and
    /// the opening one's index.
    @exclusivity(unchecked) private var openers: [(closing: UInt32, index: Int32)] = []
    @exclusivity(unchecked) private var pairs: [(open: Int32, close: Int32)] = []

    init() {
        scalars = .allocate(capacity: 0)
        classes = .allocate(capacity: 0)
        types = .allocate(capacity: 0)
        levels = .allocate(capacity: 0)
    }

    deinit {
        scalars.deallocate()
        classes.deallocate()
        types.deallocate()
        levels.deallocate()
    }

    /// Starts a paragraph of at most `maxCount` characters.
    @inline(__always) func start(maxCount: Int) {
        if capacity < maxCount { grow(maxCount) }
        count = 0
        firstStrong = Self.none
        lastStrong = Self.none
        sawRightToLeft = false
        sawArabicNumber = false
        sawNumber = false
        sawNeutral = false
        sawBracket = false
    }

    private func grow(_ needed: Int) {
        let capacity = max(needed, 2 * self.capacity, 64)
        scalars.deallocate(); classes.deallocate(); types.deallocate(); levels.deallocate()
        scalars = .allocate(capacity: capacity)
        classes = .allocate(capacity: capacity)
        types = .allocate(capacity: capacity)
        levels = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    /// Appends the paragraph's next character (within `start`'s bound); false when it needs the
    /// full algorithm: a paragraph separator, boundary neutral (X9), explicit embedding, override
    /// or isolate. Applies W1 (but to marks opening the paragraph, which wait for its level),
    /// W2 and W3 on the way: each looks only backwards.
    @inline(__always) func append(_ scalar: UInt32) -> Bool {
        let L = Self.L, R = Self.R, EN = Self.EN, AN = Self.AN, AL = Self.AL
        let c = UInt8(truncatingIfNeeded: scalar < 0x10000 ? classTable[scalar] : yardstick_icu_bidi_class(scalar))
        // B 7, LRE 11, LRO 12, RLE 14, RLO 15, PDF 16, BN 18, FSI 19, LRI 20, RLI 21, PDI 22.
        if c == 7 || (c >= 11 && c != AL && c != Self.NSM) { return false }
        let k = count
        // (ICU gives the lead surrogate of a character past U+FFFF the class BN, which counts
        // as a possible neutral for its left-to-right shortcut; see `resolve`.)
        if scalar >= 0x10000 { sawNeutral = true }
        scalars[k] = scalar
        classes[k] = c
        var t = c
        if c == L || c == R || c == AL {
            if firstStrong == Self.none { firstStrong = c }
            lastStrong = c
            if c != L { sawRightToLeft = true; t = R } // W3
        } else if c == EN {
            sawNumber = true
            if lastStrong == AL { t = AN } // W2
        } else if c == AN {
            sawNumber = true
            sawArabicNumber = true
        } else if c == Self.NSM {
            if k > 0 { t = types[k - 1] } // W1 (after W2, W3 there: the same result)
        } else {
            sawNeutral = true // ES, ET, CS, S, WS, ON
            // ( ) [ ] { }, or a character past ASCII that may be a paired bracket (from U+0F3A).
            if c == Self.ON && (scalar < 0x80 ? scalar == 0x28 || scalar == 0x29 || scalar | 0x20 == 0x7B || scalar | 0x20 == 0x7D
                                    : scalar >= 0x0F3A) {
                sawBracket = true // (maybe: the non-ASCII ones are asked of ICU in N0)
            }
        }
        types[k] = t
        count = k + 1
        return true
    }

    /// The direction a type counts as for N0 and N1 (numbers count as R), or `none`.
    @inline(__always) private static func strongDirection(_ t: UInt8) -> UInt8 {
        t == L ? L : (t == R || t == EN || t == AN) ? R : none
    }

    /// Resolves the appended characters' levels into `levels`; returns the paragraph level
    /// (the first strong character's direction, left to right if none), or nil when ICU must
    /// decide (see `resolveBracketPairs`).
    func resolve() -> UInt8? {
        let n = count
        let L = Self.L, R = Self.R, EN = Self.EN, ES = Self.ES, ET = Self.ET, AN = Self.AN, CS = Self.CS
        let S = Self.S, WS = Self.WS, ON = Self.ON, NSM = Self.NSM
        let c = classes, t = types, out = levels
        // P2, P3.
        let e: UInt8 = firstStrong == R || firstStrong == Self.AL ? 1 : 0
        if e == 0 && !sawRightToLeft && !(sawArabicNumber && sawNeutral) {
            // ICU takes a paragraph without R or AL as all left to right, unless it holds Arabic
            // digits (AN) and neutrals that could take their direction, or characters past
            // U+FFFF (UAX #9 would put lone Arabic digits at level 2: the two agree on the order
            // shown, not on the levels).
            out.update(repeating: 0, count: n)
            return 0
        }
        let eDirection = e == 0 ? L : R
        let sos = eDirection // (and eos: one run sequence, at the paragraph level)
        // W1 for marks opening the paragraph.
        var k = 0
        while k < n && c[k] == NSM { t[k] = sos; k += 1 }
        if sawNumber {
            // W4: one separator between two numbers of the same type.
            if n >= 3 {
                for k in 1..<(n - 1) {
                    let x = t[k]
                    guard x == ES || x == CS else { continue }
                    let before = t[k - 1], after = t[k + 1]
                    if before == EN && after == EN { t[k] = EN } else if x == CS && before == AN && after == AN { t[k] = AN }
                }
            }
            // W5: terminators next to European numbers.
            var k = 0
            while k < n {
                guard t[k] == ET else { k += 1; continue }
                var end = k
                while end < n && t[end] == ET { end += 1 }
                if (k > 0 && t[k - 1] == EN) || (end < n && t[end] == EN) {
                    for j in k..<end { t[j] = EN }
                }
                k = end
            }
        }
        // W6: the other separators and terminators are neutral. W7: European numbers after L are L.
        var last = sos
        for k in 0..<n {
            let x = t[k]
            if x == ES || x == ET || x == CS { t[k] = ON } else if x == L || x == R { last = x } else if x == EN && last == L { t[k] = L }
        }
        // N0: bracket pairs.
        if sawBracket { guard resolveBracketPairs(n, eDirection: eDirection, sos: sos) else { return nil } }
        // N1, N2 (neutrals between two of one direction take it, the others the paragraph's),
        // with I1, I2 (levels from types) and L1 (segment separators, and whitespace before them
        // or at the paragraph's end, at the paragraph level).
        let levelOfL: UInt8 = e == 0 ? 0 : 2, levelOfR: UInt8 = e == 0 ? 1 : 1, levelOfNumber: UInt8 = 2
        var before = sos
        var whitespaceStart = -1 // (the run of whitespace, by original class, ending here)
        k = 0
        while k < n {
            let x = t[k]
            if x == WS || x == ON || x == S {
                var end = k + 1
                while end < n && (t[end] == WS || t[end] == ON || t[end] == S) { end += 1 }
                let after = end < n ? Self.strongDirection(t[end]) : sos
                let level = before == after ? (before == L ? levelOfL : levelOfR) : e
                for j in k..<end {
                    let original = c[j]
                    if original == WS {
                        if whitespaceStart < 0 { whitespaceStart = j }
                        out[j] = level
                    } else if original == S {
                        out[j] = e
                        if whitespaceStart >= 0 { for w in whitespaceStart..<j { out[w] = e } }
                        whitespaceStart = -1
                    } else {
                        out[j] = level
                        whitespaceStart = -1
                    }
                }
                k = end
                continue
            }
            before = Self.strongDirection(x)
            out[k] = x == L ? levelOfL : x == R ? levelOfR : levelOfNumber
            whitespaceStart = c[k] == WS ? (whitespaceStart < 0 ? k : whitespaceStart) : -1
            k += 1
        }
        if whitespaceStart >= 0 { for w in whitespaceStart..<n { out[w] = e } }
        return e
    }

    /// N0 over the brackets (BD14–BD16) whose type is still ON; false when the work passes the
    /// bound, the opening brackets nest deeper than BD16's stack of 63, or the text holds an
    /// angle bracket with a canonical equivalent (U+2329, U+232A, U+3008, U+3009): ICU keeps an
    /// opening one open for both of its closing forms, where BD16 pairs it once, so ICU decides.
    private func resolveBracketPairs(_ n: Int, eDirection: UInt8, sos: UInt8) -> Bool {
        let t = types, s = scalars
        openers.removeAll(keepingCapacity: true)
        pairs.removeAll(keepingCapacity: true)
        for k in 0..<n where t[k] == Self.ON {
            let scalar = s[k]
            let type: Int32
            if scalar < 0x0F3A {
                // (The first paired bracket past ASCII is U+0F3A.)
                type = scalar == 0x28 || scalar == 0x5B || scalar == 0x7B ? 1 : scalar == 0x29 || scalar == 0x5D || scalar == 0x7D ? 2 : 0
            } else {
                type = yardstick_icu_bidi_paired_bracket_type(scalar)
            }
            if scalar == 0x2329 || scalar == 0x232A || scalar == 0x3008 || scalar == 0x3009 { return false }
            if type == 1 {
                guard openers.count < 63 else { return false }
                let closing = scalar < 0x80 ? (scalar == 0x28 ? scalar + 1 : scalar + 2) : yardstick_icu_bidi_paired_bracket(scalar)
                openers.append((closing, Int32(k)))
            } else if type == 2 {
                let closing = scalar
                var j = openers.count - 1
                while j >= 0 && openers[j].closing != closing { j -= 1 }
                if j >= 0 {
                    pairs.append((openers[j].index, Int32(k)))
                    openers.removeLast(openers.count - j)
                }
            }
        }
        guard !pairs.isEmpty else { return true }
        if pairs.count > 1 { pairs.sort { $0.open < $1.open } }
        let opposite = eDirection == Self.L ? Self.R : Self.L
        var budget = 4 * n + 256
        for (open, close) in pairs {
            let open = Int(open), close = Int(close)
            var foundEmbedding = false, foundOpposite = false
            var j = open + 1
            while j < close {
                let d = Self.strongDirection(t[j])
                if d == eDirection { foundEmbedding = true; break }
                if d == opposite { foundOpposite = true }
                j += 1
            }
            budget -= j - open
            var resolved = Self.none
            if foundEmbedding {
                resolved = eDirection
            } else if foundOpposite {
                var context = sos
                var j = open - 1
                while j >= 0 {
                    let d = Self.strongDirection(t[j])
                    if d != Self.none { context = d; break }
                    j -= 1
                }
                budget -= open - j
                resolved = context == opposite ? opposite : eDirection
            }
            guard budget >= 0 else { return false }
            guard resolved != Self.none else { continue }
            // (UAX #9 also gives the marks after a bracket that changed its new type; ICU 72
            // leaves them neutral, and ICU's levels are the reference here.)
            t[open] = resolved
            t[close] = resolved
        }
        return true
    }
}
