/// Reading a record's members without building the object: what a JSON Lines record reader needs.
extension JSONParser {
    /// Parses one value and, when it is an object, hands back the members named in `keys` (in
    /// that order, nil where absent) without building the object. A string member that needs no
    /// unescaping comes back as the place of its bytes (no copy, no `String`). Exactly as strict
    /// as `parse`: the whole value is read and checked, repeated keys included. `values` is nil
    /// when the value is not an object. `validUTF8` says the caller has checked that all of
    /// `bytes` is well-formed UTF-8 (the reader then does not check it again).
    package static func parseMembers(_ bytes: UnsafeBufferPointer<UInt8>, keys: [String], replacingUnpairedSurrogates: Bool,
                                     validUTF8: Bool = false)
        throws(JSONParseError) -> (values: [JSONMember?]?, replacedSurrogates: Int) {
        var values = [JSONMember?](repeating: nil, count: keys.count)
        let (isObject, replaced) = try parseMembers(bytes, keys: keys, into: &values,
                                                    replacingUnpairedSurrogates: replacingUnpairedSurrogates, validUTF8: validUTF8)
        return (isObject ? values : nil, replaced)
    }

    /// `parseMembers` into `values` (`keys.count` of them, each set: nil where absent or when
    /// the value is not an object), for a caller that reads many records: no allocation for an
    /// object of at most 16 members whose keys are plain ASCII. `isObject` is false when the
    /// value is not an object.
    package static func parseMembers(_ bytes: UnsafeBufferPointer<UInt8>, keys: [String], into values: inout [JSONMember?],
                                     replacingUnpairedSurrogates: Bool, validUTF8: Bool = false)
        throws(JSONParseError) -> (isObject: Bool, replacedSurrogates: Int) {
        precondition(values.count == keys.count, "a value for each key")
        for k in values.indices { values[k] = nil }
        var reader = JSONReader(bytes: bytes)
        reader.replacesUnpairedSurrogates = replacingUnpairedSurrogates
        reader.utf8Checked = validUTF8
        reader.skipWhitespace()
        let isObject = reader.position < bytes.count && bytes[reader.position] == UInt8(ascii: "{")
        if isObject {
            try reader.readMembers(keys, into: &values)
        } else {
            _ = try reader.readValue(depth: 0)
        }
        reader.skipWhitespace()
        if reader.position < bytes.count {
            throw reader.error("unexpected \(reader.describeByte(at: reader.position)) after the JSON value")
        }
        return (isObject, reader.replacedSurrogates)
    }
}

/// A member's value as `JSONParser.parseMembers` hands it back.
package enum JSONMember: Equatable {
    /// A string that needed no unescaping: where its UTF-8 bytes are in the parsed buffer.
    case bytes(Range<Int>)
    /// Any other value, an escaped string included.
    case value(JSONValue)

    /// The value either way, `.bytes` read from `buffer` (the one parsed).
    package func value(in buffer: UnsafeBufferPointer<UInt8>) -> JSONValue {
        switch self {
        case .bytes(let range): return .string(String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self))
        case .value(let value): return value
        }
    }
}

extension JSONReader {
    /// `readObject` at depth 1 keeping only the values of `keys` (see `JSONParser.parseMembers`).
    /// ASCII keys are compared as bytes where they lie, the keys seen so far kept on the stack;
    /// an object with another key (escaped, or not ASCII) or more than 16 members, or names
    /// asked for that are not ASCII, take `readEachMember`, which compares keys as strings.
    mutating func readMembers(_ keys: [String], into values: inout [JSONMember?]) throws(JSONParseError) {
        let objectStart = position, replacedBefore = replacedSurrogates
        let limit = 16
        var done = false
        // (A name asked for that is not ASCII may equal other text as a string: strings only.)
        if keys.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) {
            done = try withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: limit) { seen throws(JSONParseError) -> Bool in
                try readPlainKeyedMembers(keys, into: &values, seen: seen)
            }
        }
        guard !done else { return }
        position = objectStart
        replacedSurrogates = replacedBefore
        for k in values.indices { values[k] = nil }
        try readEachMember(depth: 1) { key, reader throws(JSONParseError) in
            let member = try reader.readMemberValue()
            if let k = keys.firstIndex(of: key) { values[k] = member }
        }
    }

    /// A member's value: a string as `readStringMember` reads it, anything else as a value.
    private mutating func readMemberValue() throws(JSONParseError) -> JSONMember {
        if position < bytes.count && bytes[position] == UInt8(ascii: "\"") { return try readStringMember() }
        return .value(try readValue(depth: 1))
    }

    /// The object's members while every key is plain ASCII (no escapes) and there are at most
    /// `seen.count`; false, with the reader anywhere in the object, when one is not. Errors are
    /// those `readEachMember` gives, at the same columns.
    private mutating func readPlainKeyedMembers(_ keys: [String], into values: inout [JSONMember?],
                                                seen: UnsafeMutableBufferPointer<Range<Int>>) throws(JSONParseError) -> Bool {
        position += 1
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
            position += 1
            return true
        }
        var count = 0
        while true {
            try skipToKey()
            guard count < seen.count, case .bytes(let key) = try readStringMember() else { return false }
            let keyBytes = UnsafeBufferPointer(rebasing: bytes[key])
            // (Strings compare by canonical equivalence, "\u212A" as "K": only ASCII keys compare as bytes.)
            guard keyBytes.allSatisfy({ $0 < 0x80 }) else { return false }
            for k in 0..<count where UnsafeBufferPointer(rebasing: bytes[seen[k]]).elementsEqual(keyBytes) {
                return false // (a repeated key: `readEachMember` reports it, with the key as text)
            }
            seen[count] = key
            count += 1
            try skipColon()
            let member = try readMemberValue()
            for (k, name) in keys.enumerated() where Self.equal(name, keyBytes) { values[k] = member }
            if try skipMemberEnd() { return true }
        }
    }

    /// Whether `name`'s UTF-8 is `bytes`.
    private static func equal(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        name.utf8.count == bytes.count && (name.utf8.withContiguousStorageIfAvailable { $0.elementsEqual(bytes) } ?? name.utf8.elementsEqual(bytes))
    }
}
