import XCTest
@testable import YardstickAnalysis

/// Paragraphs without explicit embeddings or isolates skip ICU's bidi (`ImplicitBidi`); their
/// levels must be exactly ICU's.
final class BidiLevelsTests: XCTestCase {
    /// `ImplicitBidi`'s levels per character against ICU's (given the paragraph level it found).
    func implicitAgainstICU(_ text: String, _ resolver: ImplicitBidi, _ icu: ICUBidi) -> (implicit: [UInt8], icu: [UInt8])? {
        let scalars = Array(text.unicodeScalars)
        resolver.start(maxCount: scalars.count)
        for s in scalars { if !resolver.append(s.value) { return nil } }
        guard let base = resolver.resolve() else { return nil }
        let implicit = (0..<scalars.count).map { resolver.levels[$0] }
        let utf16 = Array(text.utf16)
        var levels = [UInt8](repeating: 0, count: utf16.count)
        let icuBase = utf16.withUnsafeBufferPointer { u in levels.withUnsafeMutableBufferPointer { icu.resolve(u, paragraphLevel: 0xFE, into: $0.baseAddress!) } }
        guard icuBase == base else { return ([base] + implicit, [icuBase] + levels) }
        // One level per scalar (a pair's two units share theirs).
        var perScalar: [UInt8] = []
        var unit = 0
        for s in scalars { perScalar.append(levels[unit]); unit += s.value >= 0x10000 ? 2 : 1 }
        return (implicit, perScalar)
    }

    func testImplicitBidiMatchesICU() throws {
        let resolver = ImplicitBidi()
        let icu = try ICUBidi()
        // Letters of each direction, numbers of both kinds, separators, terminators, marks,
        // brackets, quotes, spaces, a tab, an emoji and other characters past U+FFFF.
        let alphabet = ["a", "Z", "é", "ש", "ל", "ا", "ع", "\u{5B8}", "\u{64E}", "\u{301}", "1", "2", "٣", "۵", "+", "-", "%", "$", "#", "°",
                        ",", ".", ":", "/", "،", "\u{66B}", "\u{66C}", "(", ")", "[", "]", "{", "}", "«", "»",
                        "\"", "'", "!", "?", "…", "—", " ", " ", " ", "\t", "😀", "\u{1D400}", "\u{20000}", "\u{1F1E6}", "\u{200E}", "\u{200F}",
                        "\u{61C}", "\u{A0}", "\u{3000}"]
        var state: UInt64 = 0x1B1D1
        func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) }
        var compared = 0, withBrackets = 0, rightToLeft = 0
        for _ in 0..<100_000 {
            let text = (0..<(1 + next() % 24)).map { _ in alphabet[next() % alphabet.count] }.joined()
            guard let (implicit, reference) = implicitAgainstICU(text, resolver, icu) else { continue }
            compared += 1
            if text.contains(where: { "()[]{}".contains($0) }) { withBrackets += 1 }
            if implicit.contains(where: { $0 & 1 == 1 }) { rightToLeft += 1 }
            if implicit != reference {
                XCTFail("\(text.debugDescription) \(text.unicodeScalars.map { String($0.value, radix: 16) }): \(implicit) ICU \(reference)")
                return
            }
        }
        XCTAssertGreaterThan(compared, 90_000)
        XCTAssertGreaterThan(withBrackets, 50_000)
        XCTAssertGreaterThan(rightToLeft, 50_000)
        // What it refuses: explicit embeddings and isolates, boundary neutrals, paragraph
        // separators, and the angle brackets with canonical equivalents, whose pairing ICU does
        // its own way ("a", alef, U+2329 U+232A, alef, U+3009, "b": ICU pairs the first with the last).
        for text in ["a\u{202B}b", "a\u{2067}b\u{2069}", "a\u{200D}b", "a\u{1C}b", "\u{202E}x", "a\u{5D0}\u{2329}\u{232A}\u{5D0}\u{3009}b",
                     "\u{5D0}(\u{3008}x\u{3009})"] {
            XCTAssertNil(implicitAgainstICU(text, resolver, icu), text.debugDescription)
        }
        // A character past U+FFFF counts as a possible neutral in ICU's left-to-right shortcut.
        let supplementary = try XCTUnwrap(implicitAgainstICU("\u{661}\u{1D400}", resolver, icu))
        XCTAssertEqual(supplementary.implicit, supplementary.icu)
        XCTAssertEqual(supplementary.implicit, [2, 0])
    }


    func levels(_ text: String, baseDirection: UInt8?, _ analyzer: TextAnalyzer) -> ([LevelRun], UInt8) {
        var copy = text
        return copy.withUTF8 { bytes in
            let breaks = analyzer.analyzeBreaks(bytes, paragraph: 0..<bytes.count, baseDirection: baseDirection)
            let analysis = analyzer.resolvingLevelRuns(breaks, bytes)
            return (analysis.levelRuns, analysis.baseLevel)
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
