/// Why a template or a table can't be sized: what is wrong (`reason`, a case to switch on) and
/// where, as the path of the configuration's key (`cell.hstack.children.1.box.width`,
/// `columns.Notes.width`: the Swift configuration's properties, which a JSON config mirrors key
/// for key); an empty path when the data is at fault (a row too tall).
///
/// The JSON layer (`SizingConfig`) turns an error with a path into its `ConfigError`, the command
/// line into `CONFIG.json: path: message`, in one place each.
public struct SizingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Hashable, Sendable {
        /// A length that is not a finite number of points in range (`allowsZero`: 0 is allowed).
        case invalidLength(Double, allowsZero: Bool)
        /// A number out of its range: `expected` says the range, as in "must be 0 or more".
        case outOfRange(expected: String, got: String)
        /// A column name the table does not have.
        case noSuchColumn(String)
        /// A row (`row` names it) taller, with its spacing, than the row-offset cache holds
        /// (`limit` points).
        case rowTooTall(row: String, points: Double, limit: Double)
        /// A height (of a row, header or footer that `what` names) that is not a length the
        /// row-offset cache holds (0 to `limit` points).
        case notAHeight(what: String, points: Double, limit: Double)
        /// An estimate that rounds to 0 in the row-offset cache's unit (1/64 pt).
        case belowResolution(points: Double)
        /// The table cannot be held by the row-offset cache (too many rows or sections).
        case tableTooLarge(String)
        /// A row position or section out of range (the lazy table's calls).
        case rowOutOfRange(row: Int, section: Int, rows: Int)
        case sectionOutOfRange(section: Int, sections: Int)
        /// A change the row-offset cache refused (an insertion).
        case offsets(String)
        /// A grid or list rule that does not apply to it (a section template on a grid, a
        /// list's columns), two sections described alike, a section without a cell template.
        case notApplicable(String)
        /// A template that cannot be compiled: its structure (too deep, an empty stack, a
        /// maximum below a minimum) or its constraints (a rule, a priority, an unsolvable set).
        case template(String)
        /// A constraint rule that does not parse: at `character` (from 1), `expected`.
        case badRule(rule: String, character: Int, expected: String)
        /// A table's data source could not give a row (`why` says which and why: a callback that
        /// failed, a file that changed).
        case source(String)
    }

    /// Where the problem is, as a configuration path; empty when the data is at fault.
    public var path: String
    public var reason: Reason

    /// An error at `path`.
    public init(path: String, _ reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// What is wrong, in words (`must be 0 (no limit) or more (got -1)`).
    public var message: String {
        switch reason {
        case .invalidLength(let value, let allowsZero):
            return "must be a finite number of points \(allowsZero ? "from 0" : "above 0") to \(Int(TemplateLayout.maximumLength)) (got \(value))"
        case .outOfRange(let expected, let got): return "\(expected) (got \(got))"
        case .noSuchColumn(let name): return "no column named \"\(name)\""
        case .rowTooTall(let row, let points, let limit): return "\(row) is \(points) pt tall with its spacing; rows hold up to \(limit) pt"
        case .notAHeight(let what, let points, let limit): return "\(what) must be a finite height from 0 to \(limit) pt (got \(points))"
        case .belowResolution(let points): return "\(points) pt rounds to 0 in the row-offset cache's unit; an estimate must be at least 1/64 pt (0.015625)"
        case .tableTooLarge(let why): return "the table cannot be held: \(why)"
        case .rowOutOfRange(let row, let section, let rows): return "\(row) is out of range (section \(section) has \(rows) rows)"
        case .sectionOutOfRange(let section, let sections): return "\(section) is out of range (\(sections) sections)"
        case .offsets(let why), .notApplicable(let why), .template(let why), .source(let why): return why
        case .badRule(let rule, let character, let expected): return "at character \(character): expected \(expected) (in \"\(rule)\")"
        }
    }

    /// `path: message`, or the message alone when the path is empty.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// Checks a length by the one rule for lengths (`TemplateLayout.lengthProblem`).
    package static func check(_ value: Double, _ path: String, allowZero: Bool = true) throws(SizingError) {
        if TemplateLayout.lengthProblem(value, allowingZero: allowZero) != nil { throw SizingError(path: path, .invalidLength(value, allowsZero: allowZero)) }
    }
}
