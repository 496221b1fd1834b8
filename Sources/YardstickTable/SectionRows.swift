/// A section's row models: held, or, for a table over a data source, only counted (the source
/// gives a row's model when it is measured, by its position), so a table of ten million rows
/// spends nothing per row on models it does not hold.
///
/// A counted section takes no models: what is put in stands for rows of the source and only
/// their number is kept; reading gives the placeholder. Setting one row of a counted section
/// holds them all from then on.
/// - Complexity: O(1) to read or count; inserting or removing O(n) when held, O(1) when counted.
package struct SectionRows<Row>: RandomAccessCollection, RangeReplaceableCollection, MutableCollection, ExpressibleByArrayLiteral {
    private var held: [Row]
    /// The rows of a counted section, and what reading one of them gives.
    private var counted: (count: Int, placeholder: Row)?

    package init() { held = [] }
    package init(_ rows: [Row]) { held = rows }
    package init(arrayLiteral rows: Row...) { held = rows }
    /// `count` rows of a source, each read as `placeholder`.
    package init(count: Int, placeholder: Row) {
        held = []
        counted = (count, placeholder)
    }

    /// Whether the rows are only counted (a data source holds them).
    package var isCounted: Bool { counted != nil }

    package var startIndex: Int { 0 }
    package var endIndex: Int { counted?.count ?? held.count }

    package subscript(position: Int) -> Row {
        get {
            if let counted { precondition(position >= 0 && position < counted.count, "row out of range"); return counted.placeholder }
            return held[position]
        }
        set {
            if let counted {
                held = Array(repeating: counted.placeholder, count: counted.count)
                self.counted = nil
            }
            held[position] = newValue
        }
    }

    package mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with rows: C) where C.Element == Row {
        if let counted {
            precondition(range.lowerBound >= 0 && range.upperBound <= counted.count, "rows out of range")
            self.counted!.count = counted.count - range.count + rows.count
        } else {
            held.replaceSubrange(range, with: rows)
        }
    }
}

extension SectionRows: Sendable where Row: Sendable {}
