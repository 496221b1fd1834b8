import XCTest
@testable import YardstickShaping

final class ShapingTableTests: XCTestCase {
    func key(_ text: String, face: Int = 0) -> ShapingKey {
        var text = text
        return text.withUTF8 { ShapingKey(bytes: $0, face: face, script: 0x4C61_746E, rightToLeft: false) }
    }

    func summary(_ id: Int) -> ShapedRunSummary {
        var s = ShapedRunSummary()
        s.id = UInt32(id)
        return s
    }

    func testFindsEveryKeyThroughGrowth() {
        var table = ShapingTable(capacity: 2)
        // Long keys that differ only past their 24 inline bytes, short ones, and a face apart.
        let texts = (0..<5000).map { $0 % 3 == 0 ? "a prefix of twenty-four bytes, then \($0)" : "w\($0)" }
        for (i, text) in texts.enumerated() { table.insert(summary(i), for: key(text)) }
        XCTAssertEqual(table.count, texts.count)
        for (i, text) in texts.enumerated() { XCTAssertEqual(table.summary(for: key(text))?.id, UInt32(i), text) }
        XCTAssertNil(table.summary(for: key("w1", face: 1)))
        XCTAssertNil(table.summary(for: key("a prefix of twenty-four bytes, then 1")))
        table.removeAll()
        XCTAssertEqual(table.count, 0)
        XCTAssertNil(table.summary(for: key("w1")))
        table.insert(summary(7), for: key("w1"))
        XCTAssertEqual(table.summary(for: key("w1"))?.id, 7)
        // Filled again past its old size after being emptied: the storage kept still serves.
        for (i, text) in texts.enumerated() where text != "w1" { table.insert(summary(i + 10_000), for: key(text)) }
        XCTAssertEqual(table.count, texts.count)
        for (i, text) in texts.enumerated() where text != "w1" { XCTAssertEqual(table.summary(for: key(text))?.id, UInt32(i + 10_000), text) }
        XCTAssertEqual(table.summary(for: key("w1"))?.id, 7)
    }

    func testCacheForgetsAFullShardAndKeepsTheNewestKey() {
        // Capacity 64: one key per shard; a shard's second key empties it first.
        let cache = ShapingCache(capacity: 64)
        var made = 0
        let run = ShapedRun(face: 0, isRightToLeft: false, byteCount: 0, glyphs: [], clusters: [], trailingWhitespaceStart: 0)
        for k in (0..<500).map({ key("word\($0)") }) {
            let a = cache.summary(for: k) { made += 1; return run }
            let b = cache.summary(for: k) { made += 1; return run }
            XCTAssertEqual(a, b)
            XCTAssertLessThanOrEqual(cache.count, 64)
        }
        XCTAssertEqual(made, 500) // each key shaped once: the repeat right after is a hit
        XCTAssertEqual(cache.hits, 500)
        // An early key was forgotten when a later one took its shard: asked again, it is made again.
        _ = cache.summary(for: key("word0")) { made += 1; return run }
        XCTAssertEqual(made, 501)
    }
}
