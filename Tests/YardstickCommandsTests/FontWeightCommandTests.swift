import Foundation
import XCTest

/// Weights and slants through the built executable: names equal their numbers, templates and
/// `layout --weight` agree, and a weight no face has is measured with the nearest and named
/// once on standard error.
final class FontWeightCommandTests: XCTestCase {
    var directory: URL!
    static let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fonts").standardized.path

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("yardstick-weights-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let text = "The quick brown fox jumps over the lazy dog, twice over and then once more"
        try (#"{"text":"\#(text)","width":150}"# + "\n").write(to: directory.appendingPathComponent("in.jsonl"), atomically: false, encoding: .utf8)
        try "Notes\n\"\(text)\"\nShort\n".write(to: directory.appendingPathComponent("t.csv"), atomically: false, encoding: .utf8)
        for (name, weight) in [("semibold", #""semibold""#), ("600", "600"), ("bold", #""bold""#)] {
            try #"{"layout":"list","width":140,"cell":{"text":{"column":"Notes","weight":\#(weight)}}}"#
                .write(to: directory.appendingPathComponent("\(name).json"), atomically: false, encoding: .utf8)
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func run(_ script: String) throws -> (status: Int32, out: String, err: String) {
        try BuiltYardstick.shell(script, folder: directory)
    }

    func testAWeightNameIsItsNumber() throws {
        let named = try run(#""$Y" layout --input "$D/in.jsonl" --weight semibold"#)
        let number = try run(#""$Y" layout --input "$D/in.jsonl" --weight 600"#)
        let bold = try run(#""$Y" layout --input "$D/in.jsonl" --weight bold"#)
        XCTAssertEqual(named.status, 0, named.err)
        XCTAssertEqual(named.out, number.out)
        XCTAssertNotEqual(named.out, bold.out)
        XCTAssertEqual(named.err, "") // Noto Sans has a semibold face: nothing to say
        // At 140 pt the text takes 5 lines in semibold, 6 in bold.
        let template = try run(#""$Y" measure "$D/t.csv" --config "$D/semibold.json""#)
        XCTAssertEqual(template.status, 0, template.err)
        XCTAssertEqual(template.out, try run(#""$Y" measure "$D/t.csv" --config "$D/600.json""#).out)
        XCTAssertNotEqual(template.out, try run(#""$Y" measure "$D/t.csv" --config "$D/bold.json""#).out)
    }

    /// Headline is semibold, as on iOS.
    func testHeadlineIsSemibold() throws {
        XCTAssertEqual(try run(#""$Y" layout --input "$D/in.jsonl" --style headline"#).out,
                       try run(#""$Y" layout --input "$D/in.jsonl" --size 17 --weight semibold"#).out)
    }

    func testAMissingWeightIsNamedOnce() throws {
        let r = try run(#""$Y" layout --input "$D/in.jsonl" --weight 950"#)
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.err, "yardstick: warning: weight 950 measured with 900 (Noto Sans Black): no face of \"Noto Sans\" has it\n")
        XCTAssertEqual(r.out, try run(#""$Y" layout --input "$D/in.jsonl" --weight black"#).out)
        let inter = Self.fonts + "/Inter-roman.var.ttf"
        let italic = try run(#""$Y" layout --input "$D/in.jsonl" --italic --font "\#(inter)""#)
        XCTAssertEqual(italic.err, "yardstick: warning: italic measured upright (Inter Regular): no face of \"Inter\" has it\n")
        XCTAssertEqual(italic.out, try run(#""$Y" layout --input "$D/in.jsonl" --font "\#(inter)""#).out)
    }

    /// A variable face is set to each weight: every weight its own width.
    func testAVariableFontAtEachWeight() throws {
        let inter = Self.fonts + "/Inter-roman.var.ttf"
        var widths: [Double] = []
        for weight in stride(from: 100, through: 900, by: 100) {
            let r = try run(#"printf '{"text":"The quick brown fox jumps over the lazy dog","width":1000}' | "$Y" layout --size 17 --font "\#(inter)" --weight \#(weight)"#)
            XCTAssertEqual(r.err, "")
            let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as! [String: Any]
            widths.append(json["width"] as! Double)
        }
        XCTAssertEqual(widths, widths.sorted())
        XCTAssertEqual(Set(widths).count, 9)
        // Pango 1.50 on the same file with @wght=600, 700, 900 (Tools/pango-reference): 366.368, 369.726, 376.365.
        XCTAssertEqual(widths[5], 366.368, accuracy: 0.02)
        XCTAssertEqual(widths[6], 369.726, accuracy: 0.02)
        XCTAssertEqual(widths[8], 376.365, accuracy: 0.02)
    }
}
