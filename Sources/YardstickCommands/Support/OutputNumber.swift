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
