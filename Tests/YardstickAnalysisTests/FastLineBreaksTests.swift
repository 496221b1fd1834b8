import Foundation
import XCTest
@testable import YardstickAnalysis

/// The ICU-free breaker must agree with ICU on every text it accepts.
final class FastLineBreaksTests: XCTestCase {
    func icuBreaks(_ text: [UInt8], _ analyzer: TextAnalyzer) -> [Int32] {
        // Force ICU: a right-to-left base direction skips the fast path; break opportunities
        // do not depend on direction.
        text.withUnsafeBufferPointer { analyzer.analyze($0, paragraph: 0..<$0.count, baseDirection: 1).breakOffsets }
    }

    /// The fast path's breaks, or nil when it hands the text to ICU.
    func fastBreaks(_ text: [UInt8]) -> [Int32]? {
        var out: [Int32] = []
        var scratch = FastLineBreaks.Scratch()
        let outcome = text.withUnsafeBufferPointer { FastLineBreaks.breaks($0, 0..<$0.count, into: &out, scratch: &scratch) }
        if outcome == .rejected {
            XCTAssertTrue(out.isEmpty)
            return nil
        }
        return out
    }

    /// Characters grouped so that a random text mixes a few groups: every class the fast path
    /// handles, in the scripts the sample table holds, plus characters it must hand to ICU.
    static let groups: [[String]] = [
        Array("aaaaabcXYZ0123456789     ,.:;!?-'\"()[]{}/|\t#&*@_<=>^`~").map(String.init),
        ["é", "ß", "Ł", "ǅ", "Ω", "λ", "Ж", "я", "–", "ı", "ª", "ʼ", "ố", "º", "×", "·", "´", "¿", "¡", "e\u{301}", "\u{301}", "…", "—"],
        ["‘", "’", "“", "”", "«", "»", "„", "\u{A0}", "\u{202F}", "\u{2060}", " ", " ", "a", "1", "(", "-"],
        ["ש", "ל", "ו", "ם", "\u{5B8}", "\u{5BE}", "\u{5F3}", " ", "-", "1", "/"],
        ["ا", "ل", "ع", "ر", "ب", "\u{64E}", "\u{651}", "،", "؛", "؟", "٣", "٤", " ", " "],
        ["क", "्", "ष", "ा", "ि", "।", "॥", "५", " ", " ", "\u{902}"],
        ["日", "本", "語", "、", "。", "「", "」", "（", "）", "ー", "ぁ", "ッ", "・", "々", "〒", "！", "：", "，", "．", "１", "　", "〜", "…", "😀", "𠀋"],
        ["한", "국", "어", "각", "\u{1100}", "\u{1161}", "\u{11A8}", " ", " ", ".", ",", "1"],
        ["ก", "\u{200B}", "\u{2010}", "🇫", "\u{1}"],
        // Emoji: bases and modifiers (LB30b), joiner sequences (LB8a), presentation selectors.
        ["👍", "🏽", "🏿", "🙏", "\u{1F02C}", "✌", "☝", "✅", "❤", "\u{FE0F}", "\u{200D}", "👩", "💻", "😀", "🧑", "a", "1", " ", "(", ")", "%", ",", "!", "-", "一"],
        // Numeric prefixes and postfixes (PR, PO) with numbers, letters, brackets and separators.
        ["$", "%", "€", "+", "°", "₹", "£", "‰", "1", "2", "0", "(", ")", "[", "]", "-", ".", ",", "/", "a", "x", " ", "一", "가", "（", "）"],
    ]

    /// Thai (complex context, SA) and what surrounds it: chunks take ICU's dictionary breaks.
    static let dictionaryGroup: [String] = ["ภาษา", "ไทย", "ก", "า", "ร", "ส", "\u{E48}", "\u{E31}", "ำ", "ๆ", "฿", "๑", "ครับ", "ที่",
                                            "สวัสดี", "ขอบคุณ", "บ้าน", " ", " ", "-", "(", ")", "«", "1", ".", "a", "\u{300}", "ລາວ",
                                            "ພາສາລາວ", "ភាសាខ្មែរ", "ខ្ញុំ", "မြန်မာ", "ဘာသာ", "ᦐᦲᧅ"]

    /// Whether the fast rules reject `text` only for its complex-context characters.
    func rejectedOnlyForDictionary(_ text: [UInt8]) -> Bool {
        var out: [Int32] = []
        var scratch = FastLineBreaks.Scratch()
        let outcome = text.withUnsafeBufferPointer { FastLineBreaks.breaks($0, 0..<$0.count, into: &out, scratch: &scratch, dictionary: true) }
        return outcome != .rejected && scratch.sawDictionary
    }

    func testAgreesWithICUOnRandomTexts() throws {
        let analyzer = try TextAnalyzer()
        let groups = Self.groups.map { $0.map { Array($0.utf8) } }
        // YS_FUZZ_TEXTS=N YS_FUZZ_SEED=S run a longer or different comparison.
        let environment = ProcessInfo.processInfo.environment
        var state: UInt64 = environment["YS_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x9E3779B97F4A7C15
        func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) }
        var acceptedCount = 0
        var rightToLeftCount = 0
        var mismatches = 0
        let texts = environment["YS_FUZZ_TEXTS"].flatMap { Int($0) } ?? 400_000
        for _ in 0..<texts {
            // One to three groups per text, the first (ASCII) half the time.
            var alphabet: [[UInt8]] = next() % 2 == 0 ? groups[0] : []
            for _ in 0..<(1 + next() % 2) { alphabet += groups[1 + next() % (groups.count - 1)] }
            let length = 1 + next() % 24
            let text = (0..<length).flatMap { _ in alphabet[next() % alphabet.count] }
            guard let fast = fastBreaks(text) else { continue }
            acceptedCount += 1
            if text.withUnsafeBufferPointer({ buffer in (0..<buffer.count).contains { buffer[$0] == 0xD7 || buffer[$0] == 0xD8 || buffer[$0] == 0xD9 } }) { rightToLeftCount += 1 }
            let icu = icuBreaks(text, analyzer)
            if fast != icu {
                mismatches += 1
                if mismatches <= 10 {
                    XCTFail("\(String(decoding: text, as: UTF8.self).debugDescription) \(String(decoding: text, as: UTF8.self).unicodeScalars.map { String($0.value, radix: 16) }): fast \(fast) ICU \(icu)")
                }
            }
        }
        XCTAssertEqual(mismatches, 0)
        XCTAssertGreaterThan(acceptedCount, texts / 2, "most random texts should take the fast path")
        XCTAssertGreaterThan(rightToLeftCount, texts / 20, "Hebrew and Arabic texts should take the fast path")
    }

    /// A paragraph broken chunk by chunk (`TextAnalyzer.chunkBreaks` and `ChunkEdges.breakBetween`).
    func chunkedBreaks(_ text: [UInt8], _ analyzer: TextAnalyzer) -> [Int32]? {
        text.withUnsafeBufferPointer { buffer -> [Int32]? in
            var result: [Int32] = []
            var previous = ChunkEdges.paragraphStart
            var start = 0
            let n = buffer.count
            while start < n {
                var end = start
                while end < n && buffer[end] != 0x20 { end += 1 }
                while end < n && buffer[end] == 0x20 { end += 1 }
                var inside: [Int32] = []
                guard let chunk = analyzer.chunkBreaks(buffer, chunk: start..<end, afterOpenSpaces: previous.opensSpaces, into: &inside) else { return nil }
                if start > 0 && ChunkEdges.breakBetween(previous, chunk) { result.append(Int32(start)) }
                result += inside
                previous = chunk
                start = end
            }
            result.append(Int32(n))
            return result
        }
    }

    func testChunkByChunkEqualsWholeParagraph() throws {
        let analyzer = try TextAnalyzer()
        let groups = Self.groups.map { $0.map { Array($0.utf8) } }
        var rng: UInt64 = 0x51ED
        func next() -> Int { rng = rng &* 6364136223846793005 &+ 1442695040888963407; return Int(rng >> 33) }
        let dictionary = Self.dictionaryGroup.map { Array($0.utf8) }
        var compared = 0
        var comparedWithDictionary = 0
        for _ in 0..<200_000 {
            var alphabet: [[UInt8]] = groups[0] + [[0x20], [0x20], [0x20]]
            alphabet += next() % 4 == 0 ? dictionary : groups[1 + next() % (groups.count - 1)]
            let text = (0..<(1 + next() % 24)).flatMap { _ in alphabet[next() % alphabet.count] }
            // Thai goes chunk by chunk with ICU's breaks per chunk: the whole paragraph's are ICU's.
            let fast = fastBreaks(text)
            let usesDictionary = fast == nil && rejectedOnlyForDictionary(text)
            let whole = usesDictionary ? icuBreaks(text, analyzer) : fast
            let chunked = chunkedBreaks(text, analyzer)
            if usesDictionary {
                // (A Thai chunk after an opening mark and spaces starting with a hyphen goes to ICU whole.)
                if chunked == nil { continue }
                comparedWithDictionary += 1
            } else {
                XCTAssertEqual(whole == nil, chunked == nil, String(decoding: text, as: UTF8.self).debugDescription)
            }
            if let whole, let chunked {
                compared += 1
                if whole != chunked {
                    XCTFail("\(String(decoding: text, as: UTF8.self).debugDescription): whole \(whole) chunked \(chunked)")
                    return
                }
            }
        }
        XCTAssertGreaterThan(compared, 100_000)
        XCTAssertGreaterThan(comparedWithDictionary, 20_000, "Thai texts should go chunk by chunk")
    }

    func testAgreesWithICUOnTheSampleTable() throws {
        let analyzer = try TextAnalyzer()
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Data/sample.csv")
        let data = try [UInt8](Data(contentsOf: url))
        var accepted = 0
        var pieces = 0
        // Every comma-separated piece of every line as a paragraph: what the fast path accepts must match ICU.
        for line in data.split(separator: 0x0A).flatMap({ $0.split(separator: 0x2C) }) {
            let bytes = Array(line)
            pieces += 1
            guard let fast = fastBreaks(bytes) else { continue }
            accepted += 1
            XCTAssertEqual(fast, icuBreaks(bytes, analyzer), String(decoding: bytes, as: UTF8.self))
        }
        XCTAssertGreaterThan(accepted, pieces * 85 / 100, "the fast path should take most pieces")
    }

    func testRealisticTextsAndRejections() throws {
        let analyzer = try TextAnalyzer()
        for s in ["Left at the front desk; signed for by Chloe.", "Order #1234 - shipped!", "It's 3.5 km, isn't it?", "-5 and -abc", "e-mail re-sent",
                  "東京都渋谷区神南1-2-3「配達済み」です。", "배송 완료, 문 앞에 두었습니다.", "שלום, עולם-חדש", "تم التوصيل إلى الباب.", "डिलीवरी हो गई। धन्यवाद",
                  "« Livré le 3 mars »", "2 × Kettle — blue", "price $5", "50% off", "$2,387.98", "₹1,28,641.70", "24,43 €", "+49 (0) 30 1234",
                  "(12)% 5°C", "$(.5) $-1 US$", "👍🏽 ok", "👩\u{200D}💻 dev", "x\u{200D}y", "✌️ peace 🙏🏿!", "❤️‍🔥"] {
            let bytes = Array(s.utf8)
            let fast = fastBreaks(bytes)
            XCTAssertNotNil(fast, s)
            if let fast { XCTAssertEqual(fast, icuBreaks(bytes, analyzer), s) }
        }
        for s in ["สวัสดีครับ", "a\u{200B}b", "🇫🇷"] {
            XCTAssertNil(fastBreaks(Array(s.utf8)), s)
        }
    }
}
