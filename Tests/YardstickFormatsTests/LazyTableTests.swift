import XCTest
import Foundation
@testable import YardstickFormats
import YardstickLayout
import YardstickOffsets
import YardstickTemplates
@testable import YardstickTable

/// A lazy table over a CSV file read as needed answers as the table of the whole file does,
/// once its index is complete; before that only the estimated total differs.
final class LazyTableTests: XCTestCase {
    static let engine = try! TextEngine()

    func file(rows: Int) throws -> (path: String, bytes: [UInt8]) {
        var out = Array("Name,Status,Notes\n".utf8)
        for i in 0..<rows {
            out += Array("Person \(i % 97),\(["Shipped", "Pending", "Returned"][i % 3]),\"\(String(repeating: "note words ", count: 1 + (i * 13) % 23))\"\n".utf8)
            if i % 1000 == 999 { out += Array("\n".utf8) } // empty lines: not rows
        }
        let path = NSTemporaryDirectory() + "lazy-\(UUID().uuidString).csv"
        FileManager.default.createFile(atPath: path, contents: Data(out))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return (path, out)
    }

    static let list = try! SizingConfig(json: Array(#"""
        {"layout":"list","width":390,"rowHeightMode":{"automatic":{"estimated":60,"prefetchWindow":4}},
         "cell":{"vstack":{"spacing":4,"children":[{"text":{"column":"Name","style":"headline","lines":1}},{"text":{"column":"Notes"}}]},
                 "insets":{"top":8,"leading":16,"bottom":8,"trailing":16}}}
        """#.utf8))
    static let grid = try! SizingConfig(json: Array(#"{"textLayout":"wrap","rowHeightMode":{"automatic":{"estimated":44,"prefetchWindow":3}}}"#.utf8))

    func held(_ bytes: [UInt8], _ sizing: SizingConfig) throws -> LazyTable {
        let (data, _, _, _) = try SizingJob.table(csv: bytes)
        return LazyTable(holding: try SizingJob(config: sizing, format: .csv, threads: 2).layout(data, engine: Self.engine), columns: data.columns)
    }

    func testAFileTableAnswersAsTheWholeTable() throws {
        let (path, bytes) = try file(rows: 30_000)
        for sizing in [Self.list, Self.grid] {
            var whole = try held(bytes, sizing)
            var lazy = try LazyTable(.file(try CSVFileIndex(path: path, maxFieldBytes: 1 << 20)), columns: ["Name", "Status", "Notes"],
                                     sizing: sizing, engine: Self.engine, threads: 2)
            // The first screen: the same rows and heights; the total differs only by the estimate.
            let a = try lazy.scroll(to: 0, viewportHeight: 900)
            let b = try whole.scroll(to: 0, viewportHeight: 900)
            XCTAssertEqual(a.firstVisibleRow, b.firstVisibleRow)
            XCTAssertEqual(a.lastVisibleRow, b.lastVisibleRow)
            XCTAssertEqual(a.measuredRowCount, b.measuredRowCount)
            // Far down: the index is completed, the row count corrected; from then on, the same.
            _ = try lazy.scroll(to: 2_000_000, viewportHeight: 900)
            XCTAssertTrue(lazy.isIndexed)
            _ = try whole.scroll(to: 2_000_000, viewportHeight: 900)
            XCTAssertEqual(lazy.table.rowCounts, whole.table.rowCounts)
            var generator = SplitMix(seed: 7)
            for step in 0..<60 {
                let rows = whole.table.rowCounts[0]
                let r = Int(generator.next() % UInt64(rows - 3))
                let p = RowPosition(section: 0, row: r)
                switch step % 5 {
                case 0:
                    let y = Double(generator.next() % UInt64(max(1, whole.table.totalHeight.points)))
                    XCTAssertEqual(try lazy.scroll(to: y, viewportHeight: 700), try whole.scroll(to: y, viewportHeight: 700), "step \(step)")
                case 1:
                    let row = TableData.Row(["Edited \(step)", "x", String(repeating: "longer words ", count: step)])
                    XCTAssertEqual(try lazy.replaceRow(at: p, with: row), try whole.replaceRow(at: p, with: row), "step \(step)")
                case 2:
                    let new = [TableData.Row(["New", "y", "inserted \(step)"]), TableData.Row(["New 2", "z", ""])]
                    try lazy.insertRows(new, count: 2, at: p)
                    try whole.insertRows(new, count: 2, at: p)
                case 3:
                    try lazy.deleteRows(at: p, count: 2)
                    try whole.deleteRows(at: p, count: 2)
                default:
                    XCTAssertEqual(try lazy.model(at: p), try whole.model(at: p), "step \(step)")
                }
                XCTAssertEqual(lazy.table.totalHeight, whole.table.totalHeight, "step \(step)")
            }
        }
    }

    /// What the table answers before its index is complete depends on the file only, not on
    /// how far the thread came: a table opened after the thread finished answers the same.
    func testAnswersDoNotDependOnTheIndexingThread() throws {
        let (path, _) = try file(rows: 15_000)
        let early = try CSVFileIndex(path: path, maxFieldBytes: 1 << 20)
        let late = try CSVFileIndex(path: path, maxFieldBytes: 1 << 20)
        _ = try late.waitUntilComplete()
        var a = try LazyTable(.file(early), columns: early.columns, sizing: Self.list, engine: Self.engine, threads: 2)
        var b = try LazyTable(.file(late), columns: late.columns, sizing: Self.list, engine: Self.engine, threads: 1)
        XCTAssertEqual(try a.scroll(to: 0, viewportHeight: 800), try b.scroll(to: 0, viewportHeight: 800))
        XCTAssertEqual(a.table.totalHeight, b.table.totalHeight)
        XCTAssertFalse(a.isIndexed)
        // A row past the first piece is asked for: the whole index first, then the file's row.
        let past = RowPosition(section: 0, row: early.firstPieceRows + 10)
        try a.completeIndex(before: RowPosition(section: 0, row: 3))
        XCTAssertFalse(a.isIndexed)
        try a.completeIndex(before: past)
        XCTAssertTrue(a.isIndexed)
        XCTAssertEqual(try a.exactRowCount(), 15_000)
    }

    /// However far a table is scrolled, it keeps the prepared texts of a bounded number of rows,
    /// and a re-layout reads the others again to the same heights.
    func testPreparedTextsAreBounded() throws {
        let (path, bytes) = try file(rows: 6_000)
        var lazy = try LazyTable(.file(try CSVFileIndex(path: path, maxFieldBytes: 1 << 20)), columns: ["Name", "Status", "Notes"],
                                 sizing: Self.list, engine: Self.engine, threads: 2)
        var whole = try held(bytes, Self.list)
        try lazy.reconfigure { (t: inout TableLayout<TableData.Row>) throws(SizingError) in t.keptRowLimit = 100 }
        for y in stride(from: 0.0, to: 600_000, by: 20_000) {
            XCTAssertEqual(try lazy.scroll(to: y, viewportHeight: 900), try whole.scroll(to: y, viewportHeight: 900))
            XCTAssertLessThanOrEqual(lazy.table.slab.liveCount, 100 + 60)
        }
        try lazy.reconfigure { (t: inout TableLayout<TableData.Row>) throws(SizingError) in try t.setWidth(300) }
        try whole.reconfigure { (t: inout TableLayout<TableData.Row>) throws(SizingError) in try t.setWidth(300) }
        XCTAssertEqual(lazy.table.totalHeight, whole.table.totalHeight)
    }

    func testASourceTableFollowsTheCallersRows() throws {
        final class Rows: @unchecked Sendable { var rows: [[String]] = (0..<5_000).map { ["Row \($0)", "", "note \($0)"] } }
        let model = Rows()
        var lazy = try LazyTable(.rows(count: 5_000, row: { model.rows[$0] }), columns: ["Name", "Status", "Notes"], sizing: Self.list,
                                 engine: Self.engine, threads: 1)
        _ = try lazy.scroll(to: 10_000, viewportHeight: 800)
        model.rows.insert(["Inserted", "", String(repeating: "long ", count: 80)], at: 100)
        try lazy.insertRows(nil, count: 1, at: RowPosition(section: 0, row: 100))
        model.rows[3][2] = String(repeating: "changed ", count: 50)
        XCTAssertTrue(try lazy.reloadRow(at: RowPosition(section: 0, row: 3)).changed)
        XCTAssertThrowsError(try lazy.replaceRow(at: RowPosition(section: 0, row: 3), with: TableData.Row(["x"])))
        XCTAssertEqual(try lazy.model(at: RowPosition(section: 0, row: 100)).fields[0], "Inserted")
        XCTAssertThrowsError(try LazyTable(.rows(count: 5, row: { _ in throw CommandError("the callback failed") }), columns: ["A"],
                                           sizing: Self.grid, engine: Self.engine, threads: 1)) { error in
            XCTAssertTrue("\(error)".contains("the callback failed"), "\(error)")
        }
    }
}

/// A small deterministic generator for the test's choices.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
