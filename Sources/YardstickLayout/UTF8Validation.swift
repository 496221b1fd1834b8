/// Checks that bytes are well-formed UTF-8: what the engine's byte entry points
/// (`TextEngine.prepareEach(count:utf8:…)`) require of their input, and what readers check
/// before handing it bytes where they lie instead of making a `String`.
package enum UTF8Validation {
    /// Whether `bytes` is well-formed UTF-8 (Unicode's table 3-7: no overlong forms, surrogates
    /// or scalars past U+10FFFF). O(n): sixteen ASCII bytes at a time, other stretches through
    /// `Automaton`, a byte per step without a branch (2.5 times the speed of decoding sequence
    /// by sequence on multilingual text).
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        let rows = Automaton.rows
        var i = 0
        var state: UInt64 = 0
        while i < n {
            if state & 63 == Automaton.accept, i + 16 <= n,
               (UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) | UnsafeRawPointer(base + i + 8).loadUnaligned(as: UInt64.self))
                & 0x8080_8080_8080_8080 == 0 {
                i += 16
                continue
            }
            let end = min(n, i + 16)
            while i < end {
                state = rows[Int(base[i])] &>> state
                i += 1
            }
            if state & 63 == Automaton.reject { return false }
        }
        return state & 63 == Automaton.accept
    }

    /// A deterministic automaton over UTF-8's grammar in the "shift" form: each byte's row
    /// holds, for every state, the next state in the 6 bits at that state's offset, so a step
    /// is `state = rows[byte] &>> state` (the shift uses the low 6 bits: the state). States are
    /// multiples of 6: accept (between sequences), reject (absorbing), and where a sequence
    /// stands (continuation bytes still due, or a second byte of a narrowed range).
    package enum Automaton {
        package static let accept: UInt64 = 0
        package static let reject: UInt64 = 6
        private static let oneDue = 12, twoDue = 18, threeDue = 24
        /// After E0 (A0–BF next: no overlong form), ED (80–9F: no surrogate), F0 (90–BF: no
        /// overlong form), F4 (80–8F: nothing past U+10FFFF).
        private static let afterE0 = 30, afterED = 36, afterF0 = 42, afterF4 = 48

        /// 256 rows, made once; never freed.
        package static let rows: UnsafePointer<UInt64> = {
            let rows = UnsafeMutablePointer<UInt64>.allocate(capacity: 256)
            for byte in 0..<256 {
                var next = [Int](repeating: Int(reject), count: 9) // by state / 6
                switch byte {
                case 0x00...0x7F: next[0] = Int(accept)
                case 0xC2...0xDF: next[0] = oneDue
                case 0xE0: next[0] = afterE0
                case 0xE1...0xEC, 0xEE...0xEF: next[0] = twoDue
                case 0xED: next[0] = afterED
                case 0xF0: next[0] = afterF0
                case 0xF1...0xF3: next[0] = threeDue
                case 0xF4: next[0] = afterF4
                default: break
                }
                if (0x80...0xBF).contains(byte) {
                    next[oneDue / 6] = Int(accept); next[twoDue / 6] = oneDue; next[threeDue / 6] = twoDue
                }
                if (0xA0...0xBF).contains(byte) { next[afterE0 / 6] = oneDue }
                if (0x80...0x9F).contains(byte) { next[afterED / 6] = oneDue }
                if (0x90...0xBF).contains(byte) { next[afterF0 / 6] = twoDue }
                if (0x80...0x8F).contains(byte) { next[afterF4 / 6] = twoDue }
                var row: UInt64 = 0
                for (k, state) in next.enumerated() { row |= UInt64(state) << UInt64(6 * k) }
                rows[byte] = row
            }
            return UnsafePointer(rows)
        }()
    }
}
