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

    func testMixedTextStillGoesToICU() throws {
        let analyzer = try TextAnalyzer()
        let (runs, base) = levels("שלום 123 abc", baseDirection: nil, analyzer)
        XCTAssertEqual(base, 1)
        XCTAssertEqual(runs.map(\.level), [1, 2, 1, 2]) // the space between the number and the Latin word stays right to left
    }
}
