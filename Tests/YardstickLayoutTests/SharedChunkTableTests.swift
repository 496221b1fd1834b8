import Foundation
import XCTest
@testable import YardstickLayout
import YardstickLineBreaking

final class SharedChunkTableTests: XCTestCase {
    static let texts = [
        "Electric kettle, blue steel", "Left with the neighbour at no. 12", "مرحبا بالعالم 2024", "שלום עולם", "ภาษาไทยง่ายนิดเดียว",
        "नमस्ते दुनिया", "東京都渋谷区 1-2-3", "한국어 텍스트", "ok 👍🏽 done", "(quoted) \"text\" — dash", "Electric blue, left at 12",
    ]

    func preparer(_ engine: TextEngine) throws -> TextPreparer {
        try TextPreparer(fonts: engine.fonts, features: [], cache: engine.cache, reusesSegments: true)
    }

    func prepare(_ preparer: TextPreparer, _ engine: TextEngine, _ texts: [String] = texts) -> [String] {
        preparer.prepare(texts.count, text: { texts[$0] }, style: .regular, metrics: engine.metrics, runs: engine.runs)
            .map(preparationFingerprint)
    }

    /// A preparer copies the chunks another has resolved, and gets exactly what it would have
    /// resolved itself.
    func testASecondPreparerCopiesTheChunksTheFirstResolved() throws {
        let engine = try TextEngine(fonts: sharedEngine.fonts)
        let table = SharedChunkTable()
        let first = try preparer(engine), second = try preparer(engine), alone = try preparer(engine)
        first.sharedChunks = table.access
        second.sharedChunks = table.access
        let a = prepare(first, engine)
        XCTAssertEqual(first.sharedChunkHits, 0)
        let b = prepare(second, engine)
        XCTAssertGreaterThan(second.sharedChunkHits, 20)
        XCTAssertEqual(b, a)
        XCTAssertEqual(prepare(alone, engine), a)
        XCTAssertEqual(alone.sharedChunkHits, 0)
    }

    /// A full table shares nothing more, and lookups in it go on working.
    func testAFullTableSharesNothingMore() throws {
        let engine = try TextEngine(fonts: sharedEngine.fonts)
        let table = SharedChunkTable(recordBytes: 1_000) // a few records
        let first = try preparer(engine), second = try preparer(engine)
        first.sharedChunks = table.access
        second.sharedChunks = table.access
        let a = prepare(first, engine)
        XCTAssertTrue(table.isFull)
        let b = prepare(second, engine)
        XCTAssertGreaterThan(second.sharedChunkHits, 0) // the records that fitted
        XCTAssertLessThan(second.sharedChunkHits, 10)
        XCTAssertEqual(b, a)
    }

    /// A preparer takes record space a block at a time and gives back what it did not fill when
    /// it leaves the table, so short runs do not use the table up.
    func testALeavingPreparerGivesBackItsUnfilledBlock() throws {
        let engine = try TextEngine(fonts: sharedEngine.fonts)
        let table = SharedChunkTable()
        let first = try preparer(engine)
        first.sharedChunks = table.access
        _ = prepare(first, engine, Array(Self.texts.prefix(3)))
        XCTAssertEqual(table.recordBytesTaken, 16 << 10) // one block, partly filled
        first.sharedChunks = nil
        let used = table.recordBytesTaken
        XCTAssertGreaterThan(used, 0)
        XCTAssertLessThan(used, 4 << 10) // three short texts' chunks
        // The next preparer's block starts where the records end, and finds what was shared.
        let second = try preparer(engine)
        second.sharedChunks = table.access
        XCTAssertEqual(prepare(second, engine, Array(Self.texts.prefix(3))), prepare(try preparer(engine), engine, Array(Self.texts.prefix(3))))
        XCTAssertGreaterThan(second.sharedChunkHits, 0)
        _ = prepare(second, engine, Array(Self.texts.suffix(3)))
        XCTAssertEqual(table.recordBytesTaken, used + (16 << 10))
    }

    /// Two threads publishing and copying at once get what one thread alone gets.
    func testConcurrentWorkersMatchOneThread() throws {
        let texts = (0..<400).map { i in Self.texts[i % Self.texts.count] + " \(i % 13) " + Self.texts[(i * 7) % Self.texts.count] }
        let one = try TextEngine(fonts: sharedEngine.fonts).prepare(texts, threads: 1).map(preparationFingerprint)
        for _ in 0..<3 {
            let engine = try TextEngine(fonts: sharedEngine.fonts)
            XCTAssertEqual(engine.prepare(texts, threads: 2).map(preparationFingerprint), one)
            XCTAssertEqual(engine.prepare(texts.reversed(), threads: 2).map(preparationFingerprint), one.reversed())
            // Between runs no preparer keeps the table: a one-thread run looks at its own cache only.
            XCTAssertNil(engine.withPreparer { $0.sharedChunks })
        }
    }

    /// Copying an entry in never empties a full cache (a lookup must not invalidate entries the
    /// caller holds).
    func testAdoptingIntoAFullCacheCopiesNothing() {
        var text = Array("kettle blue".utf8)
        text.withUnsafeMutableBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(buffer)
            let segment = BreakSegment(start: 0, end: 7, width: 1, trailingWidth: 0.25, clusterCount: 6, trailingClusterCount: 1,
                                       faceMask: 1, firstPiece: 0, endPiece: 0)
            func insert(_ cache: SegmentCache, _ range: Range<Int>) -> Int {
                withUnsafePointer(to: segment) { s in
                    cache.insert(bytes, range, hash: SegmentCache.hash(bytes, range, style: 0, level: 0, scriptIn: 0x4C61_746E, faceIn: 0),
                                 style: 0, level: 0, scriptIn: 0x4C61_746E, faceIn: 0, faceOut: 0, scriptOut: 0x4C61_746E,
                                 firstScript: 0x4C61_746E, newSegments: UnsafeBufferPointer(start: s, count: 1),
                                 newPieces: UnsafeBufferPointer(start: nil, count: 0))
                }
            }
            let source = SegmentCache(limit: 1 << 20)
            let record = source.record(insert(source, 0..<7))
            let small = SegmentCache(limit: 200) // room for one record
            let kept = insert(small, 7..<11)
            XCTAssertNil(small.adopt(record))
            XCTAssertEqual(small.generation, 0)
            XCTAssertEqual(small.segments(kept)[0].trailingWidth, 0.25) // still there
            let roomy = SegmentCache(limit: 1 << 20)
            let copy = roomy.adopt(record)
            XCTAssertEqual(copy.map { roomy.segments($0)[0].trailingWidth }, 0.25)
            XCTAssertEqual(roomy.find(bytes, 0..<7, hash: SegmentCache.hash(bytes, 0..<7, style: 0, level: 0, scriptIn: 0x4C61_746E, faceIn: 0),
                                      style: 0, level: 0, scriptIn: 0x4C61_746E, faceIn: 0), copy)
        }
    }
}
