import Foundation
import XCTest
import YardstickRender

/// `yardstick render` run as users run it.
final class RenderCommandTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(RenderJobTests.csv).write(to: folder.appendingPathComponent("t.csv"))
        try Data(RenderJobTests.listConfig.utf8).write(to: folder.appendingPathComponent("list.json"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func testATableAndATextBecomePNGFiles() throws {
        let table = try BuiltYardstick.run(["render", path("t.csv"), "--config", path("list.json"), "--rows", "0-2", "--output", path("t.png")])
        XCTAssertEqual(table.status, 0, table.err)
        XCTAssertEqual(table.out, "")
        let image = try PNGImage.decode(Array(try Data(contentsOf: folder.appendingPathComponent("t.png"))))
        XCTAssertEqual(image.width, 720) // 360 pt at the default scale 2
        let text = try BuiltYardstick.run(["render", "--text", "Hello 👋", "--width", "100", "--scale", "1", "--output", path("p.png")])
        XCTAssertEqual(text.status, 0, text.err)
        let p = try PNGImage.decode(Array(try Data(contentsOf: folder.appendingPathComponent("p.png"))))
        XCTAssertEqual(p.width, 120)
    }

    /// An ambiguous constraint cell is drawn as it is sized: a free box at its least position
    /// (up against the top inset its rule allows), the row as tall as the tall box, one warning.
    func testAnAmbiguousCellDrawsItsFreeViewAtItsLeastPosition() throws {
        let config = #"{"layout":"list","width":100,"cell":{"constraints":{"views":{"tall":{"box":{"width":20,"height":60}},"free":{"box":{"width":20,"height":10}}},"rules":["tall.leading == super.leading","tall.top == super.top","super.bottom == tall.bottom","free.leading == tall.trailing + 20","free.top >= super.top + 10","super.bottom >= free.bottom"]}}}"#
        try Data(config.utf8).write(to: folder.appendingPathComponent("ambiguous.json"))
        let r = try BuiltYardstick.run(["render", path("t.csv"), "--config", path("ambiguous.json"), "--rows", "0-0", "--scale", "1", "--output", path("a.png")])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertEqual(r.err.components(separatedBy: #"the rules leave "free" (vertical) free"#).count - 1, 1, r.err)
        let image = try PNGImage.decode(Array(try Data(contentsOf: folder.appendingPathComponent("a.png"))))
        XCTAssertEqual(image.height, 60)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { let k = 3 * (y * image.width + x); return Array(image.rgb[k..<k + 3]) }
        let box: [UInt8] = [0xD1, 0xD1, 0xD6]
        XCTAssertEqual(pixel(45, 15), box, "the free box from y 10 to 20")
        XCTAssertNotEqual(pixel(45, 5), box, "nothing above its least position")
        XCTAssertNotEqual(pixel(45, 40), box, "nor below it")
        XCTAssertEqual(pixel(10, 40), box, "the tall box")
    }

    func testBadArgumentsAreClearErrorsAndWriteNothing() throws {
        let cases: [([String], String)] = [
            (["render", path("t.csv"), "--rows", "0-10", "--output", path("x.png")], "yardstick: error: --rows 0-10: the table has 4 row(s), numbered 0 to 3"),
            (["render", path("t.csv"), "--rows", "3-1", "--output", path("x.png")], "yardstick: error: --rows 3-1: the first row is after the last"),
            (["render", path("t.csv"), "--scale", "0", "--output", path("x.png")], "yardstick: error: --scale must be from 1 to 8"),
            (["render", path("t.csv"), "--scale", "nan", "--output", path("x.png")], "yardstick: error: --scale must be from 1 to 8"),
            (["render", "--text", "a", "--output", path("x.png")], "yardstick: error: --text needs --width PT"),
            (["render", "--text", "a", "--width", "0", "--output", path("x.png")], "yardstick: error: --width must be a finite number above 0"),
            (["render", path("t.csv"), "--text", "a", "--width", "9", "--output", path("x.png")], "yardstick: error: --text draws one text"),
            (["render", "--output", path("x.png")], "yardstick: error: give a CSV file to draw"),
            (["render", path("t.csv"), "--width", "9", "--output", path("x.png")], "yardstick: error: --width, --size"),
            (["render", path("t.csv"), "--config", path("t.csv"), "--output", path("x.png")], "yardstick: error: \(path("t.csv")): not JSON"),
            (["render", path("missing.csv"), "--output", path("x.png")], "yardstick: error:"),
            (["render", path("t.csv"), "--output", path("t.csv")], "yardstick: error:"),
            (["render", "--text", "a", "--width", "100000", "--output", path("x.png")], "yardstick: error: a picture of"),
        ]
        for (arguments, message) in cases {
            let r = try BuiltYardstick.run(arguments)
            XCTAssertNotEqual(r.status, 0, "\(arguments)")
            XCTAssertTrue(r.err.hasPrefix(message), "\(arguments): \(r.err)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.png")), "\(arguments)")
        }
        // The data file given as the output is left as it was.
        XCTAssertEqual(Array(try Data(contentsOf: folder.appendingPathComponent("t.csv"))), RenderJobTests.csv)
        let missingOutput = try BuiltYardstick.run(["render", path("t.csv")])
        XCTAssertEqual(missingOutput.status, 64, missingOutput.err)
    }
}
