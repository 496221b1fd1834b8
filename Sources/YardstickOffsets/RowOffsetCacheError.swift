/// Why the row-offset cache refused an operation. The cache is unchanged whenever one is thrown.
/// `description` is a one-line message suitable for users (the CLI prints it).
public enum RowOffsetCacheError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A length in points was NaN or infinite.
    case nonFiniteLength(Double)
    /// A length in points does not fit in 64 bits of units.
    case lengthOutOfRange(Double)
    /// A height (row, header, footer, estimate or viewport) was below zero.
    case negativeHeight(LayoutLength)
    /// A height was above ``RowOffsetCache/maximumHeight``.
    case heightTooLarge(LayoutLength)
    /// A count (rows, sections or prefetch rows) was below zero.
    case negativeCount(Int)
    /// The section index is not in `0..<sectionCount`.
    case sectionOutOfRange(section: Int, sectionCount: Int)
    /// The section range is not within `0..<sectionCount` (or, for inserting, the index is not in `0...sectionCount`).
    case sectionRangeOutOfBounds(lower: Int, upper: Int, sectionCount: Int)
    /// The row index is not in `0..<rowCount` of its section (or `0...rowCount` for inserting).
    case rowOutOfRange(RowPosition, rowCount: Int)
    /// The row range is not within `0..<rowCount` of the section.
    case rowRangeOutOfBounds(section: Int, lower: Int, upper: Int, rowCount: Int)
    /// The operation would take the table past ``RowOffsetCache/maximumItemCount`` items.
    case tooManyItems(requested: Int, limit: Int)
    /// Restoring was asked for with no anchor captured.
    case noScrollAnchor

    public var description: String {
        switch self {
        case .nonFiniteLength(let value):
            return "length \(value) is not finite"
        case .lengthOutOfRange(let value):
            return "length \(value) pt is out of range"
        case .negativeHeight(let height):
            return "height \(height.points) is negative"
        case .heightTooLarge(let height):
            return "height \(height.points) exceeds the maximum of \(RowOffsetCache.maximumHeight.points)"
        case .negativeCount(let count):
            return "count \(count) is negative"
        case .sectionOutOfRange(let section, let sectionCount):
            return "section \(section) is out of range (the table has \(sectionCount) sections)"
        case .sectionRangeOutOfBounds(let lower, let upper, let sectionCount):
            return "sections \(lower)..<\(upper) are out of range (the table has \(sectionCount) sections)"
        case .rowOutOfRange(let position, let rowCount):
            return "row \(position.row) is out of range (section \(position.section) has \(rowCount) rows)"
        case .rowRangeOutOfBounds(let section, let lower, let upper, let rowCount):
            return "rows \(lower)..<\(upper) are out of range (section \(section) has \(rowCount) rows)"
        case .tooManyItems(let requested, let limit):
            return "the table would hold \(requested) items (rows plus two per section), more than the limit of \(limit)"
        case .noScrollAnchor:
            return "no scroll anchor has been captured"
        }
    }
}
