import Foundation
import XCTest
@testable import YardstickAnalysis

/// The ICU-free breaker must agree with ICU on every text it accepts.
final class FastLineBreaksTests: XCTestCase {
    func icuBreaks(_ text: [UInt8], _ analyzer: TextAnalyzer) -> [Int32] {
        // Force ICU: a right-to-left base direction skips the ASCII path; break opportunities
        // do not depend on direction.
        text.withUnsafeBufferPointer { analyzer.analyze($0, paragraph: 0..<$0.count, baseDirection: 1); return analyzer.breakOffsets }
    }

    func testAgreesWithICUOnRandomTexts() throws {
        let analyzer = try TextAnalyzer()
        let alphabet: [[UInt8]] = Array("aaaaabcXYZ0123456789     ,.:;!?-'\"()[]{}/|\t#&*@_<=>^`~".utf8).map { [$0] }
            + ["é", "ß", "Ł", "ǅ", "Ω", "λ", "Ж", "я", "–", "ı", "ª", "ʼ"].map { Array($0.utf8) }
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) }
        var checked = 0
        var acceptedCount = 0
        for _ in 0..<200_000 {
            let length = 1 + next() % 24
            let text = (0..<length).flatMap { _ in alphabet[next() % alphabet.count] }
            var fast: [Int32] = []
            let accepted = text.withUnsafeBufferPointer { FastLineBreaks.breaks($0, 0..<$0.count, into: &fast) }
            if accepted { acceptedCount += 1 }
            let icu = icuBreaks(text, analyzer)
            if accepted && fast != icu {
                XCTFail("\(String(decoding: text, as: UTF8.self).debugDescription): fast \(fast) ICU \(icu)")
                break
            }
            checked += 1
        }
        XCTAssertEqual(checked, 200_000)
        XCTAssertGreaterThan(acceptedCount, 100_000, "most random texts should take the fast path")
    }

    func testAgreesWithICUOnTheSampleTable() throws {
        let analyzer = try TextAnalyzer()
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Data/sample.csv")
        let data = try [UInt8](Data(contentsOf: url))
        var accepted = 0
        // Every comma-separated piece of every line as a paragraph: what the fast path accepts must match ICU.
        for line in data.split(separator: 0x0A).flatMap({ $0.split(separator: 0x2C) }) {
            let bytes = Array(line)
            var fast: [Int32] = []
            guard bytes.withUnsafeBufferPointer({ FastLineBreaks.breaks($0, 0..<$0.count, into: &fast) }) else { continue }
            accepted += 1
            XCTAssertEqual(fast, icuBreaks(bytes, analyzer), String(decoding: bytes, as: UTF8.self))
        }
        XCTAssertGreaterThan(accepted, 1000)
    }

    func testRealisticTextsAndRejections() throws {
        let analyzer = try TextAnalyzer()
        for s in ["Left at the front desk; signed for by Chloe.", "Order #1234 - shipped!", "It's 3.5 km, isn't it?", "-5 and -abc", "e-mail re-sent"] {
            var fast: [Int32] = []
            let bytes = Array(s.utf8)
            if bytes.withUnsafeBufferPointer({ FastLineBreaks.breaks($0, 0..<$0.count, into: &fast) }) {
                XCTAssertEqual(fast, icuBreaks(bytes, analyzer), s)
            }
        }
        var out: [Int32] = []
        XCTAssertFalse(Array("price $5".utf8).withUnsafeBufferPointer { FastLineBreaks.breaks($0, 0..<$0.count, into: &out) })
        XCTAssertFalse(Array("e\u{301}".utf8).withUnsafeBufferPointer { FastLineBreaks.breaks($0, 0..<$0.count, into: &out) }) // a mark
        XCTAssertFalse(Array("日本".utf8).withUnsafeBufferPointer { FastLineBreaks.breaks($0, 0..<$0.count, into: &out) })
        XCTAssertTrue(out.isEmpty)
    }
}

final class GraphemeBoundaryTests: XCTestCase {
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
