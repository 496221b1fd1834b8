import Foundation
import XCTest
import Yardstick // the one import users write: no @testable, so only the public API

/// The README's Swift example, compiled and run as users would: the lines between the markers
/// are the README's, and `testTheExampleIsTheReadmes` fails when the two drift apart.
final class ReadmeExampleTests: XCTestCase {
    func testTheSwiftExampleRuns() throws {
        // README example begin
        let engine = try TextEngine()                                   // bundled fonts
        struct Note { var title: String; var body: String }
        let cell = CellTemplate<Note>.vstack(spacing: 4) {
            CellTemplate.text(\.title, style: .headline, lines: 1, truncates: true)  // semibold, as on iOS
            CellTemplate.text(\.body, weight: .light)
        }.insets(EdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16))
        let note = Note(title: "Groceries", body: "Milk, eggs, bread and a few things more")
        let height = try CellSizer(cell, engine: engine).height(for: note, width: 390)

        let notes = Array(repeating: note, count: 10_000)
        var config = ListConfiguration(width: 390, cell: cell)              // a self-sizing list
        config.rowHeightMode = .automatic(estimated: 100, prefetchWindow: 10)
        var table = try TableLayout.list(sections: [("", notes)], configuration: config, engine: engine)
        let screen = try table.scroll(to: 0, viewportHeight: 844)           // measures ~20 rows
        let edited = Note(title: "Groceries", body: "Milk")
        try table.replaceRow(at: RowPosition(section: 0, row: 3), with: edited)  // remeasureRow, anchored
        try table.measureAll()                                              // or everything, all cores
        let y = try table.offsets.offset(of: RowPosition(section: 0, row: 5000))  // O(log n)

        let csvRecords = [["Title", "Notes"], ["Groceries", "Milk, eggs"], ["Call", "Sunday"]]
        var grid = DataTableConfiguration()                                 // SwiftDataTables' names
        grid.textLayout = .wrap
        grid.maxColumnWidth = 250
        var sized = try TableLayout.grid(TableData(records: csvRecords), configuration: grid, engine: engine)

        var rows = try TableLayout.grid(columns: ["Title", "Notes"], rowCount: 10_000, configuration: grid,
                                        engine: engine) { i in TableData.Row(["Row \(i)", "Notes"]) }  // read when measured

        let inter = try TextEngine(fonts: FontCollection.make(fontPaths: ["Fonts/Inter-roman.var.ttf"]))  // variable
        let heavy = TextAttributes(fontStyle: FontStyle(weight: .heavy, italic: true))
        let layout = inter.layout("Hello, world", width: 120, attributes: heavy)
        let fact = layout.fontSubstitution  // "italic measured upright (Inter wght=800): …"
        let ios = try TextEngine(fonts: FontCollection.make(uiFamily: .inter), rules: .uiLabel)  // --profile ios
        // README example end
        XCTAssertEqual(ios.layout("Hello สวัสดี", width: 300).height, 17 * 2444 / 2048, accuracy: 1e-9) // the system font's line
        XCTAssertEqual(fact?.description, "italic measured upright (Inter wght=800): no face of \"Inter\" has it")
        XCTAssertGreaterThan(screen.measuredRowCount, 10) // ~20 rows: the first screen and its prefetch window
        XCTAssertGreaterThan(table.totalHeight.points, 0)
        try sized.measureAll()
        XCTAssertEqual(sized.rowCounts, [2])
        XCTAssertEqual(try rows.scroll(to: 0, viewportHeight: 844).firstVisibleRow, RowPosition(section: 0, row: 0))
        XCTAssertGreaterThan(height, 40)
        XCTAssertGreaterThan(y.points, 0)
        XCTAssertEqual(layout.lineCount, 1)
    }

    /// The example above is the README's, line for line (indentation aside).
    func testTheExampleIsTheReadmes() throws {
        let here = URL(fileURLWithPath: #filePath)
        let readme = try String(contentsOf: here.deletingLastPathComponent().appendingPathComponent("../../README.md").standardized, encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        guard let start = readme.range(of: "```swift\nimport Yardstick\n"),
              let end = readme.range(of: "```", range: start.upperBound..<readme.endIndex) else { return XCTFail("no Swift example in the README") }
        let documented = readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let from = source.range(of: "// README example begin\n"), let to = source.range(of: "        // README example end") else {
            return XCTFail("markers missing")
        }
        let tested = source[from.upperBound..<to.lowerBound].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        XCTAssertEqual(tested, documented)
    }
}
