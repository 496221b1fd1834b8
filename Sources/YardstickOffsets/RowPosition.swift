/// Where a row is: its section and its index within that section, both 0-based (like
/// `IndexPath(row:section:)`). Positions order in table order. Comparisons are O(1).
public struct RowPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var row: Int

    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    public static func < (lhs: RowPosition, rhs: RowPosition) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    public var description: String { "[\(section), \(row)]" }
}
