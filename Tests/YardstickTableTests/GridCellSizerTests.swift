import XCTest
import YardstickFonts
import YardstickLayout
@testable import YardstickTable

final class GridCellSizerTests: XCTestCase {
    static let engine = try! TextEngine()

    private func block(_ rows: [[String]]) -> CSVBlock {
        var block = CSVBlock()
        for row in rows {
            for field in row { block.bytes.append(contentsOf: field.utf8); block.fieldEnds.append(block.bytes.count) }
            block.recordEnds.append(block.fieldEnds.count)
            block.lines.append(block.lines.count + 1)
        }
        return block
    }

    private let measure: (Int, PreparedText) -> (natural: Double, height: Double) = { _, text in
        (text.naturalWidth(attributes: TextAttributes()), text.heightAndLineCount(width: 80, attributes: TextAttributes()).height)
    }

    /// A repeated value is measured once, yet its missing glyphs count at every use, and the
    /// sizes are those of every cell measured alone.
    func testMemoGivesTheSameSizesAndCountsEveryUse() {
        let values = ["ᚠᚢ runes", "Shipped", "a longer note that wraps over several lines at eighty points"]
        let rows = (0..<300).map { [values[$0 % 3], "row \($0)"] }
        let b = block(rows)
        let cells = (0..<Int32(rows.count)).flatMap { [($0, Int32(0)), ($0, Int32(1))] }
        var memoized = GridCellSizer(engine: Self.engine, threads: 2)
        memoized.chooseMemoColumns(b, from: 0, columns: 2)
        let withMemo = memoized.sizes(b, cells: cells, style: .regular, measure: measure)
        var alone = GridCellSizer(engine: Self.engine, threads: 1)
        let without = alone.sizes(b, cells: cells, style: .regular, memoized: false, measure: measure)
        XCTAssertEqual(withMemo.heights, without.heights)
        XCTAssertEqual(withMemo.naturals, without.naturals)
        XCTAssertEqual(withMemo.missing.map(\.cell), without.missing.map(\.cell))
        let counted = withMemo.missing.reduce(into: MissingGlyphs.none) { $0.formUnion($1.glyphs) }
        let runes = Self.engine.prepare("ᚠᚢ runes").missingGlyphs.clusterCount
        XCTAssertGreaterThan(runes, 0)
        XCTAssertEqual(counted.clusterCount, runes * 100)
        XCTAssertEqual(counted, without.missing.reduce(into: MissingGlyphs.none) { $0.formUnion($1.glyphs) })
    }

    /// A persistent cache answers what an earlier run stored: clean cells only, and without a
    /// natural width only where none is needed.
    func testPersistentCacheKeepsCleanCells() {
        let rows = [["Tokyo"], ["ᚠᚢ"], ["Lisbon, a city on seven hills"], ["bad \u{FFFD}"]]
        var b = block(rows)
        b.bytes.insert(0xFF, at: b.fieldEnds[2]) // invalid UTF-8 in the last cell
        for i in 3..<b.fieldEnds.count { b.fieldEnds[i] += 1 }
        let cache = MemoryCellCache()
        var first = GridCellSizer(engine: Self.engine, threads: 1)
        first.cache = cache
        let measured = first.sizes(b, cells: [(0, 0), (1, 0), (2, 0), (3, 0)], style: .regular, cacheStyle: 1, measure: measure)
        XCTAssertEqual(first.cachedCells, 0)
        XCTAssertEqual(cache.values.count, 2) // not the missing glyphs, not the invalid UTF-8
        XCTAssertTrue(cache.values.values.allSatisfy { $0.natural.isNaN })
        var second = GridCellSizer(engine: Self.engine, threads: 1)
        second.cache = cache
        let again = second.sizes(b, cells: [(0, 0), (1, 0), (2, 0), (3, 0)], style: .regular, cacheStyle: 1, measure: measure)
        XCTAssertEqual(second.cachedCells, 2)
        XCTAssertEqual(again.heights, measured.heights)
        XCTAssertEqual(again.replaced, 1)
        XCTAssertEqual(again.missing.map(\.cell), [1])
        var third = GridCellSizer(engine: Self.engine, threads: 1)
        third.cache = cache
        _ = third.sizes(b, cells: [(0, 0), (1, 0), (2, 0), (3, 0)], style: .regular, cacheStyle: 1, needsNatural: { _ in true }, measure: measure)
        XCTAssertEqual(third.cachedCells, 0) // no natural widths stored
    }
}

private final class MemoryCellCache: CellCache {
    var values: [CellKey: CellCacheValue] = [:]
    func size(for key: CellKey) -> CellCacheValue? { values[key] }
    func store(_ value: CellCacheValue, for key: CellKey) { values[key] = value }
}
