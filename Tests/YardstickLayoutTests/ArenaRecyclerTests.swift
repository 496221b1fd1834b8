import XCTest
@testable import YardstickLayout
import YardstickLineBreaking

final class ArenaRecyclerTests: XCTestCase {
    /// An arena is taken back only at its own size, and no more than `capacity` wait.
    func testTakesBackArenasOfTheSameSizeUpToCapacity() throws {
        while ArenaRecycler.take(bytes: 1 << 16) != nil {} // (whatever other tests left)
        var given: [UnsafeMutableRawPointer] = []
        for _ in 0..<(ArenaRecycler.capacity + 2) {
            let p = try XCTUnwrap(mmap(nil, 1 << 16, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
            if ArenaRecycler.give(p, bytes: 1 << 16, used: 100) { given.append(p) } else { munmap(p, 1 << 16) }
        }
        XCTAssertLessThanOrEqual(given.count, ArenaRecycler.capacity)
        XCTAssertNil(ArenaRecycler.take(bytes: 1 << 17), "another size is not handed out")
        var taken: [UnsafeMutableRawPointer] = []
        while let p = ArenaRecycler.take(bytes: 1 << 16) { taken.append(p) }
        XCTAssertEqual(Set(taken), Set(given))
        for p in taken { munmap(p, 1 << 16) }
    }

    /// A cache on a recycled arena finds nothing of what the arena held before, and works.
    func testACacheOnARecycledArenaStartsEmpty() {
        var text = Array("kettle blue".utf8)
        text.withUnsafeMutableBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(buffer)
            let word = 0..<7
            let hash = SegmentCache.hash(bytes, word, style: 0, level: 0, scriptIn: 0x4C61_746E, faceIn: 0)
            let segment = BreakSegment(start: 0, end: 7, width: 1, trailingWidth: 0.25, clusterCount: 6, trailingClusterCount: 1,
                                       metricsMask: 1, firstPiece: 0, endPiece: 0)
            do {
                let first = SegmentCache(limit: 1 << 20)
                withUnsafePointer(to: segment) { s in
                    _ = first.insert(bytes, word, hash: hash, style: 0, level: 0, scriptIn: 0x4C61_746E, faceIn: 0, faceOut: 0,
                                     scriptOut: 0x4C61_746E, firstScript: 0x4C61_746E, newSegments: UnsafeBufferPointer(start: s, count: 1),
                                     newPieces: UnsafeBufferPointer(start: nil, count: 0))
                }
                XCTAssertNotNil(first.find(bytes, word, hash: hash, style: 0, level: 0, scriptIn: 0x4C61_746E, faceIn: 0))
            } // freed: its arena goes to the recycler
            let second = SegmentCache(limit: 1 << 20)
            XCTAssertNil(second.find(bytes, word, hash: hash, style: 0, level: 0, scriptIn: 0x4C61_746E, faceIn: 0))
            let entry = withUnsafePointer(to: segment) { s in
                second.insert(bytes, word, hash: hash, style: 0, level: 0, scriptIn: 0x4C61_746E, faceIn: 0, faceOut: 0,
                              scriptOut: 0x4C61_746E, firstScript: 0x4C61_746E, newSegments: UnsafeBufferPointer(start: s, count: 1),
                              newPieces: UnsafeBufferPointer(start: nil, count: 0))
            }
            XCTAssertEqual(second.find(bytes, word, hash: hash, style: 0, level: 0, scriptIn: 0x4C61_746E, faceIn: 0), entry)
            XCTAssertEqual(second.segments(entry)[0].trailingWidth, 0.25)
        }
    }
}
