/// A parsed JSON value, as the JSON-Lines commands read them.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var numberValue: Double? { if case .number(let n) = self { return n }; return nil }
    public var isNull: Bool { self == .null }
}

/// Why a line is not JSON: what is wrong and the byte column (1-based) where it was noticed.
public struct JSONParseError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    public var column: Int
    public var description: String { "\(message) at column \(column)" }
}
