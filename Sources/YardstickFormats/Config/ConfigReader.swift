import YardstickFonts
import YardstickTemplates

/// A JSON value read at a path of a configuration file, with errors that name the path
/// (`sections.header.vstack.children[1].text.size`). Unknown keys are errors.
struct ConfigReader {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }

    func error(_ message: String) -> ConfigError { ConfigError(path: path, message: message) }

    func child(_ key: String, _ value: JSONValue) -> ConfigReader {
        ConfigReader(value, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// The object's members, after checking that every key is one of `allowed`.
    func members(_ allowed: Set<String>) throws(ConfigError) -> [String: ConfigReader] {
        guard case .object(let fields) = value else { throw error("must be a JSON object") }
        var result: [String: ConfigReader] = [:]
        for key in fields.keys.sorted() { // the first unknown key in order, the same every run
            let v = fields[key]!
            guard allowed.contains(key) else {
                throw child(key, v).error("unknown key; expected one of \(allowed.sorted().joined(separator: ", "))")
            }
            result[key] = child(key, v)
        }
        return result
    }

    /// An object of exactly one member whose key names a variant (`{"fixed": 44}`).
    func variant(_ allowed: Set<String>) throws(ConfigError) -> (String, ConfigReader) {
        if case .object(let fields) = value, fields.count == 1, let (key, v) = fields.first, allowed.contains(key) {
            return (key, child(key, v))
        }
        throw error("must be an object with one of the keys \(allowed.sorted().joined(separator: ", "))")
    }

    func number() throws(ConfigError) -> Double {
        guard let v = value.doubleValue else { throw error("must be a number") }
        return v
    }

    /// A length in points, by the templates' rule (`TemplateLayout.lengthProblem`).
    func length(positive: Bool = false) throws(ConfigError) -> Double {
        let v = try number()
        if let problem = TemplateLayout.lengthProblem(v, allowingZero: !positive) { throw error(problem) }
        return v
    }

    func integer(minimum: Int = 0) throws(ConfigError) -> Int {
        guard let v = value.exactIntegerValue, v >= minimum else { throw error("must be a whole number, \(minimum) or more") }
        return v
    }

    func string() throws(ConfigError) -> String {
        guard let v = value.stringValue else { throw error("must be a string") }
        return v
    }

    func bool() throws(ConfigError) -> Bool {
        guard let v = value.boolValue else { throw error("must be true or false") }
        return v
    }

    /// One of a fixed set of names.
    func name<T>(_ names: [String: T]) throws(ConfigError) -> T {
        let s = try string()
        guard let v = names[s] else { throw error("unknown value \"\(s)\"; expected one of \(names.keys.sorted().joined(separator: ", "))") }
        return v
    }

    /// A weight: a UIKit name ("semibold") or a whole number from 1 to 1000.
    func weight() throws(ConfigError) -> FontWeight {
        if let name = value.stringValue, let weight = FontWeight(name: name), Int(name) == nil { return weight }
        if let number = value.exactIntegerValue, let weight = FontWeight(rawValue: number) { return weight }
        throw error("must be \(FontWeight.expected)")
    }

    func array() throws(ConfigError) -> [ConfigReader] {
        guard let items = value.arrayValue else { throw error("must be an array") }
        return items.enumerated().map { ConfigReader($1, path: "\(path)[\($0)]") }
    }
}

/// A configuration that can't be used: the path in the file and what is wrong.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the JSON: `cell.vstack.children[0].text.column`; empty for the whole file.
    public var path: String
    public var message: String
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}

extension SizingError {
    /// The one mapping of a sizing error for a JSON config's user: at a path, the config is at
    /// fault (`ConfigError`, whose path is the JSON key path the Swift path mirrors); without
    /// one, the data is (a `CommandError` saying the message).
    package var forConfig: any Error { path.isEmpty ? CommandError(message) : ConfigError(path: path, message: message) }
}
