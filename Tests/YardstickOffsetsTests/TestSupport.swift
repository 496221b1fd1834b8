@testable import YardstickOffsets

/// A length of whole points, for readable tests.
func pt(_ points: Int) -> LayoutLength { .units(Int64(points) * LayoutLength.unitsPerPoint) }

func at(_ section: Int, _ row: Int) -> RowPosition { RowPosition(section: section, row: row) }

extension RowOffsetCache {
    /// The stored items, for checking that a refused operation changed nothing.
    var storedCodes: [UInt32] { tree.allCodes() }
}
