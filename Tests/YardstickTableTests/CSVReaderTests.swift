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

    func testEmptyLinesAreRowsOnlyInOneColumnTables() throws {
        let reader = try CSVReader(bytes: Array("\na,b\n1,2\n\n3,4\r\n\r\n\n".utf8))
        XCTAssertEqual(reader.rows, [["a", "b"], ["1", "2"], ["3", "4"]])
        XCTAssertEqual(reader.skippedBlankLines, 4)
        XCTAssertEqual(try read("a,b\n\"\"\n,\n"), [["a", "b"], [""], ["", ""]]) // a quoted empty field or a comma is a row
        let column = try CSVReader(bytes: Array("name\nx\n\ny\n".utf8))
        XCTAssertEqual(column.rows, [["name"], ["x"], [""], ["y"]]) // one column: an empty line is an empty value
        XCTAssertEqual(column.skippedBlankLines, 0)
        XCTAssertEqual(try read("\"multi\n\nline\",b\n"), [["multi\n\nline", "b"]]) // empty lines inside quotes are text
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
