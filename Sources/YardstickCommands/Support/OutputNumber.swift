import Foundation

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
    /// Appends a length of `units` 1/64 pt as exact decimal text, as `JSONWriter.numberText`
    /// prints its points (at most six fraction digits, no trailing zeros), without a String.
    @inline(__always)
    package static func appendUnits(_ units: Int64, to out: inout [UInt8]) {
        if units < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = units.magnitude
        appendInteger(magnitude / 64, to: &out)
        var fraction = magnitude % 64 * 15_625 // sixty-fourths as millionths
        guard fraction > 0 else { return }
        out.append(UInt8(ascii: "."))
        while fraction > 0 {
            out.append(UInt8(ascii: "0") + UInt8(fraction / 100_000))
            fraction = fraction % 100_000 * 10
        }
    }

    /// Appends `value` in decimal.
    @inline(__always)
    package static func appendInteger(_ value: UInt64, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { d in
            var v = value
            var n = 0
            repeat {
                d[n] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                n += 1
            } while v > 0
            for k in stride(from: n - 1, through: 0, by: -1) { out.append(d[k]) }
        }
    }
}

extension OutputNumber {
    /// Appends the CSV line `row,height,offset\n` (lengths in 1/64 pt, as `appendUnits` prints
    /// them), built on the stack and appended at once.
    @inline(__always)
    package static func appendRowLine(_ row: Int, height: Int64, offset: Int64, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 96) { b in
            var n = 0
            @inline(__always) func integer(_ value: UInt64) {
                var v = value
                var digits = 0
                var t = v
                repeat { digits += 1; t /= 10 } while t > 0
                n += digits
                var k = n - 1
                repeat { b[k] = UInt8(ascii: "0") + UInt8(v % 10); v /= 10; k -= 1 } while v > 0
            }
            @inline(__always) func units(_ u: Int64) {
                if u < 0 { b[n] = UInt8(ascii: "-"); n += 1 }
                let m = u.magnitude
                integer(m / 64)
                var fraction = m % 64 * 15_625
                guard fraction > 0 else { return }
                b[n] = UInt8(ascii: "."); n += 1
                while fraction > 0 { b[n] = UInt8(ascii: "0") + UInt8(fraction / 100_000); n += 1; fraction = fraction % 100_000 * 10 }
            }
            integer(UInt64(row)); b[n] = UInt8(ascii: ","); n += 1
            units(height); b[n] = UInt8(ascii: ","); n += 1
            units(offset); b[n] = 0x0A; n += 1
            out.append(contentsOf: UnsafeBufferPointer(rebasing: b[0..<n]))
        }
    }
}
