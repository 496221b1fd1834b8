import XCTest
import YardstickLayout
import YardstickTemplates
@testable import YardstickTable

final class ColumnWidthPassTests: XCTestCase {
    static let engine = try! TextEngine()

    /// Ragged rows of words of many lengths and scripts: some rows lack the later columns.
    static let data: TableData = {
        let words = ["a", "Delivered", "已发货 快递", "تم التسليم", "a much longer note that wraps", "👍🏽 ok", "Zwrot sprawdzony", ""]
        var rows: [TableData.Row] = []
        for i in 0..<700 {
            var fields = [words[i % 8] + " \(i)", words[(i * 7) % 8], String(repeating: words[(i * 3) % 8] + " ", count: i % 9)]
            if i % 11 == 0 { fields.removeLast(i % 2 + 1) }
            rows.append(TableData.Row(fields))
        }
        return TableData(columns: ["Name", "Status", "Notes"], rows: rows)
    }()

    /// The widths chosen over blocks of any size equal those chosen over the whole table, for
    /// every width mode (modes that sample, measure every value, or count characters).
    func testBlocksGiveTheWholeTablesWidths() throws {
        typealias Mode = DataTableConfiguration.ColumnWidthMode
        let modes: [Mode] = [.fitContentText(.maxMeasured), .fitContentText(.sampledMax(sampleSize: 37)),
                             .fitContentText(.percentileMeasured(percentile: 0.8, sampleSize: 50)),
                             .fitContentText(.estimatedAverage(averageCharWidth: 6.5)), .fitContentText(.hybrid(sampleSize: 20, averageCharWidth: 9)),
                             .fitContentAutoLayout(sample: .all), .fitContentAutoLayout(sample: .sampledMax(sampleSize: 64)),
                             .fitContentAutoLayout(sample: .percentile(percentile: 0.5, sampleSize: 90)), .fixed(120)]
        let data = Self.data
        for (k, mode) in modes.enumerated() {
            var c = DataTableConfiguration()
            c.columnWidthMode = mode
            c.maxColumnWidth = 400
            // A column of its own mode, and a template column (Auto Layout natural widths).
            c.columnWidthModes["Status"] = modes[(k + 3) % modes.count]
            c.cellTemplates["Notes"] = .text(column: "Notes", style: .footnote)
            let whole = try TableLayout.grid(data, configuration: c, engine: Self.engine, threads: 2).columnWidths
            for size in [1, 64, 333, 700] {
                var pass = try ColumnWidthPass(columns: data.columns, configuration: c, engine: Self.engine, threads: 2)
                let blocks = stride(from: 0, to: data.rows.count, by: size).map { Array(data.rows[$0..<min(data.rows.count, $0 + size)]) }
                for block in blocks { pass.count(block) }
                if pass.needsSamples { for block in blocks { pass.sample(block) } }
                let columns = try pass.columns()
                XCTAssertEqual(columns.widths(frame: columns.frameWidth), whole, "\(mode) in blocks of \(size)")
            }
        }
    }
}
