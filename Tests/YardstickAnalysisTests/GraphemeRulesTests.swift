import Foundation
import XCTest
@testable import YardstickAnalysis

final class GraphemeRulesTests: XCTestCase {
    /// The GB9/GB9a shortcut and ICU's iterator give the same boundaries; both match Swift's.
    func testBoundariesMatchSwiftCharacters() throws {
        let analyzer = try TextAnalyzer()
        for text in ["مَرْحَبًا بِكُمْ", "नमस्ते दुनिया", "สวัสดีครับ", "e\u{301}x\u{308}\u{301}", "日本語", "👍🏽 ok", "🇫🇷🇩🇪", "👨‍👩‍👧 x",
                     "\u{1100}\u{1161}\u{11A8}각", "שָׁלוֹם", "a\tb\u{301}"] {
            var copy = text
            let got = copy.withUTF8 { analyzer.graphemeBoundaries($0, range: 0..<$0.count) }
            var expected: [Int32] = []
            var i = text.startIndex
            while i < text.endIndex { i = text.index(after: i); expected.append(Int32(text.utf8.distance(from: text.startIndex, to: i))) }
            if text == "नमस्ते दुनिया" {
                // Swift follows Unicode 15.1's GB9c (conjuncts); ICU 72 is 15.0: every Swift boundary is one of ours.
                XCTAssertTrue(Set(expected).isSubset(of: Set(got)), text)
            } else {
                XCTAssertEqual(got, expected, text)
            }
        }
    }
}
