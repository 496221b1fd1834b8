import YardstickLayout

/// The bytes of a JSON string that need no decoding, found and checked in one pass: the fast
/// path of `layout`'s plain record (`LayoutJob.readPlainRecord`).
enum JSONPlainString {
    /// Where the plain bytes from `start` end: the first quote, backslash or control byte
    /// (below 0x20), when every byte before it is well-formed UTF-8; nil when a sequence is
    /// malformed or the bytes end first (the general reader then takes the line and says why).
    /// Eight bytes at a time: ASCII without a special byte is skipped, other bytes go through
    /// `UTF8Validation.Automaton`. O(n), no allocation.
    static func end(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let n = bytes.count
        let rows = UTF8Validation.Automaton.rows
        let accept = UTF8Validation.Automaton.accept, reject = UTF8Validation.Automaton.reject
        let highs: UInt64 = 0x8080_8080_8080_8080
        var i = start
        var state = accept
        while i + 8 <= n {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            if specialBytes(word) != 0 { break }
            if word & highs != 0 || state != accept {
                for k in 0..<8 { state = rows[Int(base[i + k])] &>> state }
                if state & 63 == reject { return nil }
            }
            i += 8
        }
        while i < n {
            let b = base[i]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { return state & 63 == accept ? i : nil }
            state = rows[Int(b)] &>> state
            if state & 63 == reject { return nil }
            i += 1
        }
        return nil
    }

    /// A high bit in each byte of `word` below 0x20 or equal to 0x22 (`"`) or 0x5C (`\`): SWAR
    /// "has less than" and "has zero". A borrow may also mark a byte after one of those, never
    /// one before, so a word without a mark holds no special byte.
    @inline(__always) static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        return ((word &- ones &* 0x20) & ~word | (quote &- ones) & ~quote | (backslash &- ones) & ~backslash) & 0x8080_8080_8080_8080
    }
}
