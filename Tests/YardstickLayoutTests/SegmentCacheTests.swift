import Foundation
import XCTest
import YardstickTestSupport
@testable import YardstickLayout
import YardstickFonts
import YardstickShaping

/// Everything about a prepared text that layout or a renderer can see: per segment its
/// range and widths, per piece its range, face, level and glyphs.
func preparationFingerprint(_ p: PreparedText) -> String {
    var out = ""
    for paragraph in p.paragraphRange {
        let para = p.storage.paragraphs[paragraph]
        out += "P\(para.start)-\(para.end) L\(para.baseLevel)\n"
        for s in Int(para.firstSegment)..<Int(para.endSegment) {
            let seg = p.storage.segments[s]
            out += " S\(seg.start)-\(seg.end) w\(seg.width) t\(seg.trailingWidth) c\(seg.clusterCount)/\(seg.trailingClusterCount) m\(seg.metricsMask)\n"
            for k in Int(seg.firstPiece)..<Int(seg.endPiece) {
                let piece = p.storage.pieces[k]
                let run = p.runs.store[piece.runID]
                out += "  \(piece.start)+\(piece.byteCount) f\(piece.face) l\(piece.level) \(run.glyphs.map { "\($0.id)@\($0.cluster):\($0.xAdvance)" }) \(run.clusters.map(\.start))\n"
            }
        }
    }
    return out
}

/// The segment-by-segment path (through `SegmentCache`) must give exactly the pieces, glyphs and
/// segments of the whole-paragraph path, whatever the scripts, faces and clusters.
final class SegmentCacheTests: XCTestCase {
    func fingerprint(_ p: PreparedText) -> String { preparationFingerprint(p) }

    /// - Returns: how many paragraphs that may hold right-to-left text took the segment or chunk path.
    @discardableResult
    func assertSamePreparation(_ texts: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let fonts = sharedEngine.fonts
        let bySegment = try TextEngine(fonts: fonts, reusingSegments: true)
        let byParagraph = try TextEngine(fonts: fonts, reusingSegments: false)
        let a = bySegment.prepare(texts, threads: 1)
        let b = byParagraph.prepare(texts, threads: 1)
        for i in texts.indices {
            let fa = fingerprint(a[i]), fb = fingerprint(b[i])
            if fa != fb {
                XCTFail("text \(i) \(texts[i].debugDescription) differs:\nby segment:\n\(fa)\nby paragraph:\n\(fb)", file: file, line: line)
                return 0
            }
        }
        // The same shaping keys were asked for (scripts included, which glyphs may not show).
        XCTAssertEqual(bySegment.cache.count, byParagraph.cache.count, "distinct shaped runs", file: file, line: line)
        return bySegment.withPreparer { $0.pathCounts.rightToLeftSegments + $0.pathCounts[.rightToLeftChunks] + $0.pathCounts[.chunksByLevels] }
    }

    /// Words met again (after the same script and face) come from the cache, as whole chunks.
    func testRepeatedWordsHitTheCache() throws {
        let engine = try TextEngine(fonts: sharedEngine.fonts, reusingSegments: true)
        _ = engine.prepare(["Electric kettle, blue steel", "Left with the neighbour"], threads: 1)
        let before = engine.withPreparer { $0.segmentCacheHits }
        _ = engine.prepare(["Electric kettle, blue steel and more"], threads: 1)
        // The chunks "Electric ", "kettle, " and "blue " are known; "steel " (with its space), "and " and "more" are not.
        XCTAssertGreaterThanOrEqual(engine.withPreparer { $0.segmentCacheHits } - before, 3)
    }

    func testRightToLeftTexts() throws {
        let rightToLeft = try assertSamePreparation([
            "שלום עולם", "שלום 123 עולם", "مرحبا 12، الرياض", "abc שלום def", "123 שלום", "(שלום) [עולם]", "«مرحبا» بكم", "שלום!",
            "\u{200F}123 abc", "Hello עולם 12 world", "مَرْحَبًا بِكُمْ", "١٢٣ شارع الملك", "Tel Aviv, תל אביב 6100", "- שלום -", "!!! שלום",
            "שלום\nabc\nمرحبا", "   שלום", "12 34 שלום", "ا ب ت", "שלום \u{05B8}x", "x\u{202B}y\u{202C}z", "עברית ולטינית: abc def 1-2",
            "\u{661}\u{1D400}", "\u{661} \u{20000} abc", "\u{661}\u{1F1E6}\u{1F1E8}", "a\u{5D0}\u{2329}\u{232A}\u{5D0}\u{3009}b",
        ])
        XCTAssertGreaterThan(rightToLeft, 15, "most of these paragraphs should go segment by segment")
    }

    /// Right-to-left paragraphs at one level (no numbers, no left-to-right letters) go chunk by
    /// chunk, with the pieces of the whole-paragraph path, and their words are then cache hits.
    func testRightToLeftParagraphsAtOneLevelGoChunkByChunk() throws {
        let texts = ["שלום עולם", "مرحبا بكم في الرياض", "«مرحبا» بكم", "(שלום) [עולם]", "שלום!", "- שלום -", "مَرْحَبًا بِكُمْ", "ا ب ت",
                     "   שלום", "שלום  ", "תל־אביב, ירושלים; חיפה.", "تم التوصيل، شكرًا؟", "אבא\tאמא", "סבתא…"]
        XCTAssertEqual(try assertSamePreparation(texts), texts.count)
        let engine = try TextEngine(fonts: sharedEngine.fonts, reusingSegments: true)
        _ = engine.prepare(texts, threads: 1)
        XCTAssertEqual(engine.withPreparer { $0.pathCounts[.rightToLeftChunks] }, texts.count)
        XCTAssertEqual(engine.withPreparer { $0.pathCounts.rightToLeftSegments }, 0)
        let before = engine.withPreparer { $0.segmentCacheHits }
        _ = engine.prepare(["שלום ירושלים"], threads: 1) // "שלום " opened a paragraph before
        XCTAssertEqual(engine.withPreparer { $0.segmentCacheHits } - before, 1)
        XCTAssertEqual(engine.withPreparer { $0.pathCounts[.rightToLeftChunks] }, texts.count + 1)
        // With a number or a Latin letter the levels differ: the paragraph goes chunk by chunk
        // with its levels, and its chunks at level 1 are the ones known from above.
        let hitsBefore = engine.withPreparer { $0.segmentCacheHits }
        _ = engine.prepare(["שלום 12 עולם", "שלום abc"], threads: 1)
        XCTAssertEqual(engine.withPreparer { $0.pathCounts[.rightToLeftChunks] }, texts.count + 1)
        XCTAssertEqual(engine.withPreparer { $0.pathCounts[.chunksByLevels] }, 2)
        XCTAssertGreaterThanOrEqual(engine.withPreparer { $0.segmentCacheHits } - hitsBefore, 2, "\"שלום \" twice")
    }

    /// Paragraphs with right-to-left text and numbers or left-to-right text go chunk by chunk,
    /// each chunk at its bidi levels (one lookup when they are all one level, segment by
    /// segment when not), with exactly the pieces of the whole-paragraph path, whatever the
    /// order in which the chunks were met before.
    func testMixedDirectionParagraphsGoChunkByChunkWithTheirLevels() throws {
        // Words as cells hold them (punctuation attached), and loose punctuation, which often
        // leaves no break between two chunks (those paragraphs go whole: still compared).
        let words = ["שלום", "עולם", "תל", "אביב", "مرحبا", "بكم", "شارع", "الملك", "abc", "Main", "St", "Hello", "é", "12", "326",
                     "07688", "٣٤", "1,000", "5%", "+972", "3.5", "ص.ب.", "12،", "(שלום)", "\"אורי", "פרץ\"", "[abc]", "«مرحبا»", "😀", "7,"]
        let loose = ["(", ")", "[", "]", "\"", "«", "»", "،", ",", ".", "-", ":", "/", "\t", "\u{64E}"]
        func texts(_ seed: UInt64, _ vocabulary: [String], count: Int) -> [String] {
            var rng = SplitMix64(seed: seed)
            return (0..<count).map { _ in
                let parts = (0..<(1 + Int(rng.next() % 10))).map { _ in vocabulary[Int(rng.next() % UInt64(vocabulary.count))] }
                return parts.joined(separator: rng.next() % 5 == 0 ? "" : " ")
            }
        }
        let plain = texts(0xB1D1, words, count: 3000), hostile = texts(0xB1D2, words + loose, count: 3000)
        try assertSamePreparation(plain + hostile + plain.reversed() + hostile.reversed())
        let engine = try TextEngine(fonts: sharedEngine.fonts, reusingSegments: true)
        _ = engine.prepare(plain, threads: 1)
        let mixed = plain.filter { $0.unicodeScalars.contains { (0x590..<0x700).contains($0.value) } }.count
        // (Not those that open with a number: a segment whose level changes inside before any
        // real script still sends its paragraph to the whole-paragraph analysis.)
        XCTAssertGreaterThan(engine.withPreparer { $0.pathCounts[.chunksByLevels] }, mixed / 2,
                             "most paragraphs with right-to-left text should go chunk by chunk with their levels")
    }

    func testTrickyTexts() throws {
        // A chunk opening with a character that continues a cluster, cached where it opens a
        // paragraph, is not taken after a space (no break there: see `breaksBefore`).
        try assertSamePreparation(["\u{301}abc def", "x \u{301}abc def", "\u{200D}zw j", "a \u{200D}zw j", "\u{903}x y", "q \u{903}x y"])
        try assertSamePreparation(DeterminismTests.samples + [
            "123 Main St", "42", "  leading spaces", "(1) «x» 2", "1990 — 東京 3", "12 東京タワー 5", "• item 🍎 apple",
            "👍🏽 ok", "🇫🇷🇩🇪 flags", "a\u{200D}b", "x \u{0301}y", "e\u{0301}\u{0302} café", "क्षत्रिय १२३ नमस्ते",
            "한국 가 ᆨ 123", "ไทย 12 ภาษา", "Ελληνικά 3 Кириллица", "5 kg × 3", "\u{00A0}nbsp\u{00A0}", "A\u{3000}B", "…", "- a -b",
            "price: ¥1,234", "ABC\u{FE0F}", "#\u{FE0F}\u{20E3} 1\u{20E3}", "\u{1F469}\u{200D}\u{1F4BB} dev", "x\u{2060}y",
        ])
    }

    func testRandomTexts() throws {
        let pieces = ["the", "12", "3.5", " ", "  ", ", ", "(", ")", "-", "—", "é", "e\u{0301}", "Ω", "жж", "東京", "タワー", "。", "한국어",
                      "ᄀ", "ᅡ", "ᆨ", "नमस्ते", "्", "ि", "ไทย", "👍", "🏽", "\u{200D}", "🇫", "🇷", "\u{FE0F}", "\u{00A0}", "\u{3000}", "•", "€",
                      "x", "Z", "!", "?", "'", "\"", "/", "\u{200B}", "\t", "1\u{20E3}", "ß", "ŉ", "ǅ",
                      "שלום", "עולם", "\u{05B8}", "مرحبا", "بكم", "\u{064E}", "،", "٣", "؟", "\u{200F}", "«", "»"]
        var rng = SplitMix64(seed: 0x5E6)
        var texts: [String] = []
        for _ in 0..<3000 {
            var s = ""
            for _ in 0..<Int(rng.next() % 12) { s += pieces[Int(rng.next() % UInt64(pieces.count))] }
            texts.append(s)
        }
        XCTAssertGreaterThan(try assertSamePreparation(texts), 900, "right-to-left paragraphs should mostly go segment by segment")
    }

    /// Thai goes chunk by chunk, each chunk's breaks from ICU's dictionary, and must prepare
    /// exactly as the whole paragraph does; a phrase met again is one lookup.
    func testThaiTexts() throws {
        let pieces = ["สวัสดี", "ครับ", "ขอบคุณ", "มาก", "บ้าน", "เลขที่", "ถนน", "สุขุมวิท", "กรุงเทพฯ", "ๆ", "12", "3.5", "฿", "๑๒",
                      " ", " ", "  ", ", ", "(", ")", "-", "«", "»", "abc", "Ω", "東京", "\u{E48}", "\u{E31}", "ລາວ", "ខ្មែរ", "👍"]
        var rng = SplitMix64(seed: 0x7A1)
        var texts: [String] = ["ส่งถึงบ้านแล้ว ขอบคุณครับ", "บ้านเลขที่ 12 ถนนสุขุมวิท กรุงเทพฯ 10110", "(ไทย) ภาษา-ไทย", "ก่อน 5 โมง"]
        for _ in 0..<3000 {
            var s = ""
            for _ in 0..<Int(rng.next() % 10) { s += pieces[Int(rng.next() % UInt64(pieces.count))] }
            texts.append(s)
        }
        try assertSamePreparation(texts)
        let engine = try TextEngine(fonts: sharedEngine.fonts, reusingSegments: true)
        _ = engine.prepare(["ส่งถึงบ้านแล้ว ขอบคุณครับ มาก"], threads: 1)
        let before = engine.withPreparer { $0.segmentCacheHits }
        _ = engine.prepare(["ส่งถึงบ้านแล้ว ขอบคุณครับ ครับ"], threads: 1)
        XCTAssertGreaterThanOrEqual(engine.withPreparer { $0.segmentCacheHits } - before, 2, "both Thai chunks are known")
    }

    func testSampleCells() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Data/sample.csv").standardized
        let text = try String(contentsOf: url, encoding: .utf8)
        // Quoted fields may hold commas; a rough split is enough for a corpus of realistic cells.
        let cells = text.split(separator: "\n").prefix(1500).flatMap { $0.split(separator: ",") }.map(String.init)
        XCTAssertGreaterThan(try assertSamePreparation(cells), 50)
    }
}
