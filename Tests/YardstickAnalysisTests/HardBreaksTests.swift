import XCTest
@testable import YardstickAnalysis

/// The eight-bytes-at-a-time hard-break scan agrees with a plain search for each separator.
final class HardBreaksTests: XCTestCase {
    /// The hard breaks, longest first: at each offset the first that matches ends a paragraph.
    static let separators: [[UInt8]] = ["\r\n", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].map { Array($0.utf8) }

    func naive(_ text: [UInt8]) -> [Paragraph] {
        var result: [Paragraph] = []
        var start = 0, i = 0
        outer: while i < text.count {
            for separator in Self.separators where text[i...].starts(with: separator) {
                result.append(Paragraph(start: start, end: i, next: i + separator.count)); i += separator.count; start = i
                continue outer
            }
            i += 1
        }
        result.append(Paragraph(start: start, end: text.count, next: text.count))
        return result
    }

    func testEachHardBreak() {
        for separator in ["\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"] {
            let text = "ab" + separator + "c"
            let n = 2 + separator.utf8.count
            XCTAssertEqual(HardBreaks.paragraphs(in: text), [Paragraph(start: 0, end: 2, next: n), Paragraph(start: n, end: n + 1, next: n + 1)])
        }
        // Not hard breaks: tab, NBSP, other C1 and Latin-1 characters, other U+20xx.
        for other in ["\t", "\u{A0}", "\u{84}", "\u{86}", "«", "\u{2027}", "\u{202A}"] {
            XCTAssertEqual(HardBreaks.paragraphs(in: "ab" + other + "c").count, 1, other.debugDescription)
        }
    }

    func testScanMatchesByteByByte() {
        let pieces: [[UInt8]] = ["a", "bcdefgh", "\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{2026}", "€", "東京", " ", "\u{2013}",
                               "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\t", "«", "\u{0}"].map { Array($0.utf8) }
            + [[0xE2], [0xE2, 0x80], [0x80, 0xA8], [0xC2], [0x85]]
        var state: UInt64 = 0x9A4A
        func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) }
        for _ in 0..<20_000 {
            let text = (0..<(next() % 30)).flatMap { _ in pieces[next() % pieces.count] }
            let got = text.withUnsafeBufferPointer { HardBreaks.paragraphs(in: $0) }
            XCTAssertEqual(got, naive(text), "\(text)")
            if got != naive(text) { return }
        }
    }
}
