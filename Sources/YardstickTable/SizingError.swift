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

    /// Checks a length: finite, at least 0 (or above 0), at most the tallest row a table holds.
    static func check(_ value: Double, _ path: String, allowZero: Bool = true) throws(SizingError) {
        guard value.isFinite && (allowZero ? value >= 0 : value > 0) && value <= TemplateLayout.maximumLength else {
            throw SizingError(path: path, message: "must be a finite number of points\(allowZero ? " from 0" : " above 0") to \(Int(TemplateLayout.maximumLength)) (got \(value))")
        }
    }
}
