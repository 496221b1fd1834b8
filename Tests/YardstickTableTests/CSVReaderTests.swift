import XCTest
@testable import YardstickTable

final class CSVReaderTests: XCTestCase {
    func read(_ s: String) throws -> [[String]] { try CSVReader(bytes: Array(s.utf8)).rows }

    func testPlainQuotedAndMultilineFields() throws {
        XCTAssertEqual(try read("a,b,c\n1,2,3\n"), [["a", "b", "c"], ["1", "2", "3"]])
        XCTAssertEqual(try read("a,\"b, with comma\",\"say \"\"hi\"\"\"\r\n"), [["a", "b, with comma", "say \"hi\""]])
        XCTAssertEqual(try read("\"line one\nline two\",x"), [["line one\nline two", "x"]])
        XCTAssertEqual(try read("a,,c\r"), [["a", "", "c"]])
        XCTAssertEqual(try read("\u{FEFF}h1,h2\nv1,v2"), [["h1", "h2"], ["v1", "v2"]])
        XCTAssertEqual(try read(""), [])
        XCTAssertEqual(try read("\"\""), [[""]])
    }

    func testErrorsNameTheLine() {
        XCTAssertThrowsError(try read("a\n\"open field\nmore")) { error in
            XCTAssertEqual((error as? CSVReader.ParseError)?.line, 2)
        }
        XCTAssertThrowsError(try read("ok\n\"quoted\"trailing,x")) { error in
            XCTAssertEqual((error as? CSVReader.ParseError)?.line, 2)
        }
    }

    func testInvalidUTF8IsReplacedAndCounted() throws {
        let reader = try CSVReader(bytes: [0x61, 0xFF, 0x62, 0x2C, 0xC3, 0x28, 0x0A])
        XCTAssertEqual(reader.rows, [["a\u{FFFD}b", "\u{FFFD}("]])
        XCTAssertEqual(reader.replacedInvalidUTF8, 2)
    }
}
