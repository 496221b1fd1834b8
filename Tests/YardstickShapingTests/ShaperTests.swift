import Foundation
import CHarfBuzz
import XCTest
import YardstickAnalysis
import YardstickFonts
@testable import YardstickShaping

final class ShaperTests: XCTestCase {
    static let fonts = try! FontCollection.bundled()
    var fonts: FontCollection { Self.fonts }

    /// Advances straight from HarfBuzz, for comparison.
    func harfBuzzAdvances(_ text: String, face: Int) -> [Int32] {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf8(buffer, text, Int32(text.utf8.count), 0, Int32(text.utf8.count))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(fonts.faces[face].hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        return (0..<Int(count)).map { positions[$0].x_advance }
    }

    func testRunAdvanceIsTheSumOfHarfBuzzAdvances() {
        let shaper = Shaper(fonts: fonts, cache: ShapingCache())
        var text = "Typography, kerning: AV To Wa."
        let run = text.withUTF8 { shaper.shapeUncached($0, face: 0, script: ScriptTag.latin, rightToLeft: false) }
        XCTAssertEqual(run.totalAdvance, Int64(harfBuzzAdvances(text, face: 0).reduce(0, +)))
        XCTAssertEqual(run.clusters.map(\.advance).reduce(0, +), run.totalAdvance)
        XCTAssertEqual(run.glyphs.map(\.xAdvance), harfBuzzAdvances(text, face: 0))
    }

    func testKeptPlansShapeAsHarfBuzzShapeDoes() throws {
        // Bundled faces shape through kept plans (`hb_shape_plan_execute`), other faces through
        // `hb_shape`: the same files loaded both ways give the same glyphs.
        let dir = try BundledFonts.directory()
        let samples: [(file: String, text: String, script: UInt32, rightToLeft: Bool)] = [
            ("NotoSans-Regular.ttf", "Typography, kerning: AV To Wa. office ﬁ e\u{301}", ScriptTag.make("Latn"), false),
            ("NotoSans-Regular.ttf", "Ελληνικά Кириллица", ScriptTag.make("Grek"), false),
            ("NotoSansArabic-Regular.ttf", "مرحبا بالعالم", ScriptTag.make("Arab"), true),
            ("NotoSansHebrew-Regular.ttf", "שָׁלוֹם עולם", ScriptTag.make("Hebr"), true),
            ("NotoSansDevanagari-Regular.ttf", "नमस्ते क्षत्रिय", ScriptTag.make("Deva"), false),
            ("NotoSansThai-Regular.ttf", "ภาษาไทยน้ำ", ScriptTag.make("Thai"), false),
            ("NotoSansCJK-Regular.ttc", "한국어 日本語", ScriptTag.make("Hang"), false),
            ("NotoSansCJK-Regular.ttc", "ひらがなとカタカナ、「括弧」", ScriptTag.make("Hira"), false),
            ("NotoSansCJK-Regular.ttc", "汉字和標點。", ScriptTag.make("Hani"), false),
            ("NotoColorEmoji.ttf", "👍🏽😀👨‍👩‍👧", ScriptTag.make("Zyyy"), false),
            ("NotoSans-Bold.ttf", "Bold AV To ffi", ScriptTag.make("Latn"), false),
            ("NotoSans-Italic.ttf", "Italic AV To ffi", ScriptTag.make("Latn"), false),
            ("NotoSans-BoldItalic.ttf", "Both AV To ffi", ScriptTag.make("Latn"), false),
            ("NotoSansArabic-Bold.ttf", "مرحبا بالعالم", ScriptTag.make("Arab"), true),
            ("NotoSansHebrew-Bold.ttf", "שָׁלוֹם עולם", ScriptTag.make("Hebr"), true),
            ("NotoSansDevanagari-Bold.ttf", "नमस्ते क्षत्रिय", ScriptTag.make("Deva"), false),
            ("NotoSansThai-Bold.ttf", "ภาษาไทยน้ำ", ScriptTag.make("Thai"), false),
        ]
        let plain = try FontCollection.make(fontPaths: samples.map { dir + "/" + $0.file }, includeBundled: false)
        XCTAssertFalse(plain.faces.contains { $0.isBundled })
        let bundledShaper = Shaper(fonts: fonts, cache: ShapingCache())
        let plainShaper = Shaper(fonts: plain, cache: ShapingCache())
        for sample in samples {
            let bundledFace = try XCTUnwrap(fonts.faces.firstIndex { $0.path.hasSuffix("/" + sample.file) && $0.indexInFile == 0 })
            let plainFace = try XCTUnwrap(plain.faces.firstIndex { $0.path.hasSuffix("/" + sample.file) })
            XCTAssertTrue(fonts.faces[bundledFace].isBundled)
            let script = sample.script
            var text = sample.text
            // Twice each: the second call finds the kept plan.
            for _ in 0..<2 {
                let a = text.withUTF8 { bundledShaper.shapeUncached($0, face: bundledFace, script: script, rightToLeft: sample.rightToLeft) }
                let b = text.withUTF8 { plainShaper.shapeUncached($0, face: plainFace, script: script, rightToLeft: sample.rightToLeft) }
                XCTAssertEqual(a.glyphs, b.glyphs, sample.text)
                XCTAssertEqual(a.clusters, b.clusters, sample.text)
                XCTAssertGreaterThan(a.glyphs.count, 0)
            }
        }
    }

    /// Printable-ASCII runs in bundled faces are shaped without glyph composition and mark
    /// positioning (`Shaper.asciiFeatures`), which act on combining marks: that must not change
    /// a glyph, an advance or an offset. Checked for every bundled face that covers ASCII, in
    /// Latin and Common, over every one- and two-character string, random strings and the
    /// sample's words, against `hb_shape` with every default feature.
    func testASCIIPlansShapeAsTheFullFeatureSet() throws {
        let faces = fonts.faces.indices.filter { fonts.faces[$0].isBundled && fonts.coversPrintableASCII($0) }
        XCTAssertGreaterThanOrEqual(faces.count, 4) // Noto Sans in four styles at least
        let printable = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) }
        var strings = printable
        for a in printable { for b in printable { strings.append(a + b) } }
        var state: UInt64 = 0xA5C11
        for _ in 0..<4_000 {
            var s = ""
            state = state &* 6364136223846793005 &+ 1442695040888963407
            for _ in 0..<(3 + Int(state >> 59)) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                s += printable[Int(state >> 33) % printable.count]
            }
            strings.append(s)
        }
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Data/sample.csv").standardized
        let words = Set(try String(contentsOf: sample, encoding: .utf8).split(whereSeparator: { $0 == "," || $0 == "\n" || $0 == "\"" })
            .flatMap { $0.split(separator: " ") }.map { String($0) + " " }.filter { $0.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } })
        XCTAssertGreaterThan(words.count, 5_000)
        strings += words.sorted()

        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        func shape(_ text: String, _ props: hb_segment_properties_t, plan: OpaquePointer?, font: OpaquePointer) -> [Int64] {
            var props = props
            hb_buffer_clear_contents(buffer)
            hb_buffer_set_segment_properties(buffer, &props)
            hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
            hb_buffer_add_utf8(buffer, text, Int32(text.utf8.count), 0, Int32(text.utf8.count))
            if let plan {
                _ = Shaper.asciiFeatures.withUnsafeBufferPointer { hb_shape_plan_execute(plan, font, buffer, $0.baseAddress, UInt32($0.count)) }
            } else {
                hb_shape(font, buffer, nil, 0)
            }
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &count)!, positions = hb_buffer_get_glyph_positions(buffer, &count)!
            return (0..<Int(count)).flatMap { k in
                [Int64(infos[k].codepoint), Int64(infos[k].cluster), Int64(positions[k].x_advance), Int64(positions[k].x_offset),
                 Int64(positions[k].y_offset), Int64(positions[k].y_advance)]
            }
        }
        var compared = 0
        for face in faces {
            for script in [HB_SCRIPT_LATIN, HB_SCRIPT_COMMON] {
                var props = hb_segment_properties_t()
                props.direction = HB_DIRECTION_LTR
                props.script = script
                let plan = Shaper.asciiFeatures.withUnsafeBufferPointer {
                    hb_shape_plan_create_cached(fonts.faces[face].hbFace, &props, $0.baseAddress, UInt32($0.count), nil)
                }
                for text in strings {
                    let reduced = shape(text, props, plan: plan, font: fonts.faces[face].hbFont)
                    let full = shape(text, props, plan: nil, font: fonts.faces[face].hbFont)
                    if reduced != full {
                        XCTFail("\(fonts.faces[face].path) face \(fonts.faces[face].indexInFile) script \(script) \(text.debugDescription)")
                        return
                    }
                    compared += 1
                }
                hb_shape_plan_destroy(plan)
            }
        }
        XCTAssertGreaterThan(compared, 8 * 15_000)
        // And the shaper takes that plan for such runs: the same glyphs as the face loaded as a user font.
        let dir = try BundledFonts.directory()
        let plain = try FontCollection.make(fontPaths: [dir + "/NotoSans-Regular.ttf"], includeBundled: false)
        let bundledShaper = Shaper(fonts: fonts, cache: ShapingCache())
        let plainShaper = Shaper(fonts: plain, cache: ShapingCache())
        for var text in ["office", "Typography, kerning: AV To Wa.", "a\tb", "fi fl ffi 1/2 @#$%^&*()_+"] {
            let a = text.withUTF8 { bundledShaper.shapeUncached($0, face: 0, script: ScriptTag.latin, rightToLeft: false) }
            let b = text.withUTF8 { plainShaper.shapeUncached($0, face: 0, script: ScriptTag.latin, rightToLeft: false) }
            XCTAssertEqual(a.glyphs, b.glyphs, text)
        }
    }

    func testCacheAnswersRepeatsWithoutShaping() {
        let cache = ShapingCache()
        let shaper = Shaper(fonts: fonts, cache: cache)
        var word = "measure "
        let a = word.withUTF8 { shaper.shape($0, range: 0..<$0.count, face: 0, script: ScriptTag.latin, rightToLeft: false) }
        let other = Shaper(fonts: fonts, cache: cache) // another thread's shaper shares the cache
        let b = word.withUTF8 { other.shape($0, range: 0..<$0.count, face: 0, script: ScriptTag.latin, rightToLeft: false) }
        XCTAssertEqual(a, b)
        XCTAssertEqual(cache.misses, 1)
        XCTAssertEqual(cache.hits, 1)
        XCTAssertEqual(cache.store.count, 1)
        // Another face or direction is another entry.
        _ = word.withUTF8 { shaper.shape($0, range: 0..<$0.count, face: 0, script: ScriptTag.latin, rightToLeft: true) }
        XCTAssertEqual(cache.misses, 2)
    }

    func testTrailingWhitespaceIsMeasuredApart() {
        let shaper = Shaper(fonts: fonts, cache: ShapingCache())
        var text = "word  "
        let run = text.withUTF8 { shaper.shapeUncached($0, face: 0, script: ScriptTag.latin, rightToLeft: false) }
        XCTAssertEqual(run.trailingWhitespaceStart, 4)
        XCTAssertEqual(run.trailingClusterCount, 2)
        let space = harfBuzzAdvances(" ", face: 0)[0]
        XCTAssertEqual(run.trailingAdvance, 2 * Int64(space))
        var spaces = "   "
        XCTAssertTrue(spaces.withUTF8 { shaper.shapeUncached($0, face: 0, script: ScriptTag.latin, rightToLeft: false) }.isAllWhitespace)
    }

    func testClustersNeverStartInsideAGraphemeCluster() {
        let shaper = Shaper(fonts: fonts, cache: ShapingCache())
        // Each text in the face that covers it, with its script (a face without the glyphs
        // would shape .notdef clusters, one per character, and prove nothing).
        func face(for scalar: UInt32) -> Int { fonts.chain(for: .regular).first { fonts.covers($0, scalar) }! }
        let samples: [(String, Int, UInt32)] = [
            ("e\u{301}e\u{301}x", face(for: 0x65), ScriptTag.latin),
            ("👨‍👩‍👧👍🏽🇫🇷", fonts.chain(for: .regular).last!, ScriptTag.common),
            ("नमस्ते क्षत्रिय", face(for: 0x928), ScriptTag.make("Deva")),
            ("กำลัง", face(for: 0xE01), ScriptTag.make("Thai")),
        ]
        for (text, face, script) in samples {
            XCTAssertTrue(text.unicodeScalars.allSatisfy { $0.value == 0x20 || $0.properties.isDefaultIgnorableCodePoint || fonts.covers(face, $0.value) })
            var copy = text
            let run = copy.withUTF8 { shaper.shapeUncached($0, face: face, script: script, rightToLeft: false) }
            XCTAssertFalse(run.glyphs.contains { $0.id == 0 }, "\(text): .notdef")
            var boundaries = Set<Int32>()
            var i = text.startIndex
            while i < text.endIndex { boundaries.insert(Int32(text.utf8.distance(from: text.startIndex, to: i))); i = text.index(after: i) }
            for start in run.clusters.map(\.start) { XCTAssertTrue(boundaries.contains(start), "\(text): cluster at \(start) splits a grapheme") }
            XCTAssertEqual(run.clusters.map(\.advance).reduce(0, +), run.totalAdvance)
        }
    }

    func testLongMarkSequencesShapeInChunksWithoutChangingWidths() {
        let shaper = Shaper(fonts: fonts, cache: ShapingCache())
        // 95 marks on one base: shaped in chunks of at most 30 marks, still one cluster.
        var text = "a" + String(repeating: "\u{301}", count: 95) + "b"
        XCTAssertEqual(text.withUTF8 { Shaper.chunkStarts($0) }.count, 4)
        let run = text.withUTF8 { shaper.shapeUncached($0, face: 0, script: ScriptTag.latin, rightToLeft: false) }
        XCTAssertEqual(run.clusters.count, 2) // "a"+marks, "b"
        let plain = harfBuzzAdvances("ab", face: 0).reduce(0, +)
        XCTAssertEqual(run.totalAdvance, Int64(plain)) // marks add no width, and no dotted circles
    }

    func testHyphenFlagsFollowPango() {
        let shaper = Shaper(fonts: fonts, cache: ShapingCache())
        var text = "ab.c1"
        let run = text.withUTF8 { shaper.shapeUncached($0, face: 0, script: ScriptTag.latin, rightToLeft: false) }
        let f = run.clusters.map(\.flags)
        XCTAssertEqual(f[0] & ClusterFlags.endsHyphenatingLetter, ClusterFlags.endsHyphenatingLetter) // a
        XCTAssertEqual(f[2] & ClusterFlags.continuesWord, ClusterFlags.continuesWord) // "." before a letter
        XCTAssertEqual(f[2] & ClusterFlags.endsHyphenatingLetter, 0) // "." is Common
        XCTAssertEqual(f[4] & ClusterFlags.continuesWord, ClusterFlags.continuesWord) // digit continues a word
    }
}
