import XCTest
import YardstickLayout
import YardstickOffsets
@testable import YardstickTable

final class TableMeasurerTests: XCTestCase {
    static let engine = try! TextEngine()

    func testRowsAreAsTallAsTheirTallestCellAndColumnsAreCapped() throws {
        let engine = Self.engine
        let rows = [["Name", "Notes"],
                    ["Ann", "short"],
                    ["Bob", "a much longer note that will certainly need to wrap onto several lines in a narrow column"],
                    ["", ""]]
        let m = try TableMeasurer(engine: engine, maxColumnWidth: 120, threads: 1).measure(rows)
        XCTAssertEqual(m.cellCount, 8)
        // Column 0 fits its widest cell on one line (the bold header or a name).
        var bold = TextAttributes()
        bold.fontStyle = .bold
        let nameWidth = engine.prepare("Name", style: .bold).naturalWidth(attributes: bold)
        XCTAssertEqual(m.columnWidths[0], max(nameWidth, engine.layout("Ann", width: 1000).width, engine.layout("Bob", width: 1000).width))
        XCTAssertEqual(m.columnWidths[1], 120) // capped
        let note = engine.layout(rows[2][1], width: 120)
        XCTAssertGreaterThan(note.lineCount, 2)
        // Heights are kept in 1/64 pt, rounded to nearest.
        func q(_ x: Double) -> Double { (x * 64).rounded(.toNearestOrAwayFromZero) / 64 }
        XCTAssertEqual(m.rowHeights[2], q(note.height))
        XCTAssertEqual(m.rowHeights[1], q(engine.layout("short", width: 120).height))
        XCTAssertEqual(m.rowHeights[3], q(engine.layout("", width: 120).height)) // empty cells are one line
        XCTAssertEqual(m.rowOffsets, [0, m.rowHeights[0], m.rowHeights[0] + m.rowHeights[1], m.rowHeights[0] + m.rowHeights[1] + m.rowHeights[2]])
        XCTAssertEqual(m.totalHeight, m.rowHeights.reduce(0, +)) // exact: no drift
    }

    func testRaggedRowsAndThreadCounts() throws {
        let rows = [["h1", "h2", "h3"], ["only one"], ["a", "b", "c", "d extra"]] + (0..<300).map { ["row \($0)", String(repeating: "word ", count: $0 % 17)] }
        let one = try TableMeasurer(engine: Self.engine, maxColumnWidth: 90, threads: 1).measure(rows)
        let two = try TableMeasurer(engine: Self.engine, maxColumnWidth: 90, threads: 2).measure(rows)
        XCTAssertEqual(one.columnWidths.count, 4)
        XCTAssertEqual(one.rowHeights, two.rowHeights)
        XCTAssertEqual(one.columnWidths, two.columnWidths)
    }

    /// Each row's height is the tallest of its cells, each measured alone in its column's width:
    /// for capped columns (measured while preparing) and for narrower ones (measured again at
    /// their own width), with hard breaks, a bold header and spacing options.
    func testEveryCellIsMeasuredInItsColumnsWidth() throws {
        let engine = try TextEngine(fonts: Self.engine.fonts)
        let header = ["Id", "Note", "Tag"]
        var rows = [header]
        for i in 0..<200 {
            rows.append(["\(i)", String(repeating: "lorem ipsum ", count: i % 9) + (i % 4 == 0 ? "\nsecond paragraph" : ""),
                         i % 3 == 0 ? "x\ny" : "tag \(i % 7)"])
        }
        let attributes = TextAttributes(size: 15, letterSpacing: 0.2, lineSpacing: 1.5, paragraphSpacing: 3)
        let m = try TableMeasurer(engine: engine, attributes: attributes, maxColumnWidth: 110, threads: 2).measure(rows)
        XCTAssertEqual(m.columnWidths[1], 110)
        XCTAssertLessThan(m.columnWidths[0], 110)
        XCTAssertLessThan(m.columnWidths[2], 110)
        var bold = attributes
        bold.fontStyle = .bold
        func q(_ x: Double) -> Double { (x * 64).rounded(.toNearestOrAwayFromZero) / 64 }
        for (r, row) in rows.enumerated() {
            let a = r == 0 ? bold : attributes
            let tallest = row.enumerated().map { c, text in
                engine.prepare(text, style: a.fontStyle).measure(width: m.columnWidths[c], attributes: a).height
            }.max()!
            XCTAssertEqual(m.rowHeights[r], q(tallest), "row \(r)")
        }
        XCTAssertTrue(m.rowHeights.contains { $0 > m.rowHeights[1] * 2 }) // some cells wrap
    }

    /// Blocks of any size give the heights of one pass, and repeated values (a memo'd column)
    /// measure as they would alone; a column reaching the cap early still reports the cap.
    func testBlocksAndRepeatedValuesGiveTheSameHeights() throws {
        let statuses = ["Delivered", "In transit — delayed at the depot", "已发货", "تم التسليم", "Returned\nto sender"]
        var rows = [["Status", "Note"]]
        for i in 0..<500 { rows.append([statuses[i % 5], String(repeating: "word ", count: i % 23) + "#\(i)"]) }
        let whole = try TableMeasurer(engine: Self.engine, maxColumnWidth: 100, threads: 2).measure(rows)
        for size in [1, 7, 64, 499] {
            var measurer = TableMeasurer(engine: Self.engine, maxColumnWidth: 100, threads: 2)
            var heights: [Double] = []
            for start in stride(from: 0, to: rows.count, by: size) {
                var block = CSVBlock()
                for row in rows[start..<min(rows.count, start + size)] {
                    for field in row { block.bytes += Array(field.utf8); block.fieldEnds.append(block.bytes.count) }
                    block.recordEnds.append(block.fieldEnds.count)
                    block.lines.append(0)
                }
                heights += try measurer.measure(block).map(\.points)
            }
            XCTAssertEqual(heights, whole.rowHeights, "blocks of \(size)")
            XCTAssertEqual(measurer.columnWidths, whole.columnWidths, "blocks of \(size)")
        }
        func q(_ x: Double) -> Double { (x * 64).rounded(.toNearestOrAwayFromZero) / 64 }
        for (r, row) in rows.enumerated().dropFirst() {
            let tallest = row.enumerated().map { c, text in Self.engine.prepare(text).measure(width: whole.columnWidths[c], attributes: TextAttributes()).height }.max()!
            XCTAssertEqual(whole.rowHeights[r], q(tallest), "row \(r)")
        }
    }

    /// Fields are prepared as bytes where they lie: one with invalid UTF-8 is measured as its
    /// repaired text (each bad sequence a U+FFFD, counted), empty ones as empty text.
    func testInvalidFieldsAreMeasuredRepaired() throws {
        let fields: [[UInt8]] = [Array("Name".utf8), Array("Note".utf8), Array("ab".utf8) + [0xFF] + Array(" cd".utf8), [],
                                 [0xE2, 0x82], Array("a long note that wraps in a narrow column, twice over at least".utf8)]
        var block = CSVBlock()
        for (k, field) in fields.enumerated() {
            block.bytes += field
            block.fieldEnds.append(block.bytes.count)
            if k % 2 == 1 { block.recordEnds.append(block.fieldEnds.count); block.lines.append(0) }
        }
        var measurer = TableMeasurer(engine: Self.engine, maxColumnWidth: 90, threads: 1)
        let heights = try measurer.measure(block).map(\.points)
        XCTAssertEqual(measurer.replacedInvalidUTF8, 2)
        let rows = [["Name", "Note"], ["ab\u{FFFD} cd", ""], ["\u{FFFD}", "a long note that wraps in a narrow column, twice over at least"]]
        XCTAssertEqual(heights, try TableMeasurer(engine: Self.engine, maxColumnWidth: 90, threads: 1).measure(rows).rowHeights)
    }

    /// A persistent cache in memory: cells and blocks by key, and what was asked.
    final class MemoryCache: CellCache {
        var cells: [CellKey: CellCacheValue] = [:]
        var blocks: [CellKey: MeasuredBlock] = [:]
        var blockHits = 0
        func size(for key: CellKey) -> CellCacheValue? { cells[key] }
        func store(_ value: CellCacheValue, for key: CellKey) { cells[key] = value }
        func block(for key: CellKey) -> MeasuredBlock? {
            let found = blocks[key]
            if found != nil { blockHits += 1 }
            return found
        }
        func storeBlock(_ block: MeasuredBlock, for key: CellKey) { blocks[key] = block }
    }

    /// Blocks taken whole from a cache give what measuring gives; a block is reused only when
    /// it fits the run (a column it did not measure widths in must already be at the cap).
    func testCachedBlocksGiveWhatMeasuringGives() throws {
        var rows = [["Name", "Note"]]
        for i in 0..<300 { rows.append(["P\(i % 7)", String(repeating: "word ", count: i % 40) + "#\(i)"]) }
        func blocks(_ rows: ArraySlice<[String]>, size: Int) -> [CSVBlock] {
            stride(from: rows.startIndex, to: rows.endIndex, by: size).map { start in
                var block = CSVBlock()
                for row in rows[start..<min(rows.endIndex, start + size)] {
                    for field in row { block.bytes += Array(field.utf8); block.fieldEnds.append(block.bytes.count) }
                    block.recordEnds.append(block.fieldEnds.count)
                    block.lines.append(0)
                }
                return block
            }
        }
        func run(_ cache: MemoryCache?) throws -> ([Int64], [Double], Int) {
            var measurer = TableMeasurer(engine: Self.engine, maxColumnWidth: 100, threads: 2)
            measurer.cache = cache
            var heights: [Int64] = []
            for block in blocks(rows[...], size: 50) { heights += try measurer.measure(block).map(\.units) }
            return (heights, measurer.columnWidths, measurer.cachedCells)
        }
        let plain = try run(nil)
        let cache = MemoryCache()
        let first = try run(cache)
        XCTAssertEqual(first.0, plain.0)
        XCTAssertEqual(first.1, plain.1)
        XCTAssertEqual(cache.blocks.count, 7)
        // The later blocks' notes column was already at the cap: its widths were not measured.
        XCTAssertTrue(cache.blocks.values.contains { $0.naturalWidths[1].isNaN })
        let second = try run(cache)
        XCTAssertEqual(cache.blockHits, 7)
        XCTAssertEqual(second.0, plain.0)
        XCTAssertEqual(second.1, plain.1)
        XCTAssertEqual(second.2, 301 * 2)

        // A block whose notes width was not measured does not fit a run where that column is
        // not yet at the cap: measured instead, with the same result.
        let late = blocks(rows[250...], size: 50)[0]
        var measurer = TableMeasurer(engine: Self.engine, maxColumnWidth: 100, threads: 2)
        measurer.startWithoutHeader(headerFieldCount: 2)
        measurer.cache = cache
        let key = TableMeasurer.blockKey(late, hasHeaderRecord: false, headerFields: 2)
        XCTAssertTrue(cache.blocks[key]?.naturalWidths[1].isNaN ?? false)
        cache.blockHits = 0
        let heights = try measurer.measure(late).map(\.units)
        XCTAssertEqual(cache.blockHits, 1)
        XCTAssertEqual(measurer.cachedCells, 7) // not taken whole: the names from the cells, the notes measured again
        XCTAssertEqual(heights, Array(plain.0[250..<300]))
        XCTAssertGreaterThan(measurer.columnWidths[1], 0)
    }
}

/// A whole table held as rows of strings, measured in blocks of 16,384 records as a run reads
/// them: what the tests compare (the first row is the header when `hasHeader`).
private struct Measured {
    var columnWidths: [Double]
    var rowHeights: [Double]
    var rowOffsets: [Double]
    var totalHeight: Double
    var cellCount: Int
}

private extension TableMeasurer {
    func measure(_ rows: [[String]], hasHeader: Bool = true) throws -> Measured {
        var measurer = self
        measurer.hasHeader = hasHeader
        var heights: [LayoutLength] = []
        var done = 0
        while done < rows.count {
            let end = min(rows.count, done + 16_384)
            var block = CSVBlock()
            for row in rows[done..<end] {
                for field in row { block.bytes.append(contentsOf: field.utf8); block.fieldEnds.append(block.bytes.count) }
                if row.isEmpty { block.fieldEnds.append(block.bytes.count) } // a row without cells is one empty cell
                block.recordEnds.append(block.fieldEnds.count)
                block.lines.append(block.lines.count + done + 1)
            }
            heights += try measurer.measure(block)
            done = end
        }
        var offsets: [Double] = []
        var y: Int64 = 0
        for h in heights { offsets.append(LayoutLength(units: y).points); y += h.units }
        return Measured(columnWidths: measurer.columnWidths.isEmpty ? [0] : measurer.columnWidths, rowHeights: heights.map(\.points),
                        rowOffsets: offsets, totalHeight: LayoutLength(units: y).points, cellCount: measurer.cellCount)
    }
}
