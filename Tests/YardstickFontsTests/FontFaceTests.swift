import CHarfBuzz
import XCTest
@testable import YardstickFonts

final class FontFaceTests: XCTestCase {
    /// HarfBuzz's own ranges of a set, one `hb_set_next_range` at a time.
    private func harfBuzzRanges(_ set: OpaquePointer) -> [ClosedRange<UInt32>] {
        var ranges: [ClosedRange<UInt32>] = []
        var first = hb_codepoint_t.max, last = hb_codepoint_t.max
        while hb_set_next_range(set, &first, &last) != 0 { ranges.append(first...last) }
        return ranges
    }

    /// `Face.ranges(of:)` reads a set in batches and gives the ranges `hb_set_next_range` gives:
    /// for every bundled face's code points, and for sets whose ranges cross the batches' edges.
    func testRangesAreHarfBuzzsRanges() throws {
        let fonts = try FontCollection.bundled()
        for face in fonts.faces {
            let set = hb_set_create()!
            defer { hb_set_destroy(set) }
            hb_face_collect_unicodes(face.hbFace, set)
            XCTAssertEqual(FontCollection.Face.ranges(of: set), harfBuzzRanges(set), face.path)
        }
        var generator = SystemRandomNumberGenerator()
        var shapes: [[ClosedRange<UInt32>]] = [[], [0...0], [4095...4096], [0...8191], [0x10FFFF...0x10FFFF],
                                               [1...1, 3...3, 4094...4097], [0...0x10FFFF]]
        for _ in 0..<40 {
            // Short ranges with short gaps (some none, so HarfBuzz joins them): thousands of
            // code points, ranges across every batch edge.
            var ranges: [ClosedRange<UInt32>] = []
            var at = UInt32.random(in: 0...50, using: &generator)
            while at < 60_000 {
                let length = UInt32.random(in: 1...20, using: &generator)
                ranges.append(at...(at + length - 1))
                at += length + UInt32.random(in: 0...5, using: &generator)
            }
            shapes.append(ranges)
        }
        for shape in shapes {
            let set = hb_set_create()!
            defer { hb_set_destroy(set) }
            for r in shape { hb_set_add_range(set, r.lowerBound, r.upperBound) }
            XCTAssertEqual(FontCollection.Face.ranges(of: set), harfBuzzRanges(set))
        }
    }
}
