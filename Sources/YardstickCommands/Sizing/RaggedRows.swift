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

    /// The note for standard error, nil when every row has the header's fields.
    package func note(columns: Int) -> String? {
        guard count > 0 else { return nil }
        let named = lines.map(String.init).joined(separator: ", ") + (count > lines.count ? ", …" : "")
        return "yardstick: note: \(count) row(s) have a number of fields other than the header's \(columns) (line\(lines.count == 1 && count == 1 ? "" : "s") \(named); missing cells are empty, extra ones unused)"
    }
}
