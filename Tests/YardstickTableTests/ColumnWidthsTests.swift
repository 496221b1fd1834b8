import XCTest
import YardstickLayout
import YardstickTemplates
@testable import YardstickTable

/// Column widths against widths computed by hand from SwiftDataTables' rules.
final class ColumnWidthsTests: XCTestCase {
    static let engine = try! TextEngine()
    var engine: TextEngine { Self.engine }
    let body = TextAttributes(size: 17)

    func natural(_ s: String, bold: Bool = false) -> Double {
        var a = body
        a.fontStyle = bold ? .bold : .regular
        return engine.prepare(s, style: a.fontStyle).naturalWidth(attributes: a)
    }
    func ceilNatural(_ s: String) -> Double { (natural(s) - 1e-9).rounded(.up) }

    let names = ["Ann", "Bartholomew Higginbotham", "Cy", "Dolores", "Eve", "Franziska von Hohenberg", "Gus", "Hal", "Ines", "Jo"]
    var data: TableData { TableData(columns: ["N"], rows: names.map { TableData.Row([$0]) }) }

    func widths(_ mode: DataTableConfiguration.ColumnWidthMode, _ edit: (inout DataTableConfiguration) -> Void = { _ in }) throws -> [Double] {
        var c = DataTableConfiguration()
        c.columnWidthMode = mode
        edit(&c)
        return try TableLayout.grid(data, configuration: c, engine: engine, threads: 1).columnWidths
    }

    func testSamplingTakesEveryCeilNOverKthRowFromZero() {
        XCTAssertEqual(ColumnWidths.sampleRows(10, 3), [0, 4, 8])
        XCTAssertEqual(ColumnWidths.sampleRows(10, 5), [0, 2, 4, 6, 8])
        XCTAssertEqual(ColumnWidths.sampleRows(7, 7), Array(0..<7))
        XCTAssertEqual(ColumnWidths.sampleRows(100, 6), [0, 17, 34, 51, 68, 85])
        XCTAssertEqual(ColumnWidths.percentile([5, 1, 3, 2, 4], 0.9), 5) // round(0.9 × 4) = 4
        XCTAssertEqual(ColumnWidths.percentile([5, 1, 3, 2, 4], 0.5), 3)
    }

    func testTextStrategies() throws {
        let header = natural("N", bold: true) + 45
        func clamp(_ w: Double) -> Double { max(max(w, 70), header) }
        let all = names.map(ceilNatural)
        XCTAssertEqual(try widths(.fitContentText(.maxMeasured)), [clamp(all.max()! + 60)])
        let sample = [0, 4, 8].map { all[$0] } // 10 rows, 3 samples: stride 4
        XCTAssertEqual(try widths(.fitContentText(.sampledMax(sampleSize: 3))), [clamp(sample.max()! + 60)])
        XCTAssertEqual(try widths(.fitContentText(.percentileMeasured(percentile: 0.5, sampleSize: 5))),
                       [clamp([0, 2, 4, 6, 8].map { all[$0] }.sorted()[2] + 60)])
        let average = Double(names.map(\.count).reduce(0, +)) * 7 / Double(names.count)
        XCTAssertEqual(try widths(.fitContentText(.estimatedAverage(averageCharWidth: 7))), [clamp(average + 60)])
        XCTAssertEqual(try widths(.fitContentText(.hybrid(sampleSize: 3, averageCharWidth: 7))), [clamp(max(average, sample.max()!) + 60)])
        XCTAssertEqual(try widths(.fixed(120)), [120])
        XCTAssertEqual(try widths(.fixed(10)), [70]) // minColumnWidth
    }

    func testHeaderBeatsTheMaximumAndFramesScale() throws {
        let long = TableData(columns: ["A rather long column title", "B"], rows: [TableData.Row(["x", String(repeating: "wide text ", count: 20)])])
        var c = DataTableConfiguration()
        c.columnWidthMode = .fitContentText(.maxMeasured)
        c.maxColumnWidth = 80
        let w = try TableLayout.grid(long, configuration: c, engine: engine, threads: 1).columnWidths
        XCTAssertEqual(w[0], natural("A rather long column title", bold: true) + 45) // above the maximum
        XCTAssertEqual(w[1], 80)
        c.frameWidth = 1000
        let scaled = try TableLayout.grid(long, configuration: c, engine: engine, threads: 1).columnWidths
        XCTAssertEqual(scaled[0], w[0] + (1000 - w[0] - w[1]) * w[0] / (w[0] + w[1]), accuracy: 1e-9)
        XCTAssertEqual(scaled.reduce(0, +), 1000, accuracy: 1e-9)
        c.columnWidths = ["B": 33] // beats everything, unclamped
        XCTAssertEqual(try TableLayout.grid(long, configuration: c, engine: engine, threads: 1).columnWidths[1], 33)
    }

    func testAutoLayoutFitsTheCellsNaturalWidth() throws {
        // The default cell: label (at least 20) between 15 pt margins, rounded up.
        let w = try widths(.fitContentAutoLayout(sample: .all))
        XCTAssertEqual(w, [max((names.map { max(natural($0), 20) + 30 }.max()! - 1e-9).rounded(.up), 70)])
    }

    func testRowsWithoutTheColumnAreLeftOut() throws {
        let ragged = TableData(columns: ["A", "B"], rows: [TableData.Row(["x", "abcdefghij"]), TableData.Row(["y"]), TableData.Row(["z"])])
        var c = DataTableConfiguration()
        c.columnWidthMode = .fitContentText(.estimatedAverage(averageCharWidth: 10))
        c.minColumnWidth = 0
        let w = try TableLayout.grid(ragged, configuration: c, engine: engine, threads: 1).columnWidths
        XCTAssertEqual(w[1], max(100 + 60, natural("B", bold: true) + 45)) // the mean of the one row that has B
        c.sections = SectionLevels(allSections: SectionRules(cell: .text(column: "A")))
        XCTAssertThrowsError(try TableLayout.grid(ragged, configuration: c, engine: engine)) { XCTAssertEqual(($0 as? SizingError)?.path, "sections.cell") }
    }
}
