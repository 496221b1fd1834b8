import Foundation
import XCTest
import Yardstick

/// The examples of the DocC articles (Sources/Yardstick/Yardstick.docc), compiled and run with
/// only the public API.
final class DocumentationExampleTests: XCTestCase {
    func testMeasuringTextArticleRuns() throws {
        // MeasuringText.md's example
        let engine = try TextEngine()                       // the bundled fonts
        let prepared = engine.prepare("Milk, eggs, bread and a few things more")
        let body = TextAttributes(textStyle: .body)         // 17 pt at the large category
        let layout = prepared.layout(width: 120, attributes: body)
        print(layout.lineCount, layout.height)              // lines and points
        let bigger = TextAttributes(textStyle: .body, category: .accessibilityLarge)
        print(prepared.measure(width: 120, attributes: bigger).height)
    }

    func testSizingATableArticleRuns() throws {
        // SizingATable.md's example
        struct Note { var title: String; var body: String }
        let engine = try TextEngine()
        let cell = CellTemplate<Note>.vstack(spacing: 4) {
            CellTemplate.text(\.title, style: .headline, lines: 1, truncates: true)
            CellTemplate.text(\.body)
        }.insets(EdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16))

        let notes = Array(repeating: Note(title: "Groceries", body: "Milk"), count: 1_000)
        var config = ListConfiguration(width: 390, cell: cell)
        config.rowHeightMode = .automatic(estimated: 100, prefetchWindow: 10)
        var table = try TableLayout.list(sections: [("", notes)], configuration: config, engine: engine)
        try table.measureAll()
        print(table.totalHeight.points)
    }

    func testScrollingWithTheRowOffsetCacheArticleRuns() throws {
        // ScrollingWithTheRowOffsetCache.md's example
        struct Note { var title: String; var body: String }
        let engine = try TextEngine()
        let cell = CellTemplate<Note>.text(\.body)
        let notes = Array(repeating: Note(title: "", body: "Milk, eggs"), count: 100_000)
        var config = ListConfiguration(width: 390, cell: cell)
        config.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 10)
        var table = try TableLayout.list(sections: [("", notes)], configuration: config, engine: engine)
        let screen = try table.scroll(to: 0, viewportHeight: 844)   // measures about 20 rows
        print(screen.measuredRowCount, screen.contentOffset)
        let y = try table.offsets.offset(of: RowPosition(section: 0, row: 50_000))
        print(y.points)
    }
}
