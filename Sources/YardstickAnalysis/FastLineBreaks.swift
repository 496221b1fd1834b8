import CICU

/// UAX #14 without ICU for the common case of plain prose: ASCII letters, digits, spaces and
/// tabs, the punctuation `, . : ; ! ? - ' " ( ) [ ] { } / | # & * @ _ < = > ^ \` ~`, the en dash,
/// and the alphabetic letters (line-break class AL) of Latin-1, Latin Extended-A/B, Greek and
/// Cyrillic. Gives exactly ICU 72's answer for every such text (checked by a randomized
/// comparison test); anything else (`$ + \\ %`, marks, controls, other scripts) goes to ICU.
///
/// Rules (UAX #14 15.0 with the 15.1 rules ICU 72 follows): LB7 × SP; LB13 × CL CP EX IS SY;
/// LB14 OP SP* ×; LB15 QU SP* × OP; LB15c SP ÷ IS NU; LB18 SP ÷; LB19 × QU, QU ×; LB20a no
/// break after a word-initial hyphen before a letter; LB21 × BA, × HY; LB23/LB28 letters and
/// digits stay together; LB25 HY × NU, IS × NU, and SY × NU inside a number (NU (NU|SY|IS)*); LB29 IS × AL; LB30 (AL|NU) × OP,
/// CP × (AL|NU); LB31 break elsewhere. O(n), no allocation.
enum FastLineBreaks {
    private enum Class: UInt8 { case al, nu, sp, isClass, ex, hy, qu, op, cp, cl, sy, ba, other }

    private static let classes: [Class] = (0..<128).map { b -> Class in
        switch UInt8(b) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): return .al
        case UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "@"), UInt8(ascii: "_"), UInt8(ascii: "<"),
             UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "~"): return .al
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return .nu
        case 0x20: return .sp
        case 0x09, UInt8(ascii: "|"): return .ba
        case UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: ";"): return .isClass
        case UInt8(ascii: "!"), UInt8(ascii: "?"): return .ex
        case UInt8(ascii: "-"): return .hy
        case UInt8(ascii: "'"), UInt8(ascii: "\""): return .qu
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): return .op
        case UInt8(ascii: ")"), UInt8(ascii: "]"): return .cp
        case UInt8(ascii: "}"): return .cl
        case UInt8(ascii: "/"): return .sy
        default: return .other
        }
    }

    /// The class of the scalar at `i` and its length; `.other` for anything the rules here do not cover.
    @inline(__always)
    private static func classify(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int, _ table: UnsafeBufferPointer<Class>) -> (Class, Int) {
        let b = bytes[i]
        if b < 0x80 { return (table[Int(b)], 1) }
        let (scalar, length) = UTF8Decoding.decode(bytes, at: i, end: end)
        if scalar == 0x2013 { return (.ba, length) } // EN DASH
        if (scalar >= 0xC0 && scalar <= 0x24F) || (scalar >= 0x370 && scalar <= 0x4FF), ys_line_break_class(scalar) == 2 /* AL */ {
            return (.al, length)
        }
        return (.other, length)
    }

    /// Appends the break opportunities of `bytes[range]` (absolute offsets after its start, the
    /// last being its end) and returns true; returns false, appending nothing, when the text
    /// holds a character these rules do not cover.
    static func breaks(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into out: inout [Int32]) -> Bool {
        guard !range.isEmpty else { return true }
        return classes.withUnsafeBufferPointer { table -> Bool in
            let end = range.upperBound
            var i = range.lowerBound
            while i < end {
                if bytes[i] < 0x80 {
                    if table[Int(bytes[i])] == .other { return false }
                    i += 1
                } else {
                    let (c, length) = classify(bytes, i, end, table)
                    if c == .other { return false }
                    i += length
                }
            }
            var (a, aLength) = classify(bytes, range.lowerBound, end, table) // the class before the position
            var beforeA = Class.sp // the class before `a` (start of text counts as a space)
            var beforeSpaces = a // the last class that is not a space
            var wordInitialHyphen = false // `a` is a hyphen at the start or after a space (not reached through OP SP*)
            var inNumber = false // the text up to `a` ends with NU (NU | SY | IS)*
            var spacesAfterOP = false
            i = range.lowerBound + aLength
            if a == .hy { wordInitialHyphen = true }
            while i < end {
                let (b, bLength) = classify(bytes, i, end, table)
                if a != .sp { beforeSpaces = a }
                inNumber = a == .nu || (inNumber && (a == .sy || a == .isClass))
                let allowed: Bool
                switch (a, b) {
                case (_, .sp): allowed = false // LB7
                case (.sp, .isClass) where i + bLength < end && classify(bytes, i + bLength, end, table).0 == .nu:
                    allowed = beforeSpaces != .op // LB15c (LB14 still wins)
                case (_, .isClass), (_, .ex), (_, .cl), (_, .cp), (_, .sy): allowed = false // LB13
                case _ where beforeSpaces == .op: allowed = false // LB14: OP SP* ×
                case (_, .op) where beforeSpaces == .qu: allowed = false // LB15: QU SP* × OP
                case (.sp, _): allowed = true // LB18
                case (_, .qu), (.qu, _): allowed = false // LB19
                case (.hy, .al): allowed = !wordInitialHyphen // LB20a (15.1)
                case (_, .ba), (_, .hy): allowed = false // LB21
                case (.hy, .nu), (.isClass, .nu): allowed = false // LB25
                case (.sy, .nu): allowed = !inNumber // LB25 as ICU's regex: only inside a number
                case (.isClass, .al): allowed = false // LB29
                case (.al, .al), (.al, .nu), (.nu, .al), (.nu, .nu): allowed = false // LB28, LB23, LB25
                case (.al, .op), (.nu, .op), (.cp, .al), (.cp, .nu): allowed = false // LB30
                default: allowed = true // LB31
                }
                if allowed { out.append(Int32(i)) }
                // (ICU: a hyphen reached through OP SP* is not word-initial.)
                spacesAfterOP = a == .op || (a == .sp && spacesAfterOP)
                if b == .hy { wordInitialHyphen = a == .sp ? !spacesAfterOP : false }
                beforeA = a
                a = b
                i += bLength
            }
            _ = beforeA
            out.append(Int32(end))
            return true
        }
    }
}
