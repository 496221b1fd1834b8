/// UAX #14 for the common case of plain ASCII prose without ICU: letters, digits, spaces and
/// tabs, and the punctuation `, . : ; ! ? - ' " ( ) [ ] { } / | # & * @ _ < = > ^ \` ~`. Gives
/// exactly ICU 72's answer for every such text (checked by a randomized comparison test);
/// `$ + \\ %` (number prefixes and suffixes), controls and non-ASCII send the paragraph to ICU.
///
/// Rules (UAX #14 15.0 with the 15.1 rules ICU 72 follows): LB7 × SP; LB13 × CL CP EX IS SY;
/// LB14 OP SP* ×; LB15 QU SP* × OP; LB15c SP ÷ IS NU; LB18 SP ÷; LB19 × QU, QU ×; LB20a no
/// break after a word-initial hyphen before a letter; LB21 × BA, × HY; LB23/LB28 letters and
/// digits stay together; LB25 HY × NU, IS × NU, and SY × NU inside a number (NU (NU|SY|IS)*); LB29 IS × AL; LB30 (AL|NU) × OP,
/// CP × (AL|NU); LB31 break elsewhere. O(n), no allocation.
enum ASCIILineBreaks {
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

    /// Appends the break opportunities of `bytes[range]` (absolute offsets after its start, the
    /// last being its end) and returns true; returns false, appending nothing, when the text
    /// holds a character these rules do not cover.
    static func breaks(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into out: inout [Int32]) -> Bool {
        guard !range.isEmpty else { return true }
        return classes.withUnsafeBufferPointer { table -> Bool in
            for i in range where bytes[i] >= 0x80 || table[Int(bytes[i])] == .other { return false }
            var beforeSpaces = table[Int(bytes[range.lowerBound])] // the last class that is not a space
            var wordInitialHyphen = false // the previous character is a hyphen at the start or after a space
            var inNumber = false // the text so far ends with NU (NU | SY | IS)*
            for i in (range.lowerBound + 1)..<range.upperBound {
                let a = table[Int(bytes[i - 1])]
                let b = table[Int(bytes[i])]
                // (ICU: a hyphen reached through OP SP* is not word-initial.)
                if a == .hy { wordInitialHyphen = i - 1 == range.lowerBound || (table[Int(bytes[i - 2])] == .sp && beforeSpaces != .op) }
                if a != .sp { beforeSpaces = a }
                inNumber = a == .nu || (inNumber && (a == .sy || a == .isClass))
                let allowed: Bool
                switch (a, b) {
                case (_, .sp): allowed = false // LB7
                case (.sp, .isClass) where i + 1 < range.upperBound && table[Int(bytes[i + 1])] == .nu:
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
            }
            out.append(Int32(range.upperBound))
            return true
        }
    }
}
