import XCTest
@testable import YardstickFonts

final class CodepointCoverageTests: XCTestCase {
    /// Ranges across block edges, whole blocks and the last scalar give exactly their scalars.
    func testRangesGiveExactlyTheirScalars() {
        let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0xFF, 0x100...0x13F, 0x3FF...0x400, 0x4E00...0x9FFF, 0x1F600...0x1F600, 0x10FFF0...0x10FFFF]
        let coverage = CodepointCoverage(ranges: ranges)
        var expected = 0
        for r in ranges { expected += r.count }
        XCTAssertEqual(coverage.count, expected)
        for s: UInt32 in [0, 0x1F, 0x7F, 0x9F, 0x140, 0x3FE, 0x401, 0x4DFF, 0xA000, 0x1F5FF, 0x1F601, 0x10FFEF, 0x110000, .max] {
            XCTAssertFalse(coverage.contains(s), String(s, radix: 16))
        }
        for r in ranges { for s in [r.lowerBound, r.upperBound, (r.lowerBound + r.upperBound) / 2] { XCTAssertTrue(coverage.contains(s)) } }
        XCTAssertEqual(coverage.blockIndices, coverage.blockIndices.sorted())
        XCTAssertFalse(coverage.blockWords.contains(0))
    }

    /// Scalars in any order, repeated or out of range, give what their sorted ranges give.
    func testScalarsAgreeWithRanges() {
        var generator = SystemRandomNumberGenerator()
        let scalars = (0..<5_000).map { _ in UInt32.random(in: 0...0x11_0100, using: &generator) }
        let a = CodepointCoverage(scalars + scalars.prefix(100))
        let inRange = Set(scalars.filter { $0 < 0x110000 })
        XCTAssertEqual(a.count, inRange.count)
        for s in scalars { XCTAssertEqual(a.contains(s), s < 0x110000) }
        let b = CodepointCoverage(ranges: inRange.sorted().map { $0...$0 })
        XCTAssertEqual(a.blockIndices, b.blockIndices)
        XCTAssertEqual(a.blockWords, b.blockWords)
    }

    /// A collection's lookups agree with each face's own coverage.
    func testCollectionLookupsAgreeWithFaces() throws {
        let fonts = try FontCollection.bundled()
        for (i, face) in fonts.faces.enumerated() {
            for (block, word) in zip(face.coverage.blockIndices.prefix(400), face.coverage.blockWords.prefix(400)) {
                for bit in [0, 17, 63] {
                    let s = block << 6 | UInt32(bit)
                    XCTAssertEqual(fonts.covers(i, s), (word >> UInt64(bit)) & 1 != 0)
                }
            }
            XCTAssertFalse(fonts.covers(i, 0x10FFFD) && !face.coverage.contains(0x10FFFD))
        }
        XCTAssertTrue(fonts.chainCovers(.regular, 0x4E2D)) // 中
        XCTAssertFalse(fonts.chainCovers(.regular, 0xE0000))
    }
}
