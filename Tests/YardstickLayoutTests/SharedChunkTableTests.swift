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
        preparer.prepare(texts.count, text: { texts[$0] }, style: .regular, metrics: engine.metrics)
            .map(preparationFingerprint)
    }

    /// A preparer copies the chunks another has resolved, and gets exactly what it would have
    /// resolved itself.
    func testASecondPreparerCopiesTheChunksTheFirstResolved() throws {
        let engine = try TextEngine(fonts: sharedEngine.fonts)
        let table = SharedChunkTable()
        let first = try preparer(engine), second = try preparer(engine), alone = try preparer(engine)
        first.sharedChunks = table
        second.sharedChunks = table
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
        first.sharedChunks = table
        second.sharedChunks = table
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
        first.sharedChunks = table
        _ = prepare(first, engine, Array(Self.texts.prefix(3)))
        XCTAssertEqual(table.recordBytesTaken, 16 << 10) // one block, partly filled
        first.sharedChunks = nil
        let used = table.recordBytesTaken
        XCTAssertGreaterThan(used, 0)
        XCTAssertLessThan(used, 4 << 10) // three short texts' chunks
        // The next preparer's block starts where the records end, and finds what was shared.
        let second = try preparer(engine)
        second.sharedChunks = table
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

    /// Keys over `bytes[range]` (style 0, level 0, script and face 0 in and out) whose entries
    /// hold one segment, for the tests that drive `SegmentCache` directly.
    struct Keys {
        let bytes: UnsafeBufferPointer<UInt8>
        let segment: BreakSegment

        func hash(_ range: Range<Int>, _ kind: UInt8 = SegmentCache.Kind.chunk) -> UInt64 {
            SegmentCache.hash(bytes, range, style: 0, level: 0, kind: kind, scriptIn: 0, faceIn: 0)
        }

        func insert(_ cache: SegmentCache, _ range: Range<Int>, _ kind: UInt8 = SegmentCache.Kind.chunk) -> Int {
            withUnsafePointer(to: segment) { s in
                cache.insert(bytes, range, hash: hash(range, kind), style: 0, level: 0, kind: kind, scriptIn: 0, faceIn: 0, faceOut: 0,
                             scriptOut: 0, firstScript: 0, newSegments: UnsafeBufferPointer(start: s, count: 1),
                             newPieces: UnsafeBufferPointer(start: nil, count: 0))
            }
        }

        func find(_ cache: SegmentCache, _ range: Range<Int>) -> Int? {
            cache.find(bytes, range, hash: hash(range), style: 0, level: 0, kind: SegmentCache.Kind.chunk, scriptIn: 0, faceIn: 0)
        }

        /// Whether `entry`'s record in `cache` holds this chunk's key.
        func holds(_ cache: SegmentCache, _ entry: Int, _ range: Range<Int>) -> Bool {
            SegmentCache.recordMatches(cache.record(entry).baseAddress!, bytes, range, hash: hash(range), style: 0, level: 0,
                                       kind: SegmentCache.Kind.chunk, scriptIn: 0, faceIn: 0)
        }
    }

    /// A chunk goes to the shared table only, and another cache uses that record where it is;
    /// a cache that leaves the table keeps finding it there, and forgets it for a new table.
    func testSharedChunksAreOneRecordUsedInPlace() {
        Array("kettle blue".utf8).withUnsafeBufferPointer { bytes in
            let keys = Keys(bytes: bytes, segment: BreakSegment(start: 0, end: 7, width: 1, trailingWidth: 0.25, clusterCount: 6,
                                                                trailingClusterCount: 1, metricsMask: 1, firstPiece: 0, endPiece: 0))
            let table = SharedChunkTable()
            let writer = SegmentCache(limit: 1 << 20), reader = SegmentCache(limit: 1 << 20)
            writer.attach(table)
            reader.attach(table)
            let written = keys.insert(writer, 0..<7)
            XCTAssertTrue(writer.isShared(written)) // in the table, not the writer's arena
            guard let read = keys.find(reader, 0..<7) else { return XCTFail("the reader does not find the shared chunk") }
            XCTAssertEqual(reader.sharedHits, 1)
            XCTAssertEqual(reader.record(read).baseAddress, writer.record(written).baseAddress) // one record, no copy
            XCTAssertEqual(reader.segments(read)[0].trailingWidth, 0.25)
            // Out of the run: its own slot still leads to the record, with no lookup in the table.
            reader.attach(nil)
            writer.attach(nil)
            XCTAssertEqual(keys.find(reader, 0..<7), read)
            XCTAssertEqual(reader.hits, 1)
            XCTAssertEqual(reader.sharedHits, 1)
            let own = keys.insert(reader, 7..<11) // no table: the reader's own arena
            XCTAssertFalse(reader.isShared(own))
            // A new table: the old one's entries are forgotten, the cache's own are kept.
            reader.attach(SharedChunkTable())
            XCTAssertNil(keys.find(reader, 0..<7))
            XCTAssertEqual(keys.find(reader, 7..<11), own)
            XCTAssertEqual(reader.segments(own)[0].trailingWidth, 0.25)
        }
    }

    /// A cache whose slots point into a table keeps it alive: its records stay readable after
    /// everyone else has let the table go.
    func testACacheKeepsTheTableItPointsInto() {
        Array("kettle".utf8).withUnsafeBufferPointer { bytes in
            let keys = Keys(bytes: bytes, segment: BreakSegment(start: 0, end: 6, width: 2.5, trailingWidth: 0, clusterCount: 6,
                                                                trailingClusterCount: 0, metricsMask: 1, firstPiece: 0, endPiece: 0))
            let cache = SegmentCache(limit: 1 << 20)
            weak var weakTable: SharedChunkTable?
            let entry: Int = {
                let table = SharedChunkTable()
                weakTable = table
                cache.attach(table)
                defer { cache.attach(nil) }
                return keys.insert(cache, 0..<6)
            }()
            XCTAssertNotNil(weakTable)
            XCTAssertEqual(keys.find(cache, 0..<6), entry)
            XCTAssertEqual(cache.segments(entry)[0].width, 2.5)
            cache.attach(SharedChunkTable())
            XCTAssertNil(weakTable) // replaced: let go
        }
    }

    /// A record bigger than the arena's reservation moves the arena: entries into the table
    /// found afterwards still lead to the right records.
    func testSharedEntriesSurviveTheArenaMoving() {
        ([UInt8](repeating: 0x61, count: 3 << 20) + Array(" kettle".utf8)).withUnsafeBufferPointer { bytes in
            let keys = Keys(bytes: bytes, segment: BreakSegment(start: 0, end: 7, width: 1.5, trailingWidth: 0, clusterCount: 7,
                                                                trailingClusterCount: 0, metricsMask: 1, firstPiece: 0, endPiece: 0))
            let kettle = (bytes.count - 7)..<bytes.count
            let table = SharedChunkTable()
            let writer = SegmentCache(limit: 1 << 20), reader = SegmentCache(limit: 8 << 20)
            writer.attach(table)
            reader.attach(table)
            _ = keys.insert(writer, kettle)
            // A 3 MB segment, past the writer's 2 MB reservation (limit 1 MB): its arena moves.
            let generation = writer.generation
            let huge = keys.insert(writer, 0..<(3 << 20), SegmentCache.Kind.segment)
            XCTAssertFalse(writer.isShared(huge))
            XCTAssertEqual(writer.segments(huge)[0].width, 1.5)
            let found = keys.find(writer, kettle)
            XCTAssertEqual(found.map { writer.isShared($0) }, true)
            XCTAssertEqual(found.map { writer.segments($0)[0].clusterCount }, 7)
            XCTAssertEqual(found.map { keys.holds(writer, $0, kettle) }, true)
            XCTAssertGreaterThan(writer.generation, generation) // entries held before are stale
            XCTAssertEqual(keys.find(reader, kettle).map { reader.segments($0)[0].width }, 1.5)
        }
    }
}
