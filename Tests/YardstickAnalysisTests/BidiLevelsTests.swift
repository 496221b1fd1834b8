import XCTest
@testable import YardstickAnalysis

/// Right-to-left paragraphs with only right-to-left letters, marks and neutrals skip ICU's
/// bidi; their levels must be exactly ICU's.
final class BidiLevelsTests: XCTestCase {
    func levels(_ text: String, baseDirection: UInt8?, _ analyzer: TextAnalyzer) -> ([LevelRun], UInt8) {
        var copy = text
        return copy.withUTF8 { bytes in
            _ = analyzer.analyzeBreaks(bytes, paragraph: 0..<bytes.count, baseDirection: baseDirection)
            analyzer.resolveLevelRuns(bytes, paragraph: 0..<bytes.count, baseDirection: baseDirection)
            return (analyzer.levelRuns, analyzer.baseLevel)
        }
    }

    func testRightToLeftWithNumbersMatchesICU() throws {
        let analyzer = try TextAnalyzer()
        let alphabet = ["ש", "ל", "ו", "ם", "\u{5B8}", "ا", "ل", "ع", "\u{64E}", "،", "؟", " ", " ", "\t", ".", ",", "(", ")", "!", "-", "+", "%",
                        "«", "»", "\u{200C}", "\u{AD}", "…", "—", "1", "2", "0", "٣", "٤", "۵", "$", "#", "/", ":", "°", "\u{66B}", "\u{66C}", "€"]
        var state: UInt64 = 0xB1D1
        func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) }
        var plain = 0
        for _ in 0..<60_000 {
            let text = (0..<(1 + next() % 20)).map { _ in alphabet[next() % alphabet.count] }.joined()
            let fast = levels(text, baseDirection: nil, analyzer)
            let hasStrong = text.unicodeScalars.contains { (0x5D0...0x5EA).contains($0.value) || (0x620...0x64A).contains($0.value) }
            guard hasStrong else { continue }
            plain += 1
            // ICU with the paragraph level given as right to left (the fast path is not taken then).
            let icu = levels(text, baseDirection: 1, analyzer)
            XCTAssertEqual(fast.1, 1, text.debugDescription)
            XCTAssertEqual(fast.0, icu.0, "\(text.debugDescription) \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if fast.0 != icu.0 { return }
        }
        XCTAssertGreaterThan(plain, 30_000)
    }

    /// A paragraph `isRightToLeftAtOneLevel` accepts is all at level 1 by ICU.
    func testRightToLeftAtOneLevelMatchesICU() throws {
        let analyzer = try TextAnalyzer()
        let alphabet = ["ש", "ל", "ו", "ם", "\u{5B8}", "ا", "ل", "ع", "\u{64E}", "،", "؟", " ", " ", "\t", ".", ",", "(", ")", "!", "-", "+", "%",
                        "«", "»", "\u{200C}", "\u{AD}", "…", "—", "$", "#", "/", ":", "°", "€", "1", "٣", "a", "\u{200E}", "\u{2067}", "\u{1F600}"]
        var state: UInt64 = 0x1E7E1
        func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) }
        var accepted = 0, refused = 0
        for _ in 0..<40_000 {
            var text = (0..<(1 + next() % 16)).map { _ in alphabet[next() % alphabet.count] }.joined()
            guard text.withUTF8({ TextAnalyzer.isRightToLeftAtOneLevel($0, 0..<$0.count) }) else { refused += 1; continue }
            accepted += 1
            let (runs, base) = levels(text, baseDirection: nil, analyzer)
            XCTAssertEqual(base, 1, text.debugDescription)
            XCTAssertEqual(runs.map(\.level), [1], "\(text.debugDescription) \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if runs.map(\.level) != [1] { return }
        }
        XCTAssertGreaterThan(accepted, 3_000)
        XCTAssertGreaterThan(refused, 3_000)
        for text in ["שלום 1", "abc שלום", "שלום\u{200E}", "   ", "!!!", "😀 שלום"] {
            var copy = text
            XCTAssertFalse(copy.withUTF8 { TextAnalyzer.isRightToLeftAtOneLevel($0, 0..<$0.count) }, text)
        }
    }

    func testMixedTextStillGoesToICU() throws {
        let analyzer = try TextAnalyzer()
        let (runs, base) = levels("שלום 123 abc", baseDirection: nil, analyzer)
        XCTAssertEqual(base, 1)
        XCTAssertEqual(runs.map(\.level), [1, 2, 1, 2]) // the space between the number and the Latin word stays right to left
    }
}
