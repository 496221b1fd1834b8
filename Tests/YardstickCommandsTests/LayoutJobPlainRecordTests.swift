import XCTest
import YardstickLayout
@testable import YardstickCommands

final class LayoutJobPlainRecordTests: XCTestCase {
    func plain(_ line: String) -> (text: String, width: Double?)? {
        let bytes = Array(line.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            LayoutJob.readPlainRecord(buffer).map { (String(decoding: buffer[$0.text], as: UTF8.self), $0.width) }
        }
    }

    /// The common shapes are read by byte compares, text and width as written.
    func testTheCommonShapesAreRead() throws {
        let cases: [(String, String, Double?)] = [
            (#"{"text": "hello world"}"#, "hello world", nil),
            (#"{"text":"hello"}"#, "hello", nil),
            (#"{"text": "", "width": 250}"#, "", 250),
            (#"{"text": "日本語 και ελληνικά", "width": 120.5}"#, "日本語 και ελληνικά", 120.5),
            (#"{"text":"x","width":1e2}"#, "x", 100),
            (#"{"text": "x", "width": 0.25}"#, "x", 0.25),
        ]
        for (line, text, width) in cases {
            let read = try XCTUnwrap(plain(line), line)
            XCTAssertEqual(read.text, text, line)
            XCTAssertEqual(read.width, width, line)
        }
    }

    /// Anything else goes to the general reader: escapes, other spacing, other members or
    /// order, a width that is not a positive number, bytes after the object, bad UTF-8.
    func testEverythingElseIsLeftToTheGeneralReader() {
        let lines = [#"{"text": "a\"b"}"#, #"{"text": "a\nb"}"#, #"{"text":  "two spaces"}"#, #" {"text": "lead"}"#,
                     #"{"text": "x"} "#, #"{"text": "x", "width": 250, "style": "bold"}"#, #"{"width": 250, "text": "x"}"#,
                     #"{"text": "x", "width": null}"#, #"{"text": "x", "width": 0}"#, #"{"text": "x", "width": -3}"#,
                     #"{"text": "x", "width": "250"}"#, #"{"text": "x", "width": 01}"#, #"{"text": "x", "width": 1e999}"#,
                     #"{"text": "x", "width": 250"#, #"{"text": "x""#, "{\"text\": \"tab\there\"}", #"{"text": 5}"#, "", "{}"]
        for line in lines { XCTAssertNil(plain(line), line) }
        let badUTF8: [UInt8] = Array(#"{"text": ""#.utf8) + [0xE2, 0x82] + Array(#""}"#.utf8)
        XCTAssertNil(badUTF8.withUnsafeBufferPointer { LayoutJob.readPlainRecord($0) })
    }

    /// Read either way, the records and their layouts are the same: each line beside a copy
    /// with two spaces after the colon, which only the general reader takes.
    func testRecordsAreThoseOfTheGeneralReader() throws {
        let texts = ["hello world", "", "日本語のテキスト", "مرحبا بالعالم", "a b c d e f g h i j k l m n o p"]
        var input = ""
        for (k, text) in texts.enumerated() {
            input += #"{"text": "\#(text)", "width": \#(40 + 30 * k)}"# + "\n"
            input += #"{"text":  "\#(text)", "width":  \#(40 + 30 * k)}"# + "\n"
            input += #"{"text": "\#(text)"}"# + "\n"
        }
        let job = LayoutJob(defaultWidth: 90, attributes: TextAttributes(), threads: 1)
        let records = try job.parse(Array(input.utf8))
        XCTAssertEqual(records.count, 3 * texts.count)
        for k in texts.indices {
            XCTAssertEqual(records.text(3 * k), texts[k])
            XCTAssertEqual(records.text(3 * k + 1), texts[k])
            XCTAssertEqual(records.text(3 * k + 2), texts[k])
            XCTAssertEqual(records.widths[3 * k], Double(40 + 30 * k))
            XCTAssertEqual(records.widths[3 * k + 1], Double(40 + 30 * k))
            XCTAssertEqual(records.widths[3 * k + 2], 90)
        }
        let lines = try job.run(Array(input.utf8), engine: commandEngine).output.text.split(separator: "\n")
        for k in texts.indices { XCTAssertEqual(lines[3 * k], lines[3 * k + 1], texts[k]) }
    }
}
