import XCTest
import YardstickLayout
import YardstickOffsets
import YardstickTemplates
@testable import YardstickTable

/// `RowSizer`: the lengths a `TableLayout` of the whole table stores, from a block's records.
final class RowSizerTests: XCTestCase {
    static let engine = try! TextEngine()

    /// A block of CSV records (the first is the header).
    func block(_ csv: String) throws -> CSVBlock {
        var parser = CSVParser()
        try Array(csv.utf8).withUnsafeBufferPointer { try parser.feed($0) }
        try parser.finish()
        return parser.take()
    }

    let csv = "Name,Status,Notes\n" + (0..<300).map { i in
        let notes = ["Leave at the door", "已发货，请查收", "تم التسليم إلى الجار", "A longer note that wraps in a narrow column, twice or more", ""]
        return "P\(i % 7),S\(i % 3),\"\(notes[i % 5]) #\(i % 11)\""
    }.joined(separator: "\n") + "\nShort\n"

    /// Every record's length as the whole table's `TableLayout` stores it.
    func wholeTable(_ layout: TableLayout<TableData.Row>) throws -> [Int64] {
        try (0..<layout.rowCounts[0]).map { try layout.offsets.height(of: RowPosition(section: 0, row: $0)).units }
    }

    func sized(_ make: (TableData) throws -> TableLayout<TableData.Row>, memoFirst: Bool = false) throws -> (rows: [Int64], whole: [Int64]) {
        let records = try block(csv)
        let data = TableData(records: (0..<records.count).map { r in (0..<records.fieldCount(r)).map { records.string(r, $0).text } })
        var whole = try make(data)
        try whole.measureAll()
        // The sizer takes the cells of a table of the first row, then the records in two batches.
        var first = try make(TableData(columns: data.columns, rows: [data.rows[0]]))
        try first.measureAll()
        var sizer = RowSizer(first)
        let all = Array(1..<records.count)
        var rows: [Int64] = []
        for part in [all[..<100], all[100...]] {
            rows += try sizer.lengths(records, records: Array(part)) { "row \($0)" }.lengths.map(\.units)
        }
        return (rows, try wholeTable(whole))
    }

    func testAGridOfDefaultCellsGivesTheWholeTablesLengths() throws {
        var c = DataTableConfiguration()
        c.textLayout = .wrap
        c.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 10)
        c.maxColumnWidth = 120
        c.heightOfInterRowSpacing = 1.5
        let (rows, whole) = try sized { try TableLayout.grid($0, configuration: c, engine: Self.engine, threads: 2) }
        XCTAssertEqual(rows, whole)
        XCTAssertGreaterThan(Set(rows).count, 3) // (wrapped cells of several heights)
    }

    func testAListOfTemplatesGivesTheWholeTablesLengths() throws {
        var c = ListConfiguration<TableData.Row>(width: 200, cell: .vstack(spacing: 4) { CellTemplate.text(column: "Name", style: .headline); CellTemplate.text(column: "Notes") })
        c.interRowSpacing = 1
        let (rows, whole) = try sized { try TableLayout.list($0, configuration: c, engine: Self.engine, threads: 2) }
        XCTAssertEqual(rows, whole)
    }

    /// Invalid UTF-8 is counted per record and makes it unclean; a row too tall is a typed error.
    func testInvalidBytesAndTooTallRows() throws {
        var c = DataTableConfiguration()
        c.textLayout = .wrap
        c.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 10)
        c.maxColumnWidth = 40
        c.columnWidthMode = .fixed(40)
        var bytes = Array("A\nok\n".utf8)
        bytes += [0x62, 0xFF, 0x0A]
        bytes += Array(("\"" + String(repeating: "word ", count: 500_000) + "\"\n").utf8)
        var parser = CSVParser()
        try bytes.withUnsafeBufferPointer { try parser.feed($0) }
        try parser.finish()
        let records = parser.take()
        var first = try TableLayout.grid(TableData(columns: ["A"], rows: [TableData.Row(["ok"])]), configuration: c, engine: Self.engine)
        try first.measureAll()
        var sizer = RowSizer(first)
        let sized = try sizer.lengths(records, records: [1, 2]) { "row \($0)" }
        XCTAssertEqual(sized.replaced, 1)
        XCTAssertEqual(sized.clean, [true, false])
        XCTAssertThrowsError(try sizer.lengths(records, records: [3]) { "row \($0)" }) { error in
            // (Taller than the cache holds before its spacing: not a height it can store.)
            guard case .notAHeight(let row, let points, let limit)? = (error as? SizingError)?.reason else { return XCTFail("\(error)") }
            XCTAssertEqual(row, "row 0")
            XCTAssertGreaterThan(points, limit)
            XCTAssertEqual(limit, RowOffsetCache.maximumHeight.points)
        }
    }
}
