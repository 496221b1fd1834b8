import YardstickLayout

/// Replaces invalid UTF-8 with U+FFFD (EF BF BD), one per maximal invalid subsequence, and
/// counts the replacements — so bad bytes in an input become visible replacement characters
/// and one warning, never a crash or silently dropped text.
package enum UTF8Repair {
    /// The input unchanged (no copy needed: nil) when it is valid, else the repaired bytes.
    package static func repair(_ bytes: some Collection<UInt8>) -> (bytes: [UInt8]?, replaced: Int) {
        if bytes.withContiguousStorageIfAvailable({ UTF8Validation.isValid($0) }) == true { return (nil, 0) }
        var it = bytes.makeIterator()
        var decoder = UTF8()
        var valid = true
        scan: while true {
            switch decoder.decode(&it) {
            case .scalarValue: continue
            case .emptyInput: break scan
            case .error: valid = false; break scan
            }
        }
        if valid { return (nil, 0) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        var replaced = 0
        it = bytes.makeIterator()
        decoder = UTF8()
        loop: while true {
            switch decoder.decode(&it) {
            case .scalarValue(let s): out.append(contentsOf: UTF8.encode(s)!)
            case .emptyInput: break loop
            case .error: out.append(contentsOf: [0xEF, 0xBF, 0xBD]); replaced += 1
            }
        }
        return (out, replaced)
    }

    /// Where byte `offset` of the repaired text came from in `original`: its offset there, and
    /// whether it is part of a replacement (then the original's offset is the invalid byte's).
    /// O(offset).
    package static func originalOffset(of offset: Int, in original: [UInt8]) -> (offset: Int, replaced: Bool) {
        var parser = Unicode.UTF8.ForwardParser()
        var it = original.makeIterator()
        var from = 0, to = 0 // the offsets in the original and the repaired text
        while true {
            switch parser.parseScalar(from: &it) {
            case .valid(let encoded):
                let n = encoded.count
                if offset < to + n { return (from + offset - to, false) }
                from += n; to += n
            case .error(let length):
                if offset < to + 3 { return (from, true) }
                from += length; to += 3
            case .emptyInput:
                return (from + offset - to, false)
            }
        }
    }

    /// For each byte offset of the repaired text (and its end), the offset in `original` it came
    /// from: a replacement's three bytes map to the invalid sequence's first byte. O(n).
    package static func offsetMap(_ original: [UInt8]) -> [Int] {
        var parser = Unicode.UTF8.ForwardParser()
        var it = original.makeIterator()
        var map: [Int] = []
        map.reserveCapacity(original.count + 8)
        var from = 0
        while true {
            switch parser.parseScalar(from: &it) {
            case .valid(let encoded):
                for k in 0..<encoded.count { map.append(from + k) }
                from += encoded.count
            case .error(let length):
                map += [from, from, from]
                from += length
            case .emptyInput:
                map.append(from)
                return map
            }
        }
    }
}
