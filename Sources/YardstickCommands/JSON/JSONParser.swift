/// A small, strict JSON parser (RFC 8259) for one JSON-Lines record at a time.
///
/// Strings may hold any escape, `\uXXXX` surrogate pairs included; a lone surrogate escape
/// decodes to U+FFFD. Invalid UTF-8 inside strings is replaced by U+FFFD and counted in
/// `replacedInvalidUTF8`, never dropped. Trailing garbage, nesting deeper than 512 and
/// non-finite numbers are errors. O(n) in the line's length.
public struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var depth = 0
    /// Invalid UTF-8 sequences replaced while reading strings.
    public private(set) var replacedInvalidUTF8 = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Parses one complete JSON text.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws -> (value: JSONValue, replacedInvalidUTF8: Int) {
        var p = JSONParser(bytes)
        p.skipSpace()
        let value = try p.value()
        p.skipSpace()
        if p.i < bytes.count { throw p.error("unexpected text after the JSON value") }
        return (value, p.replacedInvalidUTF8)
    }

    public static func parse(_ text: String) throws -> JSONValue {
        var text = text
        return try text.withUTF8 { try parse($0).value }
    }

    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { try parse($0).value }
    }

    private func error(_ message: String) -> JSONParseError { JSONParseError(message: message, column: i + 1) }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    private mutating func value() throws -> JSONValue {
        guard i < bytes.count else { throw error("unexpected end of input") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character '\(Character(Unicode.Scalar(bytes[i])))'")
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count, (0..<n).allSatisfy({ bytes[i + $0] == word.utf8Start[$0] }) else { throw error("invalid literal") }
        i += n
    }

    private mutating func enter() throws {
        depth += 1
        if depth > 512 { throw error("nesting deeper than 512") }
    }

    private mutating func object() throws -> JSONValue {
        try enter(); defer { depth -= 1 }
        i += 1
        var result: [String: JSONValue] = [:]
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(result) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
            i += 1
            skipSpace()
            result[key] = try value()
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of input in an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(result) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func array() throws -> JSONValue {
        try enter(); defer { depth -= 1 }
        i += 1
        var result: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(result) }
        while true {
            skipSpace()
            result.append(try value())
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of input in an array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(result) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func number() throws -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, isDigit(bytes[i]) else { throw error("invalid number") }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else { while i < bytes.count, isDigit(bytes[i]) { i += 1 } }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw error("invalid number") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { throw error("invalid number") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { i = start; throw error("number out of range") }
        return value
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private mutating func string() throws -> String {
        i += 1
        var out: [UInt8] = []
        var runStart = i
        while true {
            guard i < bytes.count else { throw error("unterminated string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                i += 1
                break
            }
            if b < 0x20 { throw error("control character in a string (escape it)") }
            if b != UInt8(ascii: "\\") { i += 1; continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
            i += 1
            guard i < bytes.count else { throw error("unterminated escape") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    // A high surrogate: a low one must follow to make a pair.
                    if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        let save = i
                        i += 2
                        let low = try hex4()
                        if low >= 0xDC00 && low < 0xE000 {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else { i = save; scalar = 0xFFFD }
                    } else { scalar = 0xFFFD }
                } else if scalar >= 0xDC00 && scalar < 0xE000 {
                    scalar = 0xFFFD
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar)!).utf8))
            default:
                i -= 1
                throw error("invalid escape")
            }
            runStart = i
        }
        if let valid = String(validating: out, as: UTF8.self) { return valid }
        var it = out.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&it) {
            case .scalarValue: continue
            case .emptyInput: break loop
            case .error: replacedInvalidUTF8 += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw error("invalid \\u escape")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }
}
