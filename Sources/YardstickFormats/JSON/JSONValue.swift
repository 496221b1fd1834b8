/// A parsed JSON value. Numbers are `Double`s and always finite (the parser rejects numbers
/// beyond the `Double` range); objects are dictionaries, so key order is not kept (a key
/// repeated in one object is a parse error). Accessors are O(1) (object lookup O(1) on average).
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The member `key` of an object; nil for a missing key or a non-object.
    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    package var doubleValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as an `Int` when it is integral and within ±2^53 (where every integer is
    /// exactly representable); nil otherwise.
    package var exactIntegerValue: Int? {
        guard case .number(let value) = self, abs(value) <= 9_007_199_254_740_992 else { return nil }
        let integer = Int(value)
        return Double(integer) == value ? integer : nil
    }

    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    package var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Compact JSON text for the value (object keys sorted, so the text is deterministic).
    package var jsonText: String {
        var writer = JSONWriter()
        writer.write(self)
        return writer.text
    }
}
