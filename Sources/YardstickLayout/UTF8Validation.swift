/// Checks that bytes are well-formed UTF-8: what the engine's byte entry points
/// (`TextEngine.prepareEach(count:utf8:…)`) require of their input, and what readers check
/// before handing it bytes where they lie instead of making a `String`.
package enum UTF8Validation {
    /// Whether `bytes` is well-formed UTF-8 (Unicode's table 3-7: no overlong forms, surrogates
    /// or scalars past U+10FFFF), eight ASCII bytes at a time.
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        var i = 0
        while i < n {
            if i + 8 <= n, UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let lead = bytes[i]
            if lead < 0x80 { i += 1; continue }
            let length: Int
            var lower: UInt8 = 0x80, upper: UInt8 = 0xBF // the second byte's range
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return false
            }
            guard i + length <= n, bytes[i + 1] >= lower, bytes[i + 1] <= upper else { return false }
            for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return false }
            i += length
        }
        return true
    }
}
