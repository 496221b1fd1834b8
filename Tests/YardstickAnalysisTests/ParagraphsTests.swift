import XCTest
@testable import YardstickAnalysis

/// The eight-bytes-at-a-time hard-break scan agrees with a byte-by-byte one.
final class ParagraphsTests: XCTestCase {
    func naive(_ text: [UInt8]) -> [Paragraph] {
        var result: [Paragraph] = []
        var start = 0, i = 0
        while i < text.count {
            if text[i] == 0x0A { result.append(Paragraph(start: start, end: i, next: i + 1)); i += 1; start = i }
            else if text[i] == 0x0D {
                let next = i + 1 < text.count && text[i + 1] == 0x0A ? i + 2 : i + 1
                result.append(Paragraph(start: start, end: i, next: next)); i = next; start = i
            } else if text[i] == 0xE2, i + 2 < text.count, text[i + 1] == 0x80, text[i + 2] == 0xA8 || text[i + 2] == 0xA9 {
                result.append(Paragraph(start: start, end: i, next: i + 3)); i += 3; start = i
            } else { i += 1 }
        }
        result.append(Paragraph(start: start, end: text.count, next: text.count))
        return result
    }

    func testScanMatchesByteByByte() {
        let pieces: [[UInt8]] = ["a", "bcdefgh", "\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{2026}", "€", "東京", " ", "\u{2013}"].map { Array($0.utf8) }
            + [[0xE2], [0xE2, 0x80], [0x80, 0xA8]]
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
