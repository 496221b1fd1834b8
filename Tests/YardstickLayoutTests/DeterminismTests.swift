import XCTest
import YardstickLineBreaking
@testable import YardstickLayout
import YardstickFonts
import YardstickShaping
import CHarfBuzz

final class DeterminismTests: XCTestCase {
    static let samples: [String] = [
        "The quick brown fox jumps over the lazy dog.", "Überweisung am 3. März erhalten – danke!", "مرحبا بالعالم، هذا اختبار للنص العربي 123",
        "שלום עולם, זה מבחן", "नमस्ते दुनिया, यह एक परीक्षण है", "สวัสดีครับ ยินดีต้อนรับสู่การทดสอบ", "日本語のテキストを測定します。",
        "한국어 텍스트 측정", "价格：¥1,234.00（含税）", "Emoji 👍🏽 family 👨‍👩‍👧 flag 🇫🇷 ❤️", "https://example.com/a/very/long/path/that/does/not/fit",
        "Supercalifragilisticexpialidocious", "", "line\nbreaks\r\nand\u{2028}more", "mixed עברית and English", "tab\tseparated",
    ]

    func items() -> [(text: String, width: Double)] {
        var out: [(String, Double)] = []
        for (i, s) in Self.samples.enumerated() { for w in [40.0, 120, 250, 400] { out.append((s + String(repeating: " x", count: i % 3), w)) } }
        return out + out + out // enough items for several work chunks
    }

    func fingerprint(_ layouts: [TextLayout]) -> [String] {
        layouts.map { "\($0.lineStarts) \($0.width) \($0.height) \($0.isTruncated) \($0.lines.map(\.width))" }
    }

    func testCacheOnAndOffGiveIdenticalResults() throws {
        let cached = try TextEngine(fonts: sharedEngine.fonts)
        let uncached = try TextEngine(fonts: sharedEngine.fonts, cache: ShapingCache(enabled: false))
        let items = items()
        XCTAssertEqual(fingerprint(cached.layout(items, attributes: TextAttributes(), threads: 1)),
                       fingerprint(uncached.layout(items, attributes: TextAttributes(), threads: 1)))
        XCTAssertLessThan(cached.cache.store.count, uncached.cache.store.count) // the cache really answered repeats
    }

    func testThreadCountDoesNotChangeResults() throws {
        let items = items()
        let one = fingerprint(try TextEngine(fonts: sharedEngine.fonts).layout(items, attributes: TextAttributes(), threads: 1))
        let two = fingerprint(try TextEngine(fonts: sharedEngine.fonts).layout(items, attributes: TextAttributes(), threads: 2))
        let four = fingerprint(try TextEngine(fonts: sharedEngine.fonts).layout(items, attributes: TextAttributes(), threads: 4))
        XCTAssertEqual(one, two)
        XCTAssertEqual(one, four)
    }

    /// Measuring skips the segments of a paragraph that surely fits on one line; at widths on
    /// either side of each paragraph's one-line width, and with letter spacing (also negative),
    /// it still agrees with the full line breaker.
    func testOneLineShortcutAgreesWithTheBreakerAtTheEdge() {
        let texts = Self.samples + ["a", "  spaces  ", "two words", "short\nand a second, longer paragraph\n", "x \u{2028}\u{2028}y"]
        for s in texts {
            let prepared = sharedEngine.prepare(s)
            for spacing in [0.0, 0.7, -0.4] {
                for attributes in [TextAttributes(size: 17, letterSpacing: spacing), TextAttributes(size: 23, letterSpacing: spacing, lineSpacing: 2, paragraphSpacing: 4)] {
                    let widths = prepared.layout(width: .greatestFiniteMagnitude, attributes: attributes).lines.map(\.width)
                    var candidates: [Double] = [1, 50, 1e6]
                    for w in widths where w > 0 {
                        // The breaker allows `LineBreaker.epsilon` over the width: the edge is there.
                        let edge = w - LineBreaker.epsilon
                        candidates += [w, w * 0.999, w * 1.001, edge, edge.nextUp, edge.nextDown, edge - w * 1e-12, edge + w * 1e-12,
                                       edge - w * 1e-10, edge + w * 1e-10, edge - w * 1e-8]
                    }
                    for width in candidates where width > 0 {
                        let full = prepared.layout(width: width, attributes: attributes)
                        let measured = prepared.measure(width: width, attributes: attributes)
                        XCTAssertEqual(measured.lineCount, full.lineCount, "\(s.debugDescription) at \(width), spacing \(spacing)")
                        XCTAssertEqual(measured.height, full.height, "\(s.debugDescription) at \(width), spacing \(spacing)")
                    }
                }
            }
        }
    }

    func testRelayoutEqualsFreshLayout() {
        for s in Self.samples {
            let prepared = sharedEngine.prepare(s)
            for w in [30.0, 90, 200] {
                let again = prepared.layout(width: w, attributes: TextAttributes())
                let fresh = sharedEngine.layout(s, width: w)
                XCTAssertEqual(again.lineStarts, fresh.lineStarts)
                XCTAssertEqual(again.height, fresh.height)
                XCTAssertEqual(prepared.measure(width: w, attributes: TextAttributes()).height, fresh.height)
                XCTAssertEqual(prepared.measure(width: w, attributes: TextAttributes()).lineCount, fresh.lineCount)
                // The measure-only path agrees with full layout under spacing options too.
                let spaced = TextAttributes(letterSpacing: 0.5, lineHeightMultiple: 1.2, lineSpacing: 3, paragraphSpacing: 5, displayScale: 3)
                XCTAssertEqual(prepared.measure(width: w, attributes: spaced).height, prepared.layout(width: w, attributes: spaced).height)
                XCTAssertEqual(prepared.measure(width: w, attributes: spaced).lineCount, prepared.layout(width: w, attributes: spaced).lineCount)
            }
        }
    }
}
