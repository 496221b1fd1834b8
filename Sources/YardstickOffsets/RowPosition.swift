/// Where a row is: its section and its index within that section, both 0-based (like
/// `IndexPath(row:section:)`). Positions order in table order. Comparisons are O(1).
public struct RowPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section's index among the table's sections, 0-based (`IndexPath.section`).
    public var section: Int
    /// The row's index within its section, 0-based (`IndexPath.row`).
    public var row: Int

    /// Row `row` of section `section`.
    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// Table order: by section, then by row within it.
    public static func < (lhs: RowPosition, rhs: RowPosition) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    /// `[section, row]`, as `IndexPath` prints.
    public var description: String { "[\(section), \(row)]" }
}
