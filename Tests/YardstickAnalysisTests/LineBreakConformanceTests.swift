import Foundation
import XCTest
@testable import YardstickAnalysis

/// UAX #14 conformance: every case of Unicode's LineBreakTest.txt 15.0 (the Unicode version of
/// ICU 72) must give the same break opportunities through `TextAnalyzer`, except where ICU 72
/// already follows two rules that Unicode 15.1 adopted. Each exception is checked by rule:
/// - LB20a (15.1): no break after a word-initial hyphen before a letter: `-#`, `-§` (ICU keeps
///   "-foo" together). The missing break must follow U+002D (plus combining marks) at the start
///   of the text or after a space.
/// - LB25 (15.1 regex): IS × NU, a number may start with its decimal separator (".5", ",0").
///   The missing break must sit between U+002C/U+002E (plus combining marks) and a digit; with
///   it comes LB15c (15.1), SP ÷ IS NU: an extra break between a space and such a number.
/// Any other difference — or any extra break ICU gives — fails the test.
/// `TextAnalyzer` answers with its ICU-free breaker (`FastLineBreaks`) whenever that accepts
/// the text, and with ICU otherwise: the file tests both, and the test checks that each path
/// answered thousands of cases.
final class LineBreakConformanceTests: XCTestCase {
    func testLineBreakTestFile() throws {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "LineBreakTest", withExtension: "txt", subdirectory: "Resources"))
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        let analyzer = try TextAnalyzer()
        var cases = 0
        var failures: [String] = []
        var exceptions = 0
        var fastCases = 0
        for line in lines {
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard tokens.count >= 3 else { continue }
            var scalars: [Unicode.Scalar] = []
            var expected: [Int] = [] // scalar indices after which a break is allowed
            for token in tokens.dropFirst() {
                if token == "÷" { expected.append(scalars.count) } else if token == "×" { continue } else {
                    scalars.append(Unicode.Scalar(UInt32(token, radix: 16)!)!)
                }
            }
            var text = String(String.UnicodeScalarView(scalars))
            // Map scalar index → UTF-8 offset.
            var utf8Offsets: [Int32] = [0]
            for s in scalars { utf8Offsets.append(utf8Offsets.last! + Int32(String(s).utf8.count)) }
            let expectedOffsets = expected.map { utf8Offsets[$0] }
            let got: [Int32] = text.withUTF8 { bytes in
                analyzer.analyze(bytes, paragraph: 0..<bytes.count).breakOffsets
            }
            cases += 1
            if analyzer.usedFastBreaks { fastCases += 1 }
            guard got != expectedOffsets else { continue }
            let missing = Set(expected).subtracting(expected.filter { got.contains(utf8Offsets[$0]) })
            let extra = Set(got).subtracting(expectedOffsets).map { offset in utf8Offsets.firstIndex(of: offset)! }
            if extra.allSatisfy({ isLB15c(scalars, breakAt: $0) }), !missing.isEmpty, missing.allSatisfy({ isUnicode151Exception(scalars, breakAfter: $0) }) {
                exceptions += 1
            } else {
                failures.append("\(body) → got \(got) expected \(expectedOffsets)")
            }
        }
        XCTAssertGreaterThan(cases, 7000, "the conformance file should hold thousands of cases")
        XCTAssertGreaterThan(fastCases, 1000, "FastLineBreaks should answer thousands of cases (answered \(fastCases))")
        XCTAssertGreaterThan(cases - fastCases, 1000, "ICU should answer thousands of cases (answered \(cases - fastCases))")
        XCTAssertEqual(failures.count, 0, "failures (\(failures.count) of \(cases)):\n" + failures.prefix(20).joined(separator: "\n"))
        XCTAssertLessThanOrEqual(exceptions, 22, "the Unicode 15.1 exceptions should stay the 22 known cases")
    }

    /// LB15c (15.1): a break between a space and a number that starts with its separator (" .35").
    private func isLB15c(_ s: [Unicode.Scalar], breakAt index: Int) -> Bool {
        index > 0 && index + 1 < s.count && s[index - 1].value == 0x20 && [0x2C, 0x2E].contains(s[index].value)
            && (0x30...0x39).contains(s[index + 1].value)
    }

    /// Is a missing break after scalar index `index` one of the two Unicode 15.1 rules ICU 72 follows?
    private func isUnicode151Exception(_ s: [Unicode.Scalar], breakAfter index: Int) -> Bool {
        guard index > 0, index < s.count else { return false }
        var before = index - 1
        while before > 0 && s[before].properties.generalCategory == .nonspacingMark { before -= 1 }
        let prev = s[before].value
        let next = s[index]
        if prev == 0x2D { // LB20a: word-initial hyphen before a letter-like character
            let wordInitial = before == 0 || s[before - 1].value == 0x20
            return wordInitial && !(0x30...0x39).contains(next.value)
        }
        if prev == 0x2C || prev == 0x2E { // LB25: IS × NU
            return (0x30...0x39).contains(next.value)
        }
        return false
    }
}
