import YardstickLayout

/// The bytes of a JSON string that need no decoding, found and checked in one pass, and the
/// string with its escapes decoded: the fast path of `layout`'s plain record
/// (`LayoutJob.readPlainRecord`).
package enum JSONPlainString {
    /// Where the plain bytes from `start` end: the first quote, backslash or control byte
    /// (below 0x20), when every byte before it is well-formed UTF-8; nil when a sequence is
    /// malformed or the bytes end first (the general reader then takes the line and says why).
    /// Eight bytes at a time: ASCII without a special byte is skipped, other bytes go through
    /// `UTF8Validation.Automaton`. O(n), no allocation.
    package static func end(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
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

    /// The string from `start` (just after its opening quote) with its escapes decoded, and
    /// where its closing quote is; nil for anything the general reader must take (malformed
    /// UTF-8, a control byte, an unknown or cut escape, an unpaired surrogate escape, whose
    /// replacement that reader counts, or no closing quote). Runs between escapes are scanned
    /// by `end`'s eight-byte loop; a run of escapes is decoded without a scan. O(n); one
    /// allocation (decoded text is never longer than its escaped form).
    package static func unescape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (text: [UInt8], end: Int)? {
        var quote: Int? = nil
        let text = [UInt8](unsafeUninitializedCapacity: max(0, bytes.count - start)) { buffer, count in
            (quote, count) = unescape(bytes, from: start, into: buffer.baseAddress!)
        }
        return quote.map { (text, $0) }
    }

    /// `unescape`'s loop: the closing quote (or nil) and the bytes written at `out`, which has
    /// room for `bytes.count - start`.
    private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into out: UnsafeMutablePointer<UInt8>) -> (quote: Int?, count: Int) {
        let n = bytes.count
        var i = start
        var o = out
        while true {
            guard let stop = end(in: bytes, from: i) else { return (nil, o - out) }
            o.initialize(from: bytes.baseAddress! + i, count: stop - i)
            o += stop - i
            switch bytes[stop] {
            case UInt8(ascii: "\\"): break
            case UInt8(ascii: "\""): return (stop, o - out)
            default: return (nil, o - out) // a control byte
            }
            i = stop
            repeat { // (escapes one after another, as `json.dumps` writes non-ASCII text)
                guard i + 1 < n else { return (nil, o - out) }
                let letter = bytes[i + 1]
                i += 2
                if let escaped = JSONReader.escapedByte(letter) {
                    o.initialize(to: escaped)
                    o += 1
                    continue
                }
                guard letter == UInt8(ascii: "u"), var value = hex4(bytes, at: i) else { return (nil, o - out) }
                i += 4
                if value >= 0xD800 && value <= 0xDFFF {
                    // Only a high surrogate escape followed by a low one.
                    guard value <= 0xDBFF, i + 1 < n, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
                          let low = hex4(bytes, at: i + 2), low >= 0xDC00 && low <= 0xDFFF else { return (nil, o - out) }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                for byte in Unicode.Scalar(value)!.utf8 { o.initialize(to: byte); o += 1 }
            } while i < n && bytes[i] == UInt8(ascii: "\\")
        }
    }

    /// The four hex digits at `i`, or nil.
    @inline(__always) private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt32? {
        guard i + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for k in i..<i + 4 {
            guard let digit = JSONReader.hexDigit(bytes[k]) else { return nil }
            value = value << 4 | digit
        }
        return value
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
