import XCTest
@testable import YardstickLayout
import YardstickFonts
import YardstickShaping

final class TextEngineTests: XCTestCase {
    /// A shaping cache keys results by face index: engines may share one only with the same
    /// fonts and features; another collection or feature set is refused, not served wrong glyphs.
    func testACacheServesOneFontCollectionAndFeatureSet() throws {
        let cache = ShapingCache()
        let fonts = sharedEngine.fonts
        let first = try TextEngine(fonts: fonts, cache: cache)
        let second = try TextEngine(fonts: fonts, cache: cache)
        XCTAssertEqual(first.layout("AVAV To", width: 100).width, second.layout("AVAV To", width: 100).width)
        let hebrewFirst = try FontCollection.make(fontPaths: [BundledFonts.directory() + "/NotoSansHebrew-Regular.ttf"])
        XCTAssertThrowsError(try TextEngine(fonts: hebrewFirst, cache: cache)) { XCTAssertEqual($0 as? CacheServesOtherFonts, CacheServesOtherFonts()) }
        XCTAssertThrowsError(try TextEngine(fonts: fonts, features: [FontFeature("kern", 0)!], cache: cache))
        // Its own cache, the same collection with other features: fine, and no kerning.
        let unkerned = try TextEngine(fonts: fonts, features: [FontFeature("kern", 0)!])
        XCTAssertNotEqual(unkerned.layout("AVAV To", width: 100).width, first.layout("AVAV To", width: 100).width)
    }

    /// The engine bounds its shaping cache: past `shapedRunLimit` runs a call ends by starting a
    /// new generation (an empty store); texts prepared before keep laying out as they did, and
    /// new ones measure as an engine with all its caches would.
    func testTheShapingCacheStartsAfreshPastTheLimitAndOldTextsStayValid() throws {
        let engine = try TextEngine(fonts: sharedEngine.fonts, rules: .uiLabel)
        let words = (0..<(TextEngine.shapedRunLimit + 1_000)).map { "w\($0)" }
        let texts = stride(from: 0, to: words.count, by: 500).map { words[$0..<min(words.count, $0 + 500)].joined(separator: " ") }
        let before = engine.prepare(texts[0])
        let heights = before.layout(width: 120, attributes: TextAttributes()).height
        let first = engine.cache
        _ = engine.prepare(texts, threads: 2)
        XCTAssertFalse(engine.cache === first, "a new generation")
        XCTAssertLessThan(engine.cache.store.count, TextEngine.shapedRunLimit)
        // Old texts hold their store; new ones measure as a fresh engine's do, on any thread count.
        XCTAssertEqual(before.layout(width: 120, attributes: TextAttributes()).height, heights)
        let fresh = try TextEngine(fonts: sharedEngine.fonts, rules: .uiLabel)
        for threads in [1, 2] {
            XCTAssertEqual(engine.prepare(Array(texts.prefix(40)), threads: threads).map { $0.layout(width: 90, attributes: TextAttributes()).lineCount },
                           fresh.prepare(Array(texts.prefix(40)), threads: threads).map { $0.layout(width: 90, attributes: TextAttributes()).lineCount })
        }
        // An engine given a cache (maybe shared) leaves it as it is.
        let shared = ShapingCache()
        let keeping = try TextEngine(fonts: sharedEngine.fonts, cache: shared)
        _ = keeping.prepare(texts, threads: 2)
        XCTAssertTrue(keeping.cache === shared)
    }

    /// Enough texts for several batches of 64, a width each, some of them to be truncated.
    func items() -> [(text: String, width: Double)] {
        var out: [(text: String, width: Double)] = []
        for (i, s) in DeterminismTests.samples.enumerated() {
            for w in [40.0, 120, 250, 400] { out.append((s + String(repeating: " word", count: i % 5), w)) }
        }
        return out + out.reversed() + out
    }

    /// Preparing and measuring in one pass gives what the two steps give, text by text, for each
    /// kind of measuring (wrapped, line limits, single line, bold) and on any number of threads.
    func testPrepareAndMeasureEqualsPrepareThenMeasure() throws {
        let items = items()
        var limited = TextAttributes(size: 15, letterSpacing: 0.3, lineSpacing: 2, paragraphSpacing: 4)
        limited.maxLines = 2
        var single = TextAttributes(size: 19)
        single.lineBreakMode = .singleLine
        var bold = TextAttributes(size: 17, displayScale: 3)
        bold.fontStyle = .bold
        for attributes in [TextAttributes(size: 17), limited, single, bold] {
            let reference = try TextEngine(fonts: sharedEngine.fonts)
            let prepared = reference.prepare(items.map(\.text), style: attributes.fontStyle, threads: 1)
            let expected = zip(prepared, items).map { $0.measure(width: $1.width, attributes: attributes) }
            for threads in [1, 2, 3] {
                let measured = try TextEngine(fonts: sharedEngine.fonts).prepareAndMeasure(items, attributes: attributes, threads: threads)
                XCTAssertEqual(measured.count, items.count)
                for (k, m) in measured.enumerated() {
                    XCTAssertEqual(m.height, expected[k].height, "\(items[k].text.debugDescription) at \(items[k].width), \(threads) threads")
                    XCTAssertEqual(m.lineCount, expected[k].lineCount, "\(items[k].text.debugDescription) at \(items[k].width), \(threads) threads")
                    XCTAssertEqual(m.prepared.fontStyle, attributes.fontStyle)
                    XCTAssertEqual(m.prepared.utf8Count, items[k].text.utf8.count)
                    // The prepared text is kept for re-layout at another width.
                    XCTAssertEqual(m.prepared.measure(width: 90, attributes: attributes).height, prepared[k].measure(width: 90, attributes: attributes).height)
                }
            }
        }
    }

    func testPrepareAndMeasureAtOneWidth() throws {
        let texts = items().map(\.text)
        let engine = try TextEngine(fonts: sharedEngine.fonts)
        let measured = engine.prepareAndMeasure(texts, width: 120, attributes: TextAttributes(), threads: 2)
        XCTAssertEqual(measured.map(\.height), texts.map { sharedEngine.prepare($0).measure(width: 120, attributes: TextAttributes()).height })
        XCTAssertTrue(measured.contains { $0.lineCount > 1 })
        XCTAssertTrue(engine.prepareAndMeasure([], width: 120, attributes: TextAttributes()).isEmpty)
    }

    /// Batches cover the texts once, in order and in ranges of 64, and each batch's prepared
    /// texts are those `prepare` gives one by one, on any number of threads; no texts, no batches.
    func testPrepareBatchesGivesEachTextOnceInOrder() throws {
        let texts = items().map(\.text)
        let joined = Array(texts.joined().utf8)
        var starts = [0]
        for text in texts { starts.append(starts.last! + text.utf8.count) }
        let expected = sharedEngine.prepare(texts, threads: 1).map { $0.measure(width: 120, attributes: TextAttributes()) }
        for count in [0, 1, 64, 65, texts.count] {
            for threads in [1, 2, 3] {
                let engine = try TextEngine(fonts: sharedEngine.fonts)
                let batches = joined.withUnsafeBufferPointer { all in
                    engine.prepareBatches(count: count, utf8: { i in UnsafeBufferPointer(rebasing: all[starts[i]..<starts[i + 1]]) },
                                          style: .regular, threads: threads) { range, prepared in
                        (range, prepared.map { $0.measure(width: 120, attributes: TextAttributes()) })
                    }
                }
                XCTAssertEqual(batches.count, (count + 63) / 64, "\(count) texts, \(threads) threads")
                XCTAssertEqual(batches.map(\.0), stride(from: 0, to: count, by: 64).map { $0..<min(count, $0 + 64) })
                let heights = batches.flatMap { $0.1.map(\.height) }, lines = batches.flatMap { $0.1.map(\.lineCount) }
                XCTAssertEqual(heights, expected.prefix(count).map(\.height), "\(count) texts, \(threads) threads")
                XCTAssertEqual(lines, expected.prefix(count).map(\.lineCount), "\(count) texts, \(threads) threads")
            }
        }
    }
}
