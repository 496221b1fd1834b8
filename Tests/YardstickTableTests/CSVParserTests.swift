import XCTest
@testable import YardstickTable

final class CSVParserTests: XCTestCase {
    /// Every record of `bytes` as strings with its line, fed in chunks of `chunk` bytes and taken
    /// after every chunk.
    func parse(_ bytes: [UInt8], chunk: Int) throws -> (records: [[String]], lines: [Int], skipped: Int) {
        var parser = CSVParser()
        var records: [[String]] = []
        var lines: [Int] = []
        func take() {
            let block = parser.take()
            for r in 0..<block.count { records.append((0..<block.fieldCount(r)).map { block.string(r, $0).text }) }
            lines += block.lines
        }
        var i = 0
        while i < bytes.count {
            let end = min(bytes.count, i + chunk)
            try bytes.withUnsafeBufferPointer { b in try parser.feed(UnsafeBufferPointer(rebasing: b[i..<end])) }
            take()
            i = end
        }
        try parser.finish()
        take()
        return (records, lines, parser.skippedBlankLines)
    }

    static let tricky = "\u{FEFF}name,\"note, quoted\"\r\n\r\nAnn,\"say \"\"hi\"\"\r\nto all\"\n\nBob,plain\rCy,\"\"\n\"\",x\n,\nDee,\"multi\n\nline\"\r\nEve,a\"b\nlast,no newline"

    func testChunksOfEverySizeReadTheSameRecordsAndLines() throws {
        let bytes = Array(Self.tricky.utf8)
        let whole = try parse(bytes, chunk: bytes.count)
        XCTAssertEqual(whole.records, [["name", "note, quoted"], ["Ann", "say \"hi\"\r\nto all"], ["Bob", "plain"], ["Cy", ""], ["", "x"], ["", ""],
                                       ["Dee", "multi\n\nline"], ["Eve", "a\"b"], ["last", "no newline"]])
        XCTAssertEqual(whole.lines, [1, 3, 6, 7, 8, 9, 10, 13, 14])
        XCTAssertEqual(whole.skipped, 2)
        for chunk in 1...bytes.count {
            let parsed = try parse(bytes, chunk: chunk)
            XCTAssertEqual(parsed.records, whole.records, "chunks of \(chunk)")
            XCTAssertEqual(parsed.lines, whole.lines, "chunks of \(chunk)")
            XCTAssertEqual(parsed.skipped, whole.skipped, "chunks of \(chunk)")
        }
    }

    func testErrorsNameTheLineWhateverTheChunks() {
        for (text, line) in [("a\nb\n\"open\nfield", 3), ("a\r\n\"x\"\"\"y", 2), ("a\n\"q\"\n\"q\" ,", 3)] {
            let bytes = Array(text.utf8)
            for chunk in 1...bytes.count {
                XCTAssertThrowsError(try parse(bytes, chunk: chunk), "\(text) in chunks of \(chunk)") { error in
                    XCTAssertEqual((error as? CSVParser.ParseError)?.line, line, "\(text) in chunks of \(chunk)")
                }
            }
        }
    }

    func testAByteOrderMarkSplitAcrossChunksAndShortInputs() throws {
        XCTAssertEqual(try parse([0xEF, 0xBB, 0xBF, 0x61], chunk: 1).records, [["a"]])
        XCTAssertEqual(try parse([0xEF, 0xBB], chunk: 1).records, [["\u{FFFD}"]]) // not a whole mark: text, replaced
        XCTAssertEqual(try parse(Array("ab".utf8), chunk: 1).records, [["ab"]])
        XCTAssertEqual(try parse([], chunk: 1).records, [])
    }

    /// A field past the limit is an error naming the line it starts on, quoted over many lines
    /// or not; a field at the limit is read.
    func testAFieldPastTheLimitIsAnError() throws {
        let quoted = Array("A,B\nx,\"12345\n6789\"\n".utf8) // the quoted field is 10 bytes
        XCTAssertEqual(try CSVReader(bytes: quoted, maxFieldBytes: 10).rows[1], ["x", "12345\n6789"])
        XCTAssertThrowsError(try CSVReader(bytes: quoted, maxFieldBytes: 9)) {
            XCTAssertEqual($0 as? CSVParser.ParseError, CSVParser.ParseError(line: 2, message: "a field is longer than 9 bytes (--max-line-bytes sets the limit)"))
        }
        XCTAssertThrowsError(try CSVReader(bytes: Array("A\nok\n0123456789".utf8), maxFieldBytes: 9)) {
            XCTAssertEqual(($0 as? CSVParser.ParseError)?.line, 3)
        }
    }
}
