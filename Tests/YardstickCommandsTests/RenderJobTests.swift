import Foundation
import XCTest
import YardstickLayout
import YardstickRender
@testable import YardstickCommands
@testable import YardstickFormats

/// `render` pictures against golden images (Tests/YardstickCommandsTests/Golden, inspected by
/// eye when made), with a tolerance for antialiasing that other FreeType builds round otherwise.
/// `YARDSTICK_UPDATE_GOLDEN=1 swift test --filter RenderJobTests` writes them again.
final class RenderJobTests: XCTestCase {
    static let engine = try! TextEngine()
    /// What the render jobs say besides their pictures.
    var diagnostics = Diagnostics()
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static let csv = Array("""
        Name,City,Notes
        Ada Lovelace,London,"Wrote the first program, for the Analytical Engine 🧮"
        الخوارزمي,بغداد,كتب عن الجبر والمقابلة
        李白,长安,床前明月光，疑是地上霜。举头望明月，低头思故乡。
        Grace Hopper,Arlington,Invented the first compiler and popularised machine-independent languages

        """.utf8)

    static let listConfig = """
        {"layout": "list", "width": 360, "displayScale": 2,
         "cell": {"hstack": {"spacing": 12, "alignment": "top", "children": [
                    {"box": {"width": 40, "height": 40}},
                    {"vstack": {"spacing": 4, "children": [
                       {"text": {"column": "Name", "style": "headline", "lines": 1, "truncate": true}},
                       {"text": {"column": "Notes", "style": "body", "lines": 2}}]}}]},
                  "insets": {"top": 8, "leading": 16, "bottom": 8, "trailing": 16}},
         "sections": {"column": "City", "order": "ascending",
                      "header": {"text": {"column": "City", "style": "footnote"}, "insets": {"top": 14, "bottom": 6, "leading": 16}}}}
        """

    static let gridConfig = """
        {"layout": "grid", "textLayout": "wrap", "maxColumnWidth": 200, "columnWidthMode": {"fitContentText": "maxMeasured"},
         "rowHeightMode": {"automatic": {"estimated": 44}}}
        """

    /// How far two pictures are apart: the share of pixels off by more than 64 in a channel.
    func difference(_ png: [UInt8], _ goldenName: String, isGolden: Bool = true) throws -> Double {
        let url = Self.golden.appendingPathComponent(goldenName)
        if isGolden && ProcessInfo.processInfo.environment["YARDSTICK_UPDATE_GOLDEN"] == "1" { try Data(png).write(to: url) }
        let a = try PNGImage.decode(png), b = try PNGImage.decode(Array(try Data(contentsOf: url)))
        guard a.width == b.width, a.height == b.height else { return 1 }
        var off = 0
        for p in 0..<a.width * a.height {
            if (0..<3).contains(where: { abs(Int(a.rgb[p * 3 + $0]) - Int(b.rgb[p * 3 + $0])) > 64 }) { off += 1 }
        }
        return Double(off) / Double(a.width * a.height)
    }

    static let tolerance = 0.005

    func testTextMatchesItsGoldenImage() throws {
        var job = RenderJob()
        job.scale = 2
        let text = "Hello, world! Yardstick draws the measured lines — مرحبا بالعالم, 你好世界 👋🏽 and a longwordthatbreaks"
        let png = try job.text(text, width: 200, margin: 10, attributes: TextAttributes(size: 17), engine: Self.engine)
        XCTAssertLessThan(try difference(png, "text.png"), Self.tolerance)
        // The comparison tells a change apart: the same text at another width is far off.
        let other = try job.text(text, width: 190, margin: 15, attributes: TextAttributes(size: 17), engine: Self.engine)
        XCTAssertGreaterThan(try difference(other, "text.png", isGolden: false), Self.tolerance)
    }

    func testGridMatchesItsGoldenImage() throws {
        var job = RenderJob()
        job.scale = 1
        let config = try SizingConfig(json: Array(Self.gridConfig.utf8))
        let png = try job.table(csv: Self.csv, config: config, rows: nil, engine: Self.engine, threads: 1, diagnostics: &diagnostics)
        XCTAssertLessThan(try difference(png, "grid.png"), Self.tolerance)
        // Another thread count, the same bytes.
        XCTAssertEqual(try job.table(csv: Self.csv, config: config, rows: nil, engine: Self.engine, threads: 2, diagnostics: &diagnostics), png)
    }

    func testListMatchesItsGoldenImage() throws {
        var job = RenderJob()
        job.scale = 2
        let config = try SizingConfig(json: Array(Self.listConfig.utf8))
        let png = try job.table(csv: Self.csv, config: config, rows: nil, engine: Self.engine, threads: 0, diagnostics: &diagnostics)
        XCTAssertLessThan(try difference(png, "list.png"), Self.tolerance)
        // Rows 1-2 alone: another picture, with their sections' headers.
        let part = try job.table(csv: Self.csv, config: config, rows: 1...2, engine: Self.engine, threads: 0, diagnostics: &diagnostics)
        XCTAssertLessThan(try PNGImage.decode(part).height, try PNGImage.decode(png).height)
    }

    func testRowsOutsideTheTableAreAnError() throws {
        let job = RenderJob()
        XCTAssertThrowsError(try job.table(csv: Self.csv, config: .grid, rows: 2...4, engine: Self.engine, threads: 1, diagnostics: &diagnostics)) {
            XCTAssertEqual("\($0)", "--rows 2-4: the table has 4 row(s), numbered 0 to 3")
        }
        XCTAssertThrowsError(try job.table(csv: Array("A,B\n".utf8), config: .grid, rows: nil, engine: Self.engine, threads: 1, diagnostics: &diagnostics)) {
            XCTAssertEqual("\($0)", "the table has no rows to draw")
        }
    }

    func testRowRangesParse() throws {
        XCTAssertEqual(try RenderJob.rows("3-7"), 3...7)
        XCTAssertEqual(try RenderJob.rows("5"), 5...5)
        for (bad, message) in [("7-3", "--rows 7-3: the first row is after the last"), ("-1", "--rows takes A-B or A, row numbers from 0 (got \"-1\")"),
                               ("a-b", "--rows takes A-B or A, row numbers from 0 (got \"a-b\")"), ("1-", "--rows takes A-B or A, row numbers from 0 (got \"1-\")"),
                               ("", "--rows takes A-B or A, row numbers from 0 (got \"\")"), ("1-2-3", "--rows takes A-B or A, row numbers from 0 (got \"1-2-3\")"),
                               ("+1-+2", "--rows takes A-B or A, row numbers from 0 (got \"+1-+2\")"),
                               ("0-99999999999999999999", "--rows: 99999999999999999999 is past any table's last row")] {
            XCTAssertThrowsError(try RenderJob.rows(bad), bad) { XCTAssertEqual("\($0)", message) }
        }
    }

    /// A template error names the config file, as `measure` does.
    func testConfigErrorsNameTheFile() throws {
        let config = try SizingConfig(json: Array(#"{"layout":"list","width":300,"cell":{"text":{"column":"Nope"}}}"#.utf8))
        XCTAssertThrowsError(try RenderJob().table(csv: Self.csv, config: config, configPath: "c.json", rows: nil, engine: Self.engine, threads: 1, diagnostics: &diagnostics)) {
            XCTAssertEqual("\($0)", "c.json: cell.text.column: no column named \"Nope\"")
        }
    }

    /// A word wider than the width widens the picture rather than being cut off.
    func testAnOverlongWordWidensThePicture() throws {
        var job = RenderJob()
        job.scale = 1
        let png = try job.text("Hello", width: 1, margin: 0, attributes: TextAttributes(size: 17), engine: Self.engine)
        let layout = Self.engine.layout("Hello", width: 1, attributes: TextAttributes(size: 17))
        XCTAssertEqual(try PNGImage.decode(png).width, Int(layout.width.rounded(.up)))
        // Right to left too: the line sits at the widened right edge, inside the picture.
        let hebrew = try PNGImage.decode(try job.text("שלום", width: 1, margin: 5, attributes: TextAttributes(size: 17), engine: Self.engine))
        let ink = (0..<hebrew.width).filter { x in (0..<hebrew.height).contains { y in hebrew.rgb[(y * hebrew.width + x) * 3] < 128 } }
        XCTAssertFalse(ink.isEmpty, "no ink: the line was drawn off the picture")
        XCTAssertGreaterThanOrEqual(ink.first ?? 0, 4)
        XCTAssertLessThanOrEqual(ink.last ?? .max, hebrew.width - 5)
    }
}
