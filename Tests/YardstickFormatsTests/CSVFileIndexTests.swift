import XCTest
import Foundation
@testable import YardstickFormats
import YardstickTable

/// The index of a CSV file read as needed: the same records a whole parse finds, the first
/// piece readable at once and the estimate fixed by it, a changed file an error.
final class CSVFileIndexTests: XCTestCase {
    func file(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "index-\(UUID().uuidString).csv"
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// A table of every kind of record: quoted line breaks, doubled quotes, CR LF, empty lines,
    /// ragged rows, a byte-order mark, invalid UTF-8; big enough that the thread indexes most of it.
    func messy(rows: Int) -> [UInt8] {
        var out: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("Name,Notes,Tag\r\n".utf8)
        for i in 0..<rows {
            switch i % 7 {
            case 0: out += Array("row \(i),\"a note, with a comma\nand a second line\",t\r\n".utf8)
            case 1: out += Array("row \(i),\"\"\"quoted\"\" words\",\n".utf8)
            case 2: out += Array("\n\nrow \(i),after empty lines,x\n".utf8)
            case 3: out += Array("row \(i),short\n".utf8)
            case 4: out += Array("row \(i),too,many,fields\r".utf8)
            case 5: out += Array("row \(i),bad ".utf8) + [0xFF, 0xFE] + Array(" bytes,日本語\n".utf8)
            default: out += Array("row \(i),\(String(repeating: "long text ", count: i % 30)),end\n".utf8)
            }
        }
        return out + Array("last,no newline,z".utf8)
    }

    func testRecordsAreTheWholeParsesAndTheEstimateIsFixedByTheFirstPiece() throws {
        let bytes = messy(rows: 60_000)
        XCTAssertGreaterThan(bytes.count, 2 * CSVFileIndex.firstPieceBytes)
        let path = try file(bytes)
        let whole = try CSVReader(bytes: bytes, maxFieldBytes: 1 << 20)
        let index = try CSVFileIndex(path: path, maxFieldBytes: 1 << 20)
        XCTAssertEqual(index.columns, whole.rows[0])
        XCTAssertGreaterThan(index.firstPieceRows, 1000)
        XCTAssertLessThan(index.firstPieceRows, whole.rows.count - 1)
        let early = try index.rows(0..<index.firstPieceRows)
        XCTAssertEqual(early.map(\.fields), Array(whole.rows[1...index.firstPieceRows]))
        // The estimate is within a few percent, and the same for a second index of the file.
        let count = try index.waitUntilComplete()
        XCTAssertEqual(count, whole.rows.count - 1)
        XCTAssertEqual(Double(index.estimatedRowCount), Double(count), accuracy: Double(count) * 0.1)
        XCTAssertEqual(try CSVFileIndex(path: path, maxFieldBytes: 1 << 20).estimatedRowCount, index.estimatedRowCount)
        XCTAssertEqual(index.readableRows, count)
        for range in [0..<1, 5_000..<5_100, (count - 300)..<count, 0..<count] {
            XCTAssertEqual(try index.rows(range).map(\.fields), Array(whole.rows[(range.lowerBound + 1)..<(range.upperBound + 1)]), "\(range)")
        }
        XCTAssertEqual(index.notes(complete: true).skippedBlankLines, whole.skippedBlankLines)
        XCTAssertGreaterThan(index.replacedInvalidUTF8, 0)
    }

    func testASmallFileIsCompleteAtOnce() throws {
        let path = try file(Array("A,B\n1,2\n\n3,4\n".utf8))
        let index = try CSVFileIndex(path: path, maxFieldBytes: 100)
        XCTAssertTrue(index.isComplete)
        XCTAssertEqual(index.estimatedRowCount, 2)
        XCTAssertEqual(try index.rows(0..<2).map(\.fields), [["1", "2"], ["3", "4"]])
        XCTAssertThrowsError(try CSVFileIndex(path: try file([]), maxFieldBytes: 100))
        XCTAssertThrowsError(try CSVFileIndex(path: "/nonexistent/x.csv", maxFieldBytes: 100))
        XCTAssertThrowsError(try CSVFileIndex(path: NSTemporaryDirectory(), maxFieldBytes: 100))
    }

    /// A file truncated, grown or replaced under the index: an error at the next read, no fault.
    func testAChangedFileIsAnError() throws {
        for change in ["truncate", "grow", "replace"] {
            let bytes = messy(rows: 40_000)
            let path = try file(bytes)
            let index = try CSVFileIndex(path: path, maxFieldBytes: 1 << 20)
            _ = try index.waitUntilComplete()
            switch change {
            case "truncate": XCTAssertEqual(truncate(path, off_t(bytes.count / 3)), 0)
            case "grow": FileHandle(forWritingAtPath: path).map { $0.seekToEndOfFile(); $0.write(Data("more,rows,here\n".utf8)); $0.closeFile() }
            default:
                try Data(bytes).write(to: URL(fileURLWithPath: path + ".new"))
                XCTAssertEqual(rename(path + ".new", path), 0)
            }
            XCTAssertThrowsError(try index.rows(30_000..<30_010), change) { error in
                XCTAssertTrue("\(error)".contains("changed"), "\(change): \(error)")
            }
        }
    }

    func testABadFileIsAnErrorFromTheThread() throws {
        var bytes = messy(rows: 30_000)
        bytes += Array("x,\"never closed\n".utf8)
        let index = try CSVFileIndex(path: try file(bytes), maxFieldBytes: 1 << 20)
        XCTAssertThrowsError(try index.waitUntilComplete()) { error in XCTAssertTrue("\(error)".contains("never closed"), "\(error)") }
    }
}
