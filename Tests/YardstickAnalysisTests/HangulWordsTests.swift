import XCTest
@testable import YardstickAnalysis

/// `.hangulWordPriority`: opportunities between two Hangul characters go; the others stay.
final class HangulWordsTests: XCTestCase {
    func breaks(_ text: String, keeping: Bool) throws -> [Int32] {
        let analyzer = try TextAnalyzer(keepsHangulWords: keeping)
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { b in
            analyzer.analyzeBreaks(UnsafeBufferPointer(b), paragraph: 0..<b.count).breakOffsets
        }
    }

    func testOnlyHangulPairsLoseTheirBreak() throws {
        // "한국어 (テスト) 漢字 ㄱㄴ 한" : Hangul syllables, kana, Han, compatibility Jamo.
        let text = "한국어 テスト漢字 ㄱㄴ 한"
        let all = try breaks(text, keeping: false), kept = try breaks(text, keeping: true)
        let bytes = Array(text.utf8)
        XCTAssertTrue(Set(kept).isSubset(of: Set(all)))
        let scalars = text.unicodeScalars.map(\.value), starts = text.unicodeScalars.indices.map { text.utf8.distance(from: text.utf8.startIndex, to: $0) }
        for b in Set(all).subtracting(kept) {
            let k = starts.firstIndex(of: Int(b))!
            XCTAssertTrue(HangulWords.isHangul(scalars[k - 1]) || HangulWords.isHangul(scalars[k]), "\(b)")
        }
        // Between syllables (3, 6), and the Jamo pair, go; kana and Han keep theirs.
        XCTAssertTrue(all.contains(3) && !kept.contains(3))
        XCTAssertTrue(all.contains(6) && !kept.contains(6))
        XCTAssertEqual(kept.filter { $0 > 10 && $0 < 25 }, all.filter { $0 > 10 && $0 < 25 })
        XCTAssertEqual(kept.last, Int32(bytes.count))
    }

    /// A Korean word holds digits and Latin letters too: "2024년", "iPhone을" stay whole.
    func testAKoreanWordWithDigitsOrLatinStaysWhole() throws {
        let text = "2024년 3월 15일에 iPhone을 샀다"
        let spaces = text.utf8.enumerated().filter { $0.element == 0x20 }.map { Int32($0.offset + 1) }
        XCTAssertEqual(try breaks(text, keeping: true), spaces + [Int32(text.utf8.count)])
        XCTAssertGreaterThan(try breaks(text, keeping: false).count, spaces.count + 1)
    }

    func testTheAnalyzerByDefaultKeepsEveryOpportunity() throws {
        XCTAssertEqual(try breaks("가나다", keeping: false), [3, 6, 9])
        XCTAssertEqual(try breaks("가나다", keeping: true), [9])
    }
}
