import XCTest
import YardstickLayout
@testable import YardstickCommands

final class LayoutRecordsTests: XCTestCase {
    /// Plain texts stay where they were read; escaped and repaired ones are decoded; either way
    /// every record reads back as the whole-value parser reads its line.
    func testTextsReadBackAsParsed() throws {
        var input = Array(#"{"text": "plain é", "width": 10}"#.utf8) + [0x0A]
        input += Array(#"{"width": 20, "text": "esc\naped"}"#.utf8) + [0x0A]
        input += Array(#"{"text": ""}"#.utf8) + [0x0A]
        input += Array(#"{"text": "bad "#.utf8) + [0xFF] + Array(#" byte"}"#.utf8) + [0x0D, 0x0A]
        input += Array(#"{"text": "\ud800 lone"}"#.utf8)
        let records = try LayoutJob(defaultWidth: 5, attributes: TextAttributes(), threads: 1).parse(input)
        XCTAssertEqual(records.count, 5)
        XCTAssertEqual((0..<5).map(records.text), ["plain é", "esc\naped", "", "bad \u{FFFD} byte", "\u{FFFD} lone"])
        XCTAssertEqual(records.widths, [10, 20, 5, 5, 5])
        XCTAssertEqual(records.replacedInvalidUTF8, 2)
        records.withTexts { XCTAssertEqual($0(2).count, 0) }
    }

    /// A large input is read in pieces on several threads: the same records (escaped and
    /// repaired texts among them, so decoded buffers are joined), and errors name the same line
    /// as when read in one piece.
    func testPiecesReadAsOne() throws {
        let lines = (0..<40_000).map { i in
            i % 7 == 3 ? #"{"text": "row \#(i) \u00e9 \"q\"", "width": \#(i % 300 + 1)}"#
                : i % 11 == 5 ? #"{"text": "row \#(i) bad ~", "width": 3}"#
                : #"{"text": "row \#(i) plain text", "width": \#(i % 300 + 1)}"#
        }
        // Every "~" becomes a raw 0xFF byte: those lines are repaired, with a warning.
        let input = Array(lines.joined(separator: "\n").utf8).map { $0 == UInt8(ascii: "~") ? 0xFF : $0 }
        XCTAssertGreaterThan(input.count, 1 << 20)
        let one = try LayoutJob(defaultWidth: nil, attributes: TextAttributes(), threads: 1).parse(input)
        XCTAssertEqual(one.count, 40_000)
        XCTAssertEqual(one.replacedInvalidUTF8, (0..<40_000).filter { $0 % 7 != 3 && $0 % 11 == 5 }.count)
        for threads in [2, 4] {
            let many = try LayoutJob(defaultWidth: nil, attributes: TextAttributes(), threads: threads).parse(input)
            XCTAssertEqual(one.widths, many.widths)
            XCTAssertEqual(one.replacedInvalidUTF8, many.replacedInvalidUTF8)
            XCTAssertTrue((0..<40_000).allSatisfy { one.text($0) == many.text($0) }, "\(threads) threads")
        }
        XCTAssertEqual(one.text(3), "row 3 é \"q\"")
        XCTAssertEqual(one.text(5), "row 5 bad \u{FFFD}")
        for bad in [2, 25_000, 39_999] {
            var broken = lines
            broken[bad] = #"{"text": 12}"#
            for threads in [1, 2, 4] {
                XCTAssertThrowsError(try LayoutJob(defaultWidth: nil, attributes: TextAttributes(), threads: threads).parse(Array(broken.joined(separator: "\n").utf8))) {
                    XCTAssertEqual("\($0)", "line \(bad + 1): \"text\" must be a string", "\(threads) thread(s)")
                }
            }
        }
    }

    /// Pieces end just after a newline, cover the range, and know their first line's number.
    func testPiecesCutAtNewlines() {
        let bytes = Array("a\nbb\n\nccc\nd".utf8)
        bytes.withUnsafeBufferPointer { b in
            for count in 1...6 {
                let pieces = JSONLines.pieces(b, in: 0..<b.count, count: count)
                XCTAssertEqual(pieces.first?.range.lowerBound, 0)
                XCTAssertEqual(pieces.last?.range.upperBound, b.count)
                var lines: [String] = []
                for (k, piece) in pieces.enumerated() {
                    if k > 0 { XCTAssertEqual(piece.range.lowerBound, pieces[k - 1].range.upperBound) }
                    if k < pieces.count - 1 { XCTAssertEqual(b[piece.range.upperBound - 1], 0x0A) }
                    XCTAssertEqual(piece.firstLine, lines.count + 1)
                    JSONLines.forEachLine(b, in: piece.range) { lines.append(String(decoding: UnsafeBufferPointer(rebasing: b[$0]), as: UTF8.self)) }
                }
                XCTAssertEqual(lines, ["a", "bb", "", "ccc", "d"], "\(count) pieces")
            }
        }
    }

    func testRecordsMadeFromTexts() {
        let records = LayoutRecords(texts: ["", "ab", "日本"], widths: [1, 2, 3])
        XCTAssertEqual((0..<3).map(records.text), ["", "ab", "日本"])
        XCTAssertEqual(records.widths, [1, 2, 3])
    }
}
