import XCTest
import YardstickLineBreaking
@testable import YardstickLayout
import YardstickFonts
import YardstickShaping
import CHarfBuzz

let sharedEngine = try! TextEngine()

final class TextLayoutTests: XCTestCase {
    let engine = sharedEngine
    /// Noto Sans: ascender 1069 + descender 293 + gap 0, per 1000 units.
    let bodyLine = 1.362 * 17

    func testEmptyTextIsOneLineOfThePrimaryFace() {
        let layout = engine.layout("", width: 100)
        XCTAssertEqual(layout.lineCount, 1)
        XCTAssertEqual(layout.height, bodyLine, accuracy: 1e-9)
        XCTAssertEqual(layout.width, 0)
    }

    func testHardBreaks() {
        XCTAssertEqual(engine.layout("a\nb", width: 100).lineStarts, [0, 2])
        XCTAssertEqual(engine.layout("a\r\nb", width: 100).lineStarts, [0, 3])
        XCTAssertEqual(engine.layout("a\rb", width: 100).lineStarts, [0, 2])
        XCTAssertEqual(engine.layout("a\u{2028}b", width: 100).lineStarts, [0, 4])
        XCTAssertEqual(engine.layout("a\u{2029}b", width: 100).lineStarts, [0, 4])
        // UAX #14's other mandatory breaks: VT, FF (BK) and NEL (NL); none is drawn.
        XCTAssertEqual(engine.layout("a\u{0B}b", width: 100).lineStarts, [0, 2])
        XCTAssertEqual(engine.layout("a\u{0C}b", width: 100).lineStarts, [0, 2])
        XCTAssertEqual(engine.layout("a\u{85}b", width: 100).lineStarts, [0, 3])
        XCTAssertEqual(engine.layout("ab\u{85}cd", width: 100).width, max(engine.layout("ab", width: 100).width, engine.layout("cd", width: 100).width), accuracy: 1e-9)
        XCTAssertEqual(engine.layout("a\n\nb\n", width: 100).lineStarts, [0, 2, 3, 5]) // empty lines count
        XCTAssertEqual(engine.layout("a\n\nb\n", width: 100).height, 4 * bodyLine, accuracy: 1e-9)
    }

    func testLatinComesFromTheNextFaceWhenTheFirstLacksIt() throws {
        // A user font without Latin put first: ASCII letters measure in Noto Sans, as without it;
        // spaces (and a tab, shaped as one) are the first face's that has one, the user's: 270
        // units in Noto Sans Hebrew against 260, as a browser's font list gives them.
        let hebrew = try BundledFonts.directory() + "/NotoSansHebrew-Regular.ttf"
        let user = try TextEngine(fonts: FontCollection.make(fontPaths: [hebrew]))
        // (Hebrew fonts have digits and punctuation, which a first face then draws.)
        for (text, spaces) in [("abc", 0.0), ("Hello world", 1), ("tab\there", 1), ("Hello שלום world", 2)] {
            XCTAssertEqual(user.layout(text, width: 1000).width, engine.layout(text, width: 1000).width + spaces * 0.010 * 17, accuracy: 1e-9, text)
        }
    }

    func testWrapsAtWordBoundariesAndTrailingSpacesHang() {
        let word = engine.layout("word", width: 1000).width
        let spaced = engine.layout("word      ", width: word + 0.001)
        XCTAssertEqual(spaced.lineCount, 1)
        XCTAssertEqual(spaced.width, word, accuracy: 1e-9)
        let two = engine.layout("word word", width: word + 0.001)
        XCTAssertEqual(two.lineStarts, [0, 5]) // the space belongs to the first line
        XCTAssertEqual(two.lines.map(\.width), [word, word])
    }

    func testWidthIsTheSumOfHarfBuzzAdvances() throws {
        let fonts = engine.fonts
        let face = fonts.faces[fonts.primaryFace(for: .regular)]
        let text = "Hello world"
        let advances = text.unicodeScalars.map { face.advance(ofGlyph: face.glyph(for: $0)!) } // no kerning pairs in this text
        let layout = engine.layout(text, width: 1000)
        XCTAssertEqual(layout.width, Double(advances.reduce(0, +)) / 1000 * 17, accuracy: 1e-9)
        let glyphs = layout.glyphRuns(line: 0)
        XCTAssertEqual(glyphs.flatMap(\.advances).reduce(0, +), layout.width, accuracy: 1e-9)

        // With kerning pairs and a ligature, against one hb_shape call over the whole line.
        for kerned in ["AVATAR WAVE To Ty. Vo, office", "LTAVYW Fe. P. yT"] {
            let buffer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            hb_buffer_add_utf8(buffer, kerned, Int32(kerned.utf8.count), 0, Int32(kerned.utf8.count))
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(face.hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            let positions = hb_buffer_get_glyph_positions(buffer, &count)!
            let units = (0..<Int(count)).reduce(0) { $0 + Int(positions[$1].x_advance) }
            XCTAssertNotEqual(units, kerned.unicodeScalars.reduce(0) { $0 + Int(face.advance(ofGlyph: face.glyph(for: $1)!)) }, "no kerning to test")
            XCTAssertEqual(engine.layout(kerned, width: 10_000).width, Double(units) / 1000 * 17, accuracy: 1e-9, kerned)
        }
    }

    func testOverlongWordsBreakBetweenGraphemeClustersOnly() {
        var plain = TextAttributes()
        plain.hyphenateWordBreaks = false
        for text in [String(repeating: "e\u{301}", count: 40), String(repeating: "👨‍👩‍👧", count: 12), "Supercalifragilisticexpialidocious",
                     String(repeating: "नमस्ते", count: 10), String(repeating: "ก", count: 60)] {
            let layout = engine.layout(text, width: 40, attributes: plain)
            XCTAssertGreaterThan(layout.lineCount, 1, text)
            let boundaries = Set(text.indices.map { text.utf8.distance(from: text.startIndex, to: $0) })
            for line in layout.lines {
                XCTAssertTrue(boundaries.contains(line.utf8Range.lowerBound), "\(text): line starts inside a cluster")
                XCTAssertLessThanOrEqual(line.width, 40 + 1e-6)
                XCTAssertNil(line.hyphenFace)
            }
            XCTAssertEqual(layout.lines.last?.utf8Range.upperBound, text.utf8.count)
        }
    }

    func testHyphenatedWordBreaksReserveTheHyphen() {
        let text = "Supercalifragilisticexpialidocious"
        let layout = engine.layout(text, width: 60)
        XCTAssertGreaterThan(layout.lineCount, 2)
        for line in layout.lines.dropLast() {
            XCTAssertNotNil(line.hyphenFace)
            XCTAssertLessThanOrEqual(line.width, 60 + 1e-6)
            let runs = layout.glyphRuns(line: layout.lines.firstIndex(of: line)!)
            XCTAssertEqual(runs.flatMap(\.advances).reduce(0, +), line.width, accuracy: 1e-6) // the hyphen is drawn and counted
        }
        XCTAssertNil(layout.lines.last?.hyphenFace)
        // No hyphen after a non-letter ("/" in a URL) or between CJK characters.
        let url = engine.layout("https://example.com/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", width: 50)
        XCTAssertTrue(url.lines.contains { $0.hyphenFace == nil })
    }

    func testMaxLinesTruncatesTheTailWithAnEllipsis() {
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away from here"
        let layout = engine.layout(text, width: 100, attributes: TextAttributes(maxLines: 2))
        XCTAssertEqual(layout.lineCount, 2)
        XCTAssertTrue(layout.isTruncated)
        XCTAssertTrue(layout.lines[1].isTruncated)
        XCTAssertLessThanOrEqual(layout.lines[1].width, 100 + 1e-6)
        XCTAssertEqual(layout.height, 2 * bodyLine, accuracy: 1e-9)
        let runs = layout.glyphRuns(line: 1)
        XCTAssertEqual(runs.flatMap(\.advances).reduce(0, +), layout.lines[1].width, accuracy: 1e-6)
        // Fits in two lines: not truncated.
        XCTAssertFalse(engine.layout("short text", width: 100, attributes: TextAttributes(maxLines: 2)).isTruncated)
        // More paragraphs than lines.
        XCTAssertTrue(engine.layout("a\nb\nc", width: 100, attributes: TextAttributes(maxLines: 2)).isTruncated)
    }

    func testSingleLineMode() {
        var a = TextAttributes()
        a.lineBreakMode = .singleLine
        let long = engine.layout("The quick brown fox jumps over the lazy dog", width: 100, attributes: a)
        XCTAssertEqual(long.lineCount, 1)
        XCTAssertTrue(long.isTruncated)
        XCTAssertLessThanOrEqual(long.width, 100 + 1e-6)
        let short = engine.layout("Fox", width: 100, attributes: a)
        XCTAssertFalse(short.isTruncated)
        XCTAssertTrue(engine.layout("a\nb", width: 100, attributes: a).isTruncated)
    }

    func testSpacingAndLineHeightOptions() {
        let plain = engine.layout("abc", width: 100).width
        XCTAssertEqual(engine.layout("abc", width: 100, attributes: TextAttributes(letterSpacing: 2)).width, plain + 6, accuracy: 1e-9)
        XCTAssertEqual(engine.layout("abc", width: 100, attributes: TextAttributes(lineHeightMultiple: 1.5)).height, bodyLine * 1.5, accuracy: 1e-9)
        XCTAssertEqual(engine.layout("abc", width: 100, attributes: TextAttributes(minimumLineHeight: 30)).height, 30, accuracy: 1e-9)
        XCTAssertEqual(engine.layout("abc", width: 100, attributes: TextAttributes(maximumLineHeight: 20)).height, 20, accuracy: 1e-9)
        XCTAssertEqual(engine.layout("a b", width: 1, attributes: TextAttributes(lineSpacing: 5)).height, 2 * bodyLine + 5, accuracy: 1e-9)
        XCTAssertEqual(engine.layout("a\nb", width: 100, attributes: TextAttributes(paragraphSpacing: 7)).height, 2 * bodyLine + 7, accuracy: 1e-9)
        let rounded = engine.layout("abc", width: 100, attributes: TextAttributes(displayScale: 3)).height
        XCTAssertEqual(rounded, (bodyLine * 3).rounded(.up) / 3, accuracy: 1e-9)
        // Baselines sit an ascender below each line's top.
        let two = engine.layout("a\nb", width: 100)
        XCTAssertEqual(two.lines[1].baseline - two.lines[1].top, 1.069 * 17, accuracy: 1e-9)
    }

    func testLinesUseTheTallestFaceOnThem() {
        // Noto Sans Arabic is taller than Noto Sans: a line with Arabic is taller.
        let latin = engine.layout("abc", width: 1000).height
        let mixed = engine.layout("abc مرحبا", width: 1000).height
        XCTAssertGreaterThan(mixed, latin)
    }

    /// Line metrics go by distinct metrics: a line takes the largest ascender and the largest
    /// descender of its faces (Noto Sans's ascender, Devanagari's deeper descender), and faces
    /// sharing metrics (Regular and Bold) give the same height.
    func testLineHeightIsTheTallestOfTheDistinctMetricsOnIt() throws {
        let fonts = engine.fonts
        let latin = fonts.faces[fonts.primaryFace(for: .regular)].metrics
        let devanagari = try XCTUnwrap(fonts.faces.first { $0.familyName == "Noto Sans Devanagari" }).metrics
        XCTAssertGreaterThan(devanagari.descenderPerEm, latin.descenderPerEm)
        let expected = 17 * (max(latin.ascenderPerEm, devanagari.ascenderPerEm) + max(latin.descenderPerEm, devanagari.descenderPerEm))
        XCTAssertEqual(engine.layout("abc हिन्दी", width: 1000).height, expected, accuracy: 1e-9)
        XCTAssertGreaterThan(expected, engine.layout("हिन्दी", width: 1000).height)
        var bold = TextAttributes(size: 17)
        bold.fontStyle = .bold
        XCTAssertEqual(engine.layout("abc", width: 1000, attributes: bold).height, engine.layout("abc", width: 1000).height, accuracy: 1e-9)
    }

    /// Widths Pango 1.50 gives with the same font files (Tools/pango-reference), to 1/1000 pt.
    func testEmojiBetweenWordsMeasureAsPangoDoes() {
        let pango: [(String, Double)] = [("a 🇯🇵 b", 49.9990234375), ("ok 👍🏽 ok", 68.7333984375), ("😀 😀 😀", 72.3408203125),
                                         ("family 👨‍👩‍👧 photo", 126.3955078125), ("1️⃣ 2️⃣ go", 71.9140625), ("❤ love ❤️ love", 116.2978515625)]
        for (text, width) in pango {
            XCTAssertEqual(engine.layout(text, width: 1000).width, width, accuracy: 0.002, text)
        }
    }

    /// Two segments on one line with no space between them are kerned against each other, as
    /// HarfBuzz shapes the whole run (and Chromium): a tsheg and the next Tibetan syllable,
    /// `-` and the letter after it. Broken there, each line ends without it; glyph runs carry it.
    func testSegmentsOnOneLineAreKernedAcrossTheirJoin() throws {
        for text in ["\u{0F42}\u{0F59}\u{0F74}\u{0F42}\u{0F0B}\u{0F63}\u{0F42}\u{0F0B}", "calidad-precio", "AV/AV", "T-V"] {
            var bytes = text
            let whole = bytes.withUTF8 { b -> Double in
                let buffer = hb_buffer_create()
                defer { hb_buffer_destroy(buffer) }
                hb_buffer_add_utf8(buffer, b.baseAddress, Int32(b.count), 0, Int32(b.count))
                hb_buffer_guess_segment_properties(buffer)
                let face = engine.fonts.faces.firstIndex { $0.coverage.contains(UInt32(text.unicodeScalars.first!.value)) }!
                hb_shape(engine.fonts.faces[face].hbFont, buffer, nil, 0)
                var count: UInt32 = 0
                let positions = hb_buffer_get_glyph_positions(buffer, &count)!
                return (0..<Int(count)).reduce(0.0) { $0 + Double(positions[$1].x_advance) } * 17 / Double(engine.fonts.faces[face].metrics.unitsPerEm)
            }
            let layout = engine.layout(text, width: 1000)
            XCTAssertEqual(layout.width, whole, accuracy: 1e-9, text)
            XCTAssertEqual(layout.glyphRuns(line: 0).flatMap(\.advances).reduce(0, +), layout.width, accuracy: 1e-9, text)
        }
        // The Tibetan join is kerned (−50 units): shaped apart, the syllables are wider.
        XCTAssertLessThan(engine.layout("\u{0F42}\u{0F59}\u{0F74}\u{0F42}\u{0F0B}\u{0F63}\u{0F42}\u{0F0B}", width: 1000).width,
                          engine.layout("\u{0F42}\u{0F59}\u{0F74}\u{0F42}\u{0F0B}", width: 1000).width + engine.layout("\u{0F63}\u{0F42}\u{0F0B}", width: 1000).width - 0.5)
        // Broken at the join, the first line ends without the kerning: its width is the segment's own.
        let tibetan = "\u{0F42}\u{0F59}\u{0F74}\u{0F42}\u{0F0B}\u{0F63}\u{0F42}\u{0F0B}"
        let first = engine.layout("\u{0F42}\u{0F59}\u{0F74}\u{0F42}\u{0F0B}", width: 1000).width
        let narrow = engine.layout(tibetan, width: first + 0.01)
        XCTAssertEqual(narrow.lineCount, 2)
        XCTAssertEqual(narrow.lines[0].width, first, accuracy: 1e-9)
        // The measure fast path (one line, surely fits) and the breaker agree.
        XCTAssertEqual(engine.prepare(tibetan).measure(width: 1000, attributes: TextAttributes()).height, engine.layout(tibetan, width: 1000).height)
    }

    /// An emoji sequence takes the script of the text after it, but is shaped as Common: the
    /// Khmer shaper would split 👍🏽 into two glyphs.
    func testEmojiSequencesBeforeAComplexScriptStayOneGlyph() {
        let khmer = engine.layout("\u{179F}", width: 1000).width
        for emoji in ["👍🏽", "👨‍👩‍👧", "🇯🇵"] {
            XCTAssertEqual(engine.layout(emoji + "\u{179F}", width: 1000).width, engine.layout(emoji, width: 1000).width + khmer, accuracy: 1e-9, emoji)
        }
    }

    /// A word broken between clusters: each line ends without the kerning its last cluster had
    /// with the next, so it is as wide as its text shaped alone and never wider than the width.
    func testAWordBrokenInsideEndsItsLinesUnkerned() {
        let text = "AVAVAVAVAVAVAVAVAVAV"
        let layout = engine.layout(text, width: 65)
        XCTAssertGreaterThan(layout.lineCount, 1)
        for (k, line) in layout.lines.enumerated() where k < layout.lineCount - 1 {
            XCTAssertLessThanOrEqual(line.width, 65 + 1e-9)
            let shown = String(decoding: Array(text.utf8)[line.utf8Range], as: UTF8.self) + (line.hyphenFace == nil ? "" : "\u{2010}")
            XCTAssertEqual(line.width, engine.layout(shown, width: 1000).width, accuracy: 1e-9, shown)
            XCTAssertEqual(layout.glyphRuns(line: k).flatMap(\.advances).reduce(0, +), line.width, accuracy: 1e-9)
        }
    }

    /// A line that breaks at a soft hyphen shows a hyphen and counts it; elsewhere the soft
    /// hyphen stays invisible.
    func testSoftHyphenShowsAHyphenWhereTheLineBreaks() {
        let text = "inter\u{00AD}national"
        let whole = engine.layout(text, width: 1000)
        XCTAssertEqual(whole.lineCount, 1)
        XCTAssertEqual(whole.width, engine.layout("international", width: 1000).width, accuracy: 1e-9)
        XCTAssertNil(whole.lines[0].hyphenFace)
        let withHyphen = engine.layout("inter\u{2010}", width: 1000).width
        let broken = engine.layout(text, width: withHyphen + 1)
        XCTAssertEqual(Array(broken.lineStarts.prefix(2)), [0, 7]) // ("national" is then too wide for one line)
        XCTAssertEqual(broken.lines[0].width, withHyphen, accuracy: 1e-9)
        XCTAssertNotNil(broken.lines[0].hyphenFace)
        XCTAssertEqual(broken.glyphRuns(line: 0).flatMap(\.advances).reduce(0, +), withHyphen, accuracy: 1e-9)
        // Glyph runs add up to every line's width, a soft hyphen inside a line or ending it, and a
        // line never passes its width (a word broken inside, before a soft hyphen, included).
        for (t, width) in [(text, 1000.0), (text, withHyphen + 1), ("mmm\u{00AD}mm", 50), ("mmmmmm\u{00AD}mmm", 76), ("mmmmmm-T", 70),
                           ("ab\u{00AD}cd\u{00AD}ef\u{00AD}gh", 30)] { // (no spaces: glyph runs keep a line's trailing spaces, its width does not)
            let layout = engine.layout(t, width: width)
            for k in 0..<layout.lineCount {
                XCTAssertEqual(layout.glyphRuns(line: k).flatMap(\.advances).reduce(0, +), layout.lines[k].width, accuracy: 1e-9, "\(t) line \(k)")
                XCTAssertLessThanOrEqual(layout.lines[k].width, width + 1e-9, "\(t) line \(k)")
            }
        }
        // Too narrow for "inter" and its hyphen: the line breaks before, not past the width.
        XCTAssertEqual(Array(engine.layout("ab " + text, width: withHyphen - 0.5).lineStarts.prefix(2)), [0, 3])
    }

    func testMissingGlyphsAreReportedWithTheLayout() {
        XCTAssertTrue(engine.layout("Hello, world", width: 100).missingGlyphs.isEmpty)
        let layout = engine.layout("Runic ᛣᚳᚩ", width: 100)
        XCTAssertEqual(layout.missingGlyphs.clusterCount, 3)
        XCTAssertEqual(engine.prepare(["ok", "ᚠ", "ok", "ᚠᚠ"]).map(\.missingGlyphs.clusterCount), [0, 1, 0, 2])
    }

    func testBidiRunsComeOutInVisualOrder() {
        let layout = engine.layout("abc مرحبا بكم def", width: 1000)
        let runs = layout.glyphRuns(line: 0)
        let levels = runs.map(\.bidiLevel)
        XCTAssertEqual(levels.first, 0)
        XCTAssertEqual(levels.last, 0)
        XCTAssertTrue(levels.contains(1))
        // The two Arabic words are reversed: the later word comes first on screen.
        let arabic = runs.filter { $0.isRightToLeft }.map { $0.clusters.min()! }
        XCTAssertEqual(arabic, arabic.sorted(by: >))
        XCTAssertTrue(engine.prepare("مرحبا").isRightToLeft(paragraph: 0))
        XCTAssertFalse(engine.prepare("abc مرحبا").isRightToLeft(paragraph: 0))
    }

    func testSpaceThatCannotEndALineDoesNotHideTheWordAfterIt() {
        // "( " cannot end a line (LB14), so the space sits inside a segment; the Hebrew word after
        // it is another font and direction. The word must still wrap and count.
        let text = "( " + String(repeating: "שלום", count: 6)
        let narrow = engine.layout(text, width: 40)
        XCTAssertGreaterThan(narrow.lineCount, 4)
        for line in narrow.lines { XCTAssertLessThanOrEqual(line.width, 40 + 1e-6) }
        XCTAssertEqual(engine.layout("a\u{3000}»ر)eל{ c", width: 30).lines.allSatisfy { $0.width <= 30 + 1e-6 }, true)
    }

    func testNoBreakInsideAClusterAfterASpace() {
        // UAX #14 (LB10) allows a break between a space and a combining mark; that would split a cluster.
        XCTAssertEqual(engine.layout(" \u{301}", width: 1).lineStarts, [0])
        XCTAssertEqual(engine.layout("ab \u{301}\u{301}cd ef", width: 1).lineStarts.contains(3), false)
    }

    func testAMegabyteCellWorks() {
        let text = String(repeating: "word ", count: 200_000) // 1,000,000 bytes
        let layout = engine.layout(text, width: 250)
        XCTAssertGreaterThan(layout.lineCount, 10_000)
        XCTAssertEqual(layout.lines.last?.utf8Range.upperBound, text.utf8.count)
    }

    func testNearEdgeLinesAreThoseWithinTheToleranceOfTheWidth() {
        let one = engine.layout("Measured", width: 1000)
        let width = one.lines[0].width
        XCTAssertEqual(engine.layout("Measured", width: 1000).availableWidth, 1000)
        XCTAssertFalse(one.isNearEdge(line: 0))
        let tight = engine.layout("Measured", width: width + 0.3)
        XCTAssertEqual(tight.lineCount, 1)
        XCTAssertTrue(tight.isNearEdge(line: 0))
        XCTAssertFalse(tight.isNearEdge(line: 0, tolerance: 0.1))
        XCTAssertTrue(engine.layout("Measured", width: width + 3).isNearEdge(line: 0, tolerance: 3.5))
    }

    /// A right-to-left line ends at its left: the ellipsis of a cut Hebrew line is the leftmost run.
    func testTheEllipsisOfARightToLeftLineIsAtItsLeft() {
        var a = TextAttributes(size: 17)
        a.maxLines = 1
        let layout = engine.layout("שלום עולם זה טקסט ארוך מאוד שצריך להיחתך בסוף השורה", width: 150, attributes: a)
        XCTAssertTrue(layout.isTruncated)
        let runs = layout.glyphRuns(line: 0)
        XCTAssertEqual(runs.first?.clusters.first, layout.lines[0].utf8Range.upperBound, "the ellipsis comes first, at the left")
        XCTAssertEqual(runs.first?.x, 0)
        XCTAssertTrue(runs.last?.isRightToLeft ?? false)
        // Left to right: last, at the right.
        let latin = engine.layout("The quick brown fox jumps over the lazy dog", width: 150, attributes: a)
        XCTAssertEqual(latin.glyphRuns(line: 0).last?.clusters.first, latin.lines[0].utf8Range.upperBound)
    }
}
