/// Writes numbers as decimal text into memory the caller sized (no capacity checks per byte):
/// the output lines of `layout` and `OutputNumber`'s appends.
package struct DecimalText {
    /// Where the next byte goes.
    package private(set) var cursor: UnsafeMutablePointer<UInt8>

    package init(_ start: UnsafeMutablePointer<UInt8>) { cursor = start }

    /// Bytes a `UInt64` takes at most.
    package static let integerBytes = 20
    /// Bytes `rounded` stores at most (it may store a little past what it keeps):
    /// `-1.7976931348623157e+308` and room.
    package static let roundedBytes = 32

    mutating func byte(_ b: UInt8) {
        cursor.initialize(to: b)
        cursor += 1
    }

    package mutating func literal(_ text: StaticString) {
        cursor.initialize(from: text.utf8Start, count: text.utf8CodeUnitCount)
        cursor += text.utf8CodeUnitCount
    }

    /// `value` in decimal.
    package mutating func integer(_ value: UInt64) {
        if value < 10 { byte(UInt8(ascii: "0") &+ UInt8(value)); return }
        if value < 1000 { // (most numbers of an output line)
            let hundreds = value / 100, tens = value / 10 % 10, ones = value % 10
            if hundreds > 0 { byte(UInt8(ascii: "0") &+ UInt8(hundreds)) }
            byte(UInt8(ascii: "0") &+ UInt8(tens))
            byte(UInt8(ascii: "0") &+ UInt8(ones))
            return
        }
        // Digits counted by comparisons (10^19 is the largest power of ten a UInt64 holds).
        var digits = 2
        var bound: UInt64 = 100
        while digits < 20 && value >= bound { digits += 1; bound &*= 10 }
        var v = value
        for k in stride(from: digits - 1, through: 0, by: -1) {
            (cursor + k).initialize(to: UInt8(ascii: "0") &+ UInt8(v % 10))
            v /= 10
        }
        cursor += digits
    }

    /// `OutputNumber.format(value)`: rounded to 1/1000, in JSON's shortest form. Below 10⁹ the
    /// double nearest k/1000 prints as k/1000's decimals, so those are written directly; larger
    /// or non-finite values take `format`.
    package mutating func rounded(_ value: Double) {
        guard abs(value) < 1e9 else {
            for b in OutputNumber.format(value).utf8.prefix(Self.roundedBytes) { byte(b) }
            return
        }
        // Rounded half away from zero, as `rounded()`, without its library call: the part after
        // the point of a double below 2^53 is exact.
        let scaled = value * 1000
        var millis = Int64(scaled)
        let rest = scaled - Double(millis)
        if rest >= 0.5 { millis += 1 } else if rest <= -0.5 { millis -= 1 }
        if millis < 0 { byte(UInt8(ascii: "-")) }
        let m = millis.magnitude
        let whole = m / 1000
        integer(whole)
        let fraction = m &- whole &* 1000
        guard fraction > 0 else { return }
        // Up to three decimals, trailing zeros left out: the point and three digits stored as
        // one word (`roundedBytes` leaves room), the cursor moved past those kept.
        let f = UInt32(truncatingIfNeeded: fraction)
        let tenths = f / 100, hundredths = f / 10 % 10, thousandths = f % 10
        let zero = UInt32(UInt8(ascii: "0"))
        let word = UInt32(UInt8(ascii: ".")) | (zero + tenths) << 8 | (zero + hundredths) << 16 | (zero + thousandths) << 24
        UnsafeMutableRawPointer(cursor).storeBytes(of: word.littleEndian, as: UInt32.self)
        cursor += thousandths != 0 ? 4 : hundredths != 0 ? 3 : 2
    }

    /// Appends to `out` what `write` writes, which must be at most `bound` bytes.
    package static func append(to out: inout [UInt8], bound: Int, _ write: (inout DecimalText) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { buffer in
            var text = DecimalText(buffer.baseAddress!)
            write(&text)
            out.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress!, count: text.cursor - buffer.baseAddress!))
        }
    }
}
