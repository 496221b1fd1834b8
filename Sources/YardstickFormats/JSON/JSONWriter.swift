/// Builds JSON text into a byte buffer, inserting commas itself: compact (no whitespace), or
/// `spaced` (a space after each `:` and `,`, the form of `yardstick layout`'s records).
///
/// Numbers: an integral `Double` below 2^63 in magnitude is written as an integer (`12`, `-3`,
/// `0` for −0); any other finite value in Swift's shortest round-trip form (`12.015625`, `0.1`,
/// `1e-07`, `1e+20`), which is valid JSON and parses back to the same `Double`. NaN and the
/// infinities have no JSON form and are written as `null`. Strings escape `"`, `\` and control
/// characters (as `\n`, `\t`, … or `\u00XX`) and keep all other characters as UTF-8.
/// Every append is O(length of what is written).
package struct JSONWriter {
    /// The UTF-8 text written so far.
    package private(set) var bytes: [UInt8] = []
    /// One entry per open array or object: whether it already has an element.
    private var hasElement: [Bool] = []
    /// Set after a key, so the value that follows gets no comma.
    private var afterKey = false
    private let spaced: Bool

    package init(spaced: Bool = false) { self.spaced = spaced }

    /// The text written so far.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Forgets everything written, keeping the buffer's capacity.
    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        hasElement.removeAll(keepingCapacity: true)
        afterKey = false
    }

    /// Replaces what was written with `{"error": message}`: the answer to a trace line that
    /// could not be carried out.
    package mutating func replaceWithError(_ message: String) {
        removeAll()
        beginObject()
        key("error")
        writeString(message)
        endObject()
    }

    /// Appends raw bytes (for example a newline between JSON Lines records).
    package mutating func appendRaw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func separate() {
        if afterKey {
            afterKey = false
        } else if let last = hasElement.last {
            if last { bytes.append(UInt8(ascii: ",")); if spaced { bytes.append(UInt8(ascii: " ")) } }
            hasElement[hasElement.count - 1] = true
        }
    }

    package mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        hasElement.append(false)
    }

    package mutating func endObject() {
        hasElement.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    package mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        hasElement.append(false)
    }

    package mutating func endArray() {
        hasElement.removeLast()
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes an object key; the next value written is its value.
    package mutating func key(_ name: String) {
        separate()
        appendEscaped(name)
        bytes.append(UInt8(ascii: ":"))
        if spaced { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    package mutating func writeNull() {
        separate()
        appendRaw("null")
    }

    package mutating func writeBool(_ value: Bool) {
        separate()
        if value { appendRaw("true") } else { appendRaw("false") }
    }

    package mutating func writeInteger(_ value: Int) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Writes a number as described in the type's documentation (`null` if not finite).
    package mutating func writeNumber(_ value: Double) {
        separate()
        bytes.append(contentsOf: JSONWriter.numberText(value).utf8)
    }

    package mutating func writeString(_ value: String) {
        separate()
        appendEscaped(value)
    }

    /// Writes any value; object members are written in sorted key order.
    package mutating func write(_ value: JSONValue) {
        switch value {
        case .null: writeNull()
        case .bool(let flag): writeBool(flag)
        case .number(let number): writeNumber(number)
        case .string(let string): writeString(string)
        case .array(let elements):
            beginArray()
            for element in elements { write(element) }
            endArray()
        case .object(let members):
            beginObject()
            for name in members.keys.sorted() {
                key(name)
                write(members[name]!)
            }
            endObject()
        }
    }

    /// The JSON text of a number: an integer when integral (below 2^63 in magnitude); a multiple
    /// of 1/64 (below 2^47, every length the row-offset cache holds) in full, digit for digit;
    /// otherwise the shortest text that round-trips (which for large multiples of 1/64 drops
    /// digits: 3355409642443.03125 would print as …443.0312); `null` for NaN and infinities.
    package static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if abs(value) < 9_223_372_036_854_775_808.0 {
            let integer = Int64(value)
            if Double(integer) == value { return String(integer) }
        }
        let units = value * 64
        if abs(units) < 9_007_199_254_740_992.0, units == units.rounded() { return OutputNumber.unitsText(Int64(units)) }
        return value.description
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func appendEscaped(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): appendRaw("\\\"")
            case UInt8(ascii: "\\"): appendRaw("\\\\")
            case 0x0A: appendRaw("\\n")
            case 0x0D: appendRaw("\\r")
            case 0x09: appendRaw("\\t")
            case 0x08: appendRaw("\\b")
            case 0x0C: appendRaw("\\f")
            case 0..<0x20:
                appendRaw("\\u00")
                bytes.append(JSONWriter.hexDigits[Int(byte >> 4)])
                bytes.append(JSONWriter.hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
