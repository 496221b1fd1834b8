import XCTest
import YardstickLayout
@testable import YardstickCommands
@testable import YardstickFormats

let commandEngine = try! TextEngine()

final class LayoutJobTests: XCTestCase {
    func run(_ input: String, width: Double? = nil, threads: Int = 1, attributes: TextAttributes = TextAttributes()) throws -> String {
        try LayoutJob(defaultWidth: width, attributes: attributes, threads: threads).run(Array(input.utf8), engine: commandEngine).output.text
    }

    func testOneOutputLinePerInputLineInOrder() throws {
        let out = try run("{\"text\": \"hello world\", \"width\": 60}\n{\"text\": \"\"}\n{\"text\": \"a\\nb\"}\n", width: 250)
        let lines = out.split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[0].hasSuffix("\"breaks\": [0, 6]}"), String(lines[0]))
        XCTAssertEqual(lines[1], "{\"lines\": 1, \"width\": 0, \"height\": 23.154, \"breaks\": [0]}")
        XCTAssertTrue(lines[2].hasPrefix("{\"lines\": 2,"))
        XCTAssertTrue(lines[2].hasSuffix("\"breaks\": [0, 2]}"))
    }

    func testByteOrderMarkAndNullWidth() throws {
        let out = try run("\u{FEFF}{\"text\": \"ok\", \"width\": null}\n", width: 100)
        XCTAssertTrue(out.hasPrefix("{\"lines\": 1,"), out)
        XCTAssertEqual(OutputNumber.format(-1e308), "-1e+308")
        XCTAssertEqual(OutputNumber.format(1e300), "1e+300")
    }

    func testBreaksAreUTF8Offsets() throws {
        // "é" is two bytes, "日" three: the second line starts after them.
        let out = try run("{\"text\": \"\\u00e9\\u00e9\\u00e9 \\u65e5\\u672c\", \"width\": 40}\n")
        XCTAssertTrue(out.contains("\"breaks\": [0, 7]"), out)
    }

    func testBadLinesAreErrorsNamingTheLine() {
        let cases: [(String, String)] = [
            ("{\"text\": \"ok\", \"width\": 10}\n{\"text\": oops}\n", "line 2: not valid JSON"),
            ("[1, 2]\n", "line 1: expected a JSON object"),
            ("{\"width\": 10}\n", "line 1: \"text\" must be a string"),
            ("{\"text\": \"x\", \"width\": 0}\n", "line 1: \"width\" must be a finite number above 0"),
            ("{\"text\": \"x\", \"width\": -3}\n", "line 1: \"width\" must be a finite number above 0"),
            ("{\"text\": \"x\", \"width\": \"wide\"}\n", "line 1: \"width\" must be a number"),
            ("{\"text\": \"x\", \"width\": 1e400}\n", "line 1: not valid JSON"),
            ("{\"text\": \"x\"}\n", "line 1: no width"),
            ("{\"text\": \"x\", \"width\": 5}\n\n", "line 2: not valid JSON"),
        ]
        for (input, message) in cases {
            XCTAssertThrowsError(try run(input)) { error in
                XCTAssertTrue("\(error)".hasPrefix(message), "\(input) → \(error)")
            }
        }
        XCTAssertThrowsError(try run("{\"text\": \"x\"}\n", width: .nan))
        XCTAssertThrowsError(try run("{\"text\": \"x\"}\n", width: .infinity))
    }

    func testInvalidUTF8IsReplacedAndCounted() throws {
        var input = Array("{\"text\": \"a".utf8)
        input += [0xFF, 0xC3]
        input += Array("b\", \"width\": 100}\n".utf8)
        let (out, report) = try LayoutJob(defaultWidth: nil, attributes: TextAttributes(), threads: 1).run(input, engine: commandEngine)
        XCTAssertEqual(report.replacedInvalidUTF8, 2)
        XCTAssertEqual(out.text.split(separator: "\n").count, 1)
    }

    func testUnpairedSurrogateEscapesAreReplacedAndCounted() throws {
        // Each lone surrogate is one U+FFFD (3 bytes); a valid pair after a lone high one survives.
        let input = #"{"text": "a\uD800 b\uDC00\uD83D\uD83D\uDE00 c", "width": 1000}"# + "\n"
        let (out, report) = try LayoutJob(defaultWidth: nil, attributes: TextAttributes(), threads: 1).run(Array(input.utf8), engine: commandEngine)
        XCTAssertEqual(report.replacedInvalidUTF8, 3)
        let expected = try run(#"{"text": "a\uFFFD b\uFFFD\uFFFD😀 c", "width": 1000}"# + "\n")
        XCTAssertEqual(out.text, expected)
    }

    func testThreadedOutputIsByteForByteTheSame() throws {
        let texts = ["The quick brown fox", "مرحبا بالعالم", "日本語のテキスト", "Supercalifragilisticexpialidocious", "👍🏽 ok", "a\nb\nc"]
        var input = ""
        for i in 0..<600 { input += "{\"text\": \(JSONValue.string(texts[i % texts.count] + String(repeating: " word", count: i % 7)).jsonText), \"width\": \(40 + i % 200)}\n" }
        let one = try run(input, threads: 1)
        let two = try run(input, threads: 2)
        let three = try run(input, threads: 3)
        XCTAssertEqual(one, two)
        XCTAssertEqual(one, three)
    }

    /// A trace's unknown category lists the valid names (the command line's options are enums:
    /// MeasureCommandTests); a size with a style is refused.
    func testUnknownCategoryListsValidNamesAndSizeExcludesStyle() {
        XCTAssertThrowsError(try TextOptions.parseCategory("big")) { XCTAssertTrue("\($0)".contains("extraSmall, small, medium, large")) }
        var options = TextOptions()
        options.size = 12
        options.style = .body
        XCTAssertThrowsError(try options.attributes())
    }

    /// `--widths`: one record per width, in order, each what a run at that one width writes;
    /// the same bytes at any thread count and across blocks.
    func testEachWidthIsTheRunAtThatWidth() throws {
        let texts = (0..<9000).map { "Row \($0): " + String(repeating: "lorem ipsum ", count: $0 % 13) + (["", "مرحبا بالعالم", "日本語のテキスト"][$0 % 3]) }
        let input = Array(texts.map { "{\"text\": \"\($0)\"}\n" }.joined().utf8)
        let job = LayoutJob(defaultWidth: 120, attributes: TextAttributes(), threads: 2)
        let records = try job.parse(input)
        var all: [UInt8] = []
        _ = job.run(records, widths: [120, 250, 400], engine: commandEngine) { all += $0 }
        var single: [[Substring]] = []
        for w in [120.0, 250, 400] {
            var out: [UInt8] = []
            let atWidth = LayoutRecords(texts: texts, widths: texts.map { _ in w })
            _ = LayoutJob(defaultWidth: w, attributes: TextAttributes(), threads: 1).run(atWidth, engine: commandEngine) { out += $0 }
            single.append(String(decoding: out, as: UTF8.self).split(separator: "\n"))
        }
        let lines = String(decoding: all, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 3 * texts.count)
        for i in stride(from: 0, to: texts.count, by: 97) {
            for k in 0..<3 { XCTAssertEqual(lines[3 * i + k], single[k][i], "text \(i), width \(k)") }
        }
        XCTAssertThrowsError(try LayoutJob.widths("120,,400"))
        XCTAssertThrowsError(try LayoutJob.widths("120,-1"))
        XCTAssertEqual(try LayoutJob.widths("120, 250.5"), [120, 250.5])
    }

    /// Errors name the bytes and columns as read, not as repaired; UTF-16 is named.
    func testErrorsNameTheBytesAsRead() {
        func message(_ bytes: [UInt8]) -> String {
            do { _ = try LayoutJob(defaultWidth: 100, attributes: TextAttributes(), threads: 1).run(bytes, engine: commandEngine); return "" } catch { return "\(error)" }
        }
        XCTAssertEqual(message(Array("{\"text\":\"a\"}".utf8) + [0xC3]), "line 1: not valid JSON: invalid UTF-8 (byte 0xC3) at column 13")
        XCTAssertTrue(message(Array("{\"text\":\"".utf8) + [0xFF] + Array("\"} x".utf8)).hasSuffix("at column 14"))
        XCTAssertTrue(message([0xFF, 0xFE, 0x7B, 0x00]).contains("UTF-16"))
    }
}

extension Array where Element == UInt8 {
    /// The bytes as UTF-8 text.
    var text: String { String(decoding: self, as: UTF8.self) }
}
