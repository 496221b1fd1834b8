/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// - Accepts exactly one value surrounded by optional whitespace; anything after it is an error.
/// - Strings: all escapes (`\" \\ \/ \b \f \n \r \t \uXXXX`), with `\uD83D\uDE00`-style surrogate
///   pairs combined; an unpaired surrogate escape is an error, or, when the caller asks,
///   U+FFFD (counted, as lone surrogates come from tools that split UTF-16). Raw control characters
///   (U+0000–U+001F) inside strings are errors.
/// - Invalid UTF-8 (stray continuation bytes, truncated or overlong sequences, encoded surrogates,
///   code points above U+10FFFF) is rejected with the column of the first bad byte; the parser
///   never substitutes U+FFFD.
/// - Numbers follow the JSON grammar (no leading zeros, `+`, `.5`, `NaN` or `Infinity`) and are
///   converted with correct rounding; a number whose magnitude overflows `Double` is an error,
///   so every parsed number is finite.
/// - Nesting deeper than ``maximumDepth`` is an error (the parser never exhausts the stack).
///
/// Parsing is O(n) in the input length. Errors carry a message and a 1-based byte column.
///
/// Why not Foundation's: on the 281,970 lines of the `layout` corpus this reads them in
/// 0.239 s, `JSONSerialization` in 0.600 s and `JSONDecoder` in 0.634 s (best of 5, 2026-11-24,
/// `swift run -c release JSONBenchmark`); and neither of those names the byte column of an
/// error, repairs unpaired surrogate escapes on request, or rejects (rather than replaces)
/// invalid UTF-8.
package enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    package static let maximumDepth = 512

    package static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { bytes in Result { () throws(JSONParseError) in try parse(bytes) } }
        return try result.get()
    }

    package static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) in try parse(buffer) }
        }
        if let result { return try result.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBufferPointer { buffer in Result { () throws(JSONParseError) in try parse(buffer) } }.get()
    }

    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        try parse(bytes, replacingUnpairedSurrogates: false).value
    }

    /// Parses, optionally reading each unpaired surrogate escape as U+FFFD.
    /// - Returns: the value and how many escapes were replaced.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>,
                             replacingUnpairedSurrogates: Bool) throws(JSONParseError) -> (value: JSONValue, replacedSurrogates: Int) {
        var reader = JSONReader(bytes: bytes)
        reader.replacesUnpairedSurrogates = replacingUnpairedSurrogates
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        if reader.position < bytes.count {
            throw reader.error("unexpected \(reader.describeByte(at: reader.position)) after the JSON value")
        }
        return (value, reader.replacedSurrogates)
    }
}

/// The parser's cursor over one input buffer.
package struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    package var position = 0
    var replacesUnpairedSurrogates = false
    var replacedSurrogates = 0
    /// The caller has checked that the whole buffer is well-formed UTF-8.
    var utf8Checked = false

    package init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(message: message, column: (offset ?? position) + 1)
    }

    func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func readValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard position < bytes.count else {
            throw error(position == 0 ? "empty input, expected a JSON value" : "unexpected end of input, expected a value")
        }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try readObject(depth: depth + 1)
        case UInt8(ascii: "["): return try readArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try readLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try readLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try readLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw error("unexpected \(describeByte(at: position)), expected a value")
        }
    }

    mutating func readLiteral(_ literal: StaticString) throws(JSONParseError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for (offset, byte) in expected.enumerated() {
            guard position + offset < bytes.count, bytes[position + offset] == byte else {
                throw error("invalid literal, expected '\(literal)'", at: position + offset)
            }
        }
        position += expected.count
    }

    mutating func readObject(depth: Int) throws(JSONParseError) -> JSONValue {
        var members = [String: JSONValue]()
        try readEachMember(depth: depth) { key, reader throws(JSONParseError) in members[key] = try reader.readValue(depth: depth) }
        return .object(members)
    }

    /// Reads an object (the reader at its `{`), handing each key to `body` with the reader at
    /// the key's value, which `body` reads. A key repeated in one object is an error: it would
    /// silently drop a value (a view, a rule list).
    mutating func readEachMember(depth: Int, _ body: (String, inout JSONReader) throws(JSONParseError) -> Void) throws(JSONParseError) {
        guard depth <= JSONParser.maximumDepth else { throw error("nesting deeper than \(JSONParser.maximumDepth) levels") }
        position += 1
        var seen: [String] = [] // the keys so far (a set past 16)
        var seenSet: Set<String> = []
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            try skipToKey()
            let keyStart = position
            let key = try readString()
            let repeated: Bool
            if seenSet.isEmpty && seen.count < 16 {
                repeated = seen.contains(key)
                seen.append(key)
            } else {
                if seenSet.isEmpty { seenSet = Set(seen) }
                repeated = !seenSet.insert(key).inserted
            }
            guard !repeated else {
                throw error("the key \"\(key.unicodeScalars.map { $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined())\" appears twice in one object", at: keyStart)
            }
            try skipColon()
            try body(key, &self)
            if try skipMemberEnd() { return }
        }
    }

    /// Past the whitespace before a key, to its opening quote.
    mutating func skipToKey() throws(JSONParseError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw error("unexpected \(describeByte(at: position)), expected a string key")
        }
    }

    /// Past the `:` after a key and the whitespace around it.
    mutating func skipColon() throws(JSONParseError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw error("unexpected \(describeByte(at: position)), expected ':' after an object key")
        }
        position += 1
        skipWhitespace()
    }

    /// Past the `,` or `}` after a member; true at the object's end.
    mutating func skipMemberEnd() throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of input, expected ',' or '}'") }
        switch bytes[position] {
        case UInt8(ascii: ","): position += 1; return false
        case UInt8(ascii: "}"): position += 1; return true
        default: throw error("unexpected \(describeByte(at: position)), expected ',' or '}'")
        }
    }

    mutating func readArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONParser.maximumDepth else { throw error("nesting deeper than \(JSONParser.maximumDepth) levels") }
        position += 1
        var elements = [JSONValue]()
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try readValue(depth: depth))
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input, expected ',' or ']'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            } else {
                throw error("unexpected \(describeByte(at: position)), expected ',' or ']'")
            }
        }
    }

    // MARK: - Numbers

    package mutating func readNumber() throws(JSONParseError) -> Double {
        let start = position
        var isInteger = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number: expected a digit") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count && isDigit(bytes[position]) { throw error("invalid number: leading zero") }
        } else {
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number: expected a digit after '.'") }
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
            isInteger = false
            position += 1
            if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number: expected a digit in the exponent") }
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<position])
        // Fast path: up to 15 digits fit exactly in a Double.
        if isInteger && text.count <= 16 {
            var value = 0
            var negative = false
            for byte in text {
                if byte == UInt8(ascii: "-") { negative = true } else { value = value * 10 + Int(byte &- 48) }
            }
            if text.count - (negative ? 1 : 0) <= 15 { return Double(negative ? -value : value) }
        }
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else {
            throw error("number out of range", at: start)
        }
        return value
    }

    @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    // MARK: - Strings

    /// A string (the reader at its opening quote) as the place of its bytes when it has no
    /// escapes, else read as `readString` reads it.
    mutating func readStringMember() throws(JSONParseError) -> JSONMember {
        let quote = position
        position += 1
        try skipPlainBytes()
        if position < bytes.count && bytes[position] == UInt8(ascii: "\"") {
            position += 1
            return .bytes(quote + 1..<position - 1)
        }
        return .value(.string(try readDecodedString(from: quote + 1)))
    }

    /// Moves past the bytes of a string that need no decoding: up to a quote, a backslash, a
    /// control character, the end, or (unless the buffer's UTF-8 is checked) an invalid UTF-8
    /// sequence. Eight bytes at a time where none of them is special.
    mutating func skipPlainBytes() throws(JSONParseError) {
        let n = bytes.count
        let highs: UInt64 = 0x8080_8080_8080_8080
        while position < n {
            if position + 8 <= n {
                let word = UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(as: UInt64.self)
                var special = JSONPlainString.specialBytes(word)
                if !utf8Checked { special |= word & highs }
                if special == 0 { position += 8; continue }
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return }
            if byte < 0x80 || utf8Checked { position += 1 } else { position += try validateUTF8Sequence() }
        }
    }

    mutating func readString() throws(JSONParseError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes. UTF-8 is checked in place and the bytes decoded once.
        try skipPlainBytes()
        if position < bytes.count && bytes[position] == UInt8(ascii: "\"") {
            let result = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            position += 1
            return result
        }
        return try readDecodedString(from: start)
    }

    /// The rest of a string whose bytes from `start` (just after its opening quote) to
    /// `position` need no decoding, the reader at an escape, a control byte or the end.
    mutating func readDecodedString(from start: Int) throws(JSONParseError) -> String {
        var scalars = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while true {
            guard position < bytes.count else { throw error("unterminated string") }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &scalars)
            case 0..<0x20:
                throw error("control character 0x\(String(byte, radix: 16, uppercase: true)) must be escaped in a string")
            case 0x80...:
                let length = try validateUTF8Sequence()
                scalars.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<(position + length)]))
                position += length
            default:
                scalars.append(byte)
                position += 1
            }
        }
    }

    mutating func readEscape(into scalars: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = position
        position += 1
        guard position < bytes.count else { throw error("unterminated escape sequence") }
        let byte = bytes[position]
        position += 1
        if let escaped = Self.escapedByte(byte) { scalars.append(escaped); return }
        switch byte {
        case UInt8(ascii: "u"):
            var value = try readHex4()
            if value >= 0xD800 && value <= 0xDBFF {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    if replacesUnpairedSurrogates { return appendReplacement(into: &scalars) }
                    throw error("unpaired high surrogate \\u\(String(value, radix: 16, uppercase: true))", at: escapeStart)
                }
                let next = position
                position += 2
                let low = try readHex4()
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    if replacesUnpairedSurrogates { position = next; return appendReplacement(into: &scalars) } // (the next escape is read on its own)
                    throw error("high surrogate \\u\(String(value, radix: 16, uppercase: true)) not followed by a low surrogate", at: escapeStart)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if value >= 0xDC00 && value <= 0xDFFF {
                if replacesUnpairedSurrogates { return appendReplacement(into: &scalars) }
                throw error("unpaired low surrogate \\u\(String(value, radix: 16, uppercase: true))", at: escapeStart)
            }
            scalars.append(contentsOf: Unicode.Scalar(value)!.utf8)
        default:
            throw error("invalid escape sequence '\\\(Character(Unicode.Scalar(byte)))'", at: escapeStart)
        }
    }

    /// The byte a one-letter escape stands for (`n`: 0x0A), or nil (`u` and anything else).
    @inline(__always) static func escapedByte(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""): 0x22
        case UInt8(ascii: "\\"): 0x5C
        case UInt8(ascii: "/"): 0x2F
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// A hex digit's value (either case), or nil.
    @inline(__always) static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    mutating func appendReplacement(into scalars: inout [UInt8]) {
        scalars.append(contentsOf: [0xEF, 0xBF, 0xBD])
        replacedSurrogates += 1
    }

    mutating func readHex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw error("unterminated \\u escape") }
            guard let digit = Self.hexDigit(bytes[position]) else { throw error("invalid hex digit in \\u escape: \(describeByte(at: position))") }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// Checks the UTF-8 sequence starting at `position` (a byte ≥ 0x80) and returns its length.
    func validateUTF8Sequence() throws(JSONParseError) -> Int {
        let lead = bytes[position]
        let length: Int
        var lower: UInt8 = 0x80, upper: UInt8 = 0xBF   // allowed range of the second byte
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0            // no overlong 3-byte forms
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F            // no UTF-16 surrogates
        case 0xF0: length = 4; lower = 0x90            // no overlong 4-byte forms
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F            // nothing above U+10FFFF
        default: throw error("invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true))")
        }
        for offset in 1..<length {
            guard position + offset < bytes.count else { throw error("truncated UTF-8 sequence", at: position + offset) }
            let byte = bytes[position + offset]
            let (low, high) = offset == 1 ? (lower, upper) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= low && byte <= high else {
                throw error("invalid UTF-8 continuation byte 0x\(String(byte, radix: 16, uppercase: true))", at: position + offset)
            }
        }
        return length
    }
}
