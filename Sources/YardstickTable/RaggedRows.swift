/// The rows of a CSV table whose number of fields differs from the header's: how many, and the
/// lines the first few start on, so the note about them can be acted on. O(1) per row.
package struct RaggedRows: Equatable, Sendable {
    package private(set) var count = 0
    /// The lines (from 1) of the first `namedLines` such rows, in file order.
    package private(set) var lines: [Int] = []
    /// How many lines a note names.
    package static let namedLines = 5

    package init() {}

    package init(count: Int, lines: [Int]) {
        self.count = count
        self.lines = Array(lines.prefix(Self.namedLines))
    }

    /// Counts a row starting on `line`.
    package mutating func add(line: Int) {
        count += 1
        if lines.count < Self.namedLines { lines.append(line) }
    }

    /// Counts `other`'s rows after these (its lines named while fewer than `namedLines` are).
    package mutating func append(_ other: RaggedRows) {
        count += other.count
        lines += other.lines.prefix(Self.namedLines - lines.count)
    }
}
