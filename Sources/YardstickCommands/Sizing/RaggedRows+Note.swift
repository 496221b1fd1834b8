import YardstickTable

extension RaggedRows {
    /// The note for standard error, nil when every row has the header's fields: how many rows,
    /// the header's field count when given, the lines of the first few, and what became of them.
    package func note(columns: Int?, effect: String = "missing cells are empty, extra ones unused") -> String? {
        guard count > 0 else { return nil }
        let named = lines.map(String.init).joined(separator: ", ") + (count > lines.count ? ", …" : "")
        let header = columns.map { "the header's \($0)" } ?? "the header's"
        return "yardstick: note: \(count) row(s) have a number of fields other than \(header) (line\(lines.count == 1 && count == 1 ? "" : "s") \(named); \(effect))"
    }
}
