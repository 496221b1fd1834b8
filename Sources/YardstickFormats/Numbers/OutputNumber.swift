import Foundation
import YardstickOffsets

/// How the commands print numbers: rounded to a number of decimals, then in JSON's shortest form.
package enum OutputNumber {
    package static func format(_ value: Double, places: Int = 3) -> String {
        JSONWriter.numberText(rounded(value, places: places))
    }

    /// `value` rounded to `places` decimals (unchanged beyond 2^52 / 10^places, where there is
    /// nothing after the decimal point to round).
    package static func rounded(_ value: Double, places: Int = 3) -> Double {
        var p = 1.0
        for _ in 0..<places { p *= 10 }
        // Beyond 2^52 / p there is nothing after the decimal point to round (and value * p could overflow).
        guard abs(value) < 4.5e15 / p else { return value }
        return (value * p).rounded() / p
    }
}

extension OutputNumber {
    /// Appends a length of `units` 1/64 pt as exact decimal text (at most six fraction digits,
    /// no trailing zeros), without a String: the one printer of lengths, which `unitsText`,
    /// `JSONWriter.numberText` and `appendRowLines` (by the same `fractions`) print with.
    @inline(__always)
    package static func appendUnits(_ units: Int64, to out: inout [UInt8]) {
        if units < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = units.magnitude
        appendInteger(magnitude / 64, to: &out)
        let f = Int(magnitude % 64) * 8
        Self.fractions.withUnsafeBufferPointer { table in out.append(contentsOf: table[(f + 1)..<(f + 1 + Int(table[f]))]) }
    }

    /// `appendUnits` as a String.
    package static func unitsText(_ units: Int64) -> String {
        var out: [UInt8] = []
        appendUnits(units, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `value` in decimal.
    @inline(__always)
    package static func appendInteger(_ value: UInt64, to out: inout [UInt8]) {
        DecimalText.append(to: &out, bound: DecimalText.integerBytes) { $0.integer(value) }
    }
}

extension OutputNumber {
    /// Appends the CSV lines `row,height,offset\n` of consecutive rows from `firstRow` (with
    /// `section`, `section,row,height,offset\n`), each offset the sum of the stored heights
    /// before it from `offset` (advanced past them), each height its stored one less `spacing`;
    /// lengths in 1/64 pt printed as `appendUnits` prints them. The one CSV row printer: written
    /// straight into `out`'s storage with digit pairs and a table of the 64 fractions, the text
    /// of a million rows in milliseconds.
    package static func appendRowLines(_ heights: UnsafeBufferPointer<Int64>, firstRow: Int, section: Int? = nil, spacing: Int64 = 0,
                                       offset: inout Int64, to out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: heights.count * (Self.longestRowLine + (section == nil ? 0 : 21))))
        var y = offset
        let end: Int = out.withUnsafeMutableBufferPointer { b in
            Self.digitPairs.withUnsafeBufferPointer { pairs in
                Self.fractions.withUnsafeBufferPointer { fractions in
                    let p = b.baseAddress!
                    var n = start
                    @inline(__always) func integer(_ value: UInt64) {
                        var digits = 1
                        var t = value
                        while t >= 10 { t /= 10; digits += 1 }
                        var v = value
                        var k = n + digits
                        while v >= 100 {
                            let q = v / 100
                            let r = Int(v &- q &* 100) &* 2
                            k -= 2
                            p[k] = pairs[r]
                            p[k + 1] = pairs[r + 1]
                            v = q
                        }
                        if v >= 10 {
                            p[k - 2] = pairs[Int(v) * 2]
                            p[k - 1] = pairs[Int(v) * 2 + 1]
                        } else {
                            p[k - 1] = UInt8(ascii: "0") &+ UInt8(v)
                        }
                        n += digits
                    }
                    @inline(__always) func units(_ u: Int64) {
                        if u < 0 { p[n] = UInt8(ascii: "-"); n += 1 }
                        let m = u.magnitude
                        integer(m / 64)
                        let f = Int(m % 64) * 8
                        let length = Int(fractions[f])
                        for k in 0..<length { p[n + k] = fractions[f + 1 + k] }
                        n += length
                    }
                    var row = UInt64(firstRow)
                    for h in heights {
                        if let section { integer(UInt64(section)); p[n] = UInt8(ascii: ","); n += 1 }
                        integer(row); p[n] = UInt8(ascii: ","); n += 1
                        units(h - spacing); p[n] = UInt8(ascii: ","); n += 1
                        units(y); p[n] = 0x0A; n += 1
                        y += h
                        row += 1
                    }
                    return n
                }
            }
        }
        out.removeSubrange(end...)
        offset = y
    }

    /// The most bytes `appendRowLines` writes for a row: 20 digits of row, two lengths of at most
    /// a sign, 18 digits and 7 of fraction, two commas and a newline.
    static let longestRowLine = 20 + 2 * (1 + 18 + 7) + 3

    /// "00" to "99".
    static let digitPairs: [UInt8] = (0..<100).flatMap { [UInt8(ascii: "0") + UInt8($0 / 10), UInt8(ascii: "0") + UInt8($0 % 10)] }

    /// For k sixty-fourths: the length, then the text (".015625"), in 8 bytes.
    static let fractions: [UInt8] = (0..<64).flatMap { k -> [UInt8] in
        var text: [UInt8] = []
        var fraction = k * 15_625
        if fraction > 0 { text.append(UInt8(ascii: ".")) }
        while fraction > 0 {
            text.append(UInt8(ascii: "0") + UInt8(fraction / 100_000))
            fraction = fraction % 100_000 * 10
        }
        return [UInt8(text.count)] + text + [UInt8](repeating: 0, count: 7 - text.count)
    }
}
