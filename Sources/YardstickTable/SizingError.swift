import YardstickTemplates

/// Why a table could not be sized: what is wrong and where, as a configuration path
/// (`columns.Notes.width`, `cell.vstack.children[0].text.column`).
public struct SizingError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    init(_ error: TemplateError) { self.init(path: error.path, message: error.message) }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// Checks a length by the templates' rule (`TemplateLayout.lengthProblem`).
    static func check(_ value: Double, _ path: String, allowZero: Bool = true) throws(SizingError) {
        if let problem = TemplateLayout.lengthProblem(value, allowingZero: allowZero) { throw SizingError(path: path, message: problem) }
    }
}
