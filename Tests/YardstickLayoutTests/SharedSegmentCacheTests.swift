import Foundation
import XCTest
@testable import YardstickLayout
import YardstickLineBreaking
import YardstickShaping

final class SharedSegmentCacheTests: XCTestCase {
    static let texts = [
        "Electric kettle, blue steel", "Left with the neighbour at no. 12", "مرحبا بالعالم 2024", "שלום עולם",
        "ภาษาไทยง่ายนิดเดียว", "नमस्ते दुनिया", "東京都渋谷区 1-2-3", "한국어 텍스트", "ok 👍🏽 done", "(quoted) \"text\" — dash",
    ]

    func preparer(_ engine: TextEngine) throws -> TextPreparer {
        try TextPreparer(fonts: engine.fonts, features: [], cache: engine.cache, reusesSegments: true)
    }

    func prepare(_ preparer: TextPreparer, _ engine: TextEngine) -> [String] {
        preparer.prepare(Self.texts.count, text: { Self.texts[$0] }, style: .regular, metrics: engine.metrics, runs: engine.runs)
            .map(preparationFingerprint)
    }

    /// A preparer takes what another has resolved from the shared cache, and gets exactly what
    /// it would have resolved itself.
    func testASecondPreparerCopiesWhatTheFirstResolved() throws {
        let engine = try TextEngine(fonts: sharedEngine.fonts)
        let shared = SharedSegmentCache()
        let first = try preparer(engine), second = try preparer(engine), alone = try preparer(engine)
        first.sharedSegments = shared
        second.sharedSegments = shared
        let a = prepare(first, engine)
        XCTAssertEqual(first.sharedSegmentHits, 0)
        let b = prepare(second, engine)
        XCTAssertGreaterThan(second.sharedSegmentHits, 20)
        XCTAssertEqual(second.segmentCacheHits, 0) // its own cache was empty: every entry came from the shared one
        XCTAssertEqual(b, a)
        XCTAssertEqual(prepare(alone, engine), a)
        XCTAssertEqual(alone.sharedSegmentHits, 0)
    }

    /// Engines share only during multi-thread runs, and their output is the same either way.
    func testMultiThreadRunsShareAndMatchOneThread() throws {
        let texts = (0..<40).flatMap { i in Self.texts.map { "\($0) \(i % 7)" } }
        let engine = try TextEngine(fonts: sharedEngine.fonts)
        let two = engine.prepare(texts, threads: 2).map(preparationFingerprint)
        let one = try TextEngine(fonts: sharedEngine.fonts).prepare(texts, threads: 1).map(preparationFingerprint)
        XCTAssertEqual(two, one)
        // Between runs no preparer keeps the shared cache: a one-thread run takes no lock.
        XCTAssertNil(engine.withPreparer { $0.sharedSegments })
    }

    /// Copying an entry in never empties a full cache (a lookup must not invalidate entries
    /// the caller holds) unless asked to.
    func testAdoptingIntoAFullCacheEmptiesItOnlyWhenAsked() {
        var text = Array("kettle blue".utf8)
        text.withUnsafeMutableBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(buffer)
            let word = 0..<7
            let hash = SegmentCache.hash(bytes, word, style: 0, level: 0, scriptIn: 0x4C61_746E, faceIn: 0)
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
            let entry = insert(source, word)
            // A cache with room for one record: the second must wait.
            let small = SegmentCache(limit: 200)
            _ = insert(small, 7..<11)
            XCTAssertNil(small.adopt(entry, from: source, emptyingIfFull: false))
            XCTAssertEqual(small.generation, 0)
            XCTAssertNotNil(small.find(bytes, 7..<11, hash: SegmentCache.hash(bytes, 7..<11, style: 0, level: 0, scriptIn: 0x4C61_746E, faceIn: 0),
                                       style: 0, level: 0, scriptIn: 0x4C61_746E, faceIn: 0))
            let copy = small.adopt(entry, from: source, emptyingIfFull: true)
            XCTAssertEqual(small.generation, 1)
            XCTAssertEqual(small.find(bytes, word, hash: hash, style: 0, level: 0, scriptIn: 0x4C61_746E, faceIn: 0), copy)
            XCTAssertEqual(copy.map { small.segments($0)[0].trailingWidth }, 0.25)
        }
    }
}
