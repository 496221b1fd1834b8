import CICU
import Dispatch
import XCTest
@testable import YardstickAnalysis

final class BMPPropertyTableTests: XCTestCase {
    /// Every BMP scalar of every table answers what ICU answers, on two threads at once (each
    /// filling entries the other may be filling), in opposite orders, and again once filled.
    func testEveryEntryIsICUsAnswerOnAnyThread() {
        let tables: [(BMPPropertyTable, @convention(c) (UInt32) -> Int32)] = [
            (UnicodeTables.graphemeBreak, { yardstick_icu_grapheme_cluster_break($0) }),
            (UnicodeTables.script, { yardstick_icu_script_of($0) }),
            (UnicodeTables.generalCategory, { yardstick_icu_general_category($0) }),
            (UnicodeTables.bidiClass, { yardstick_icu_bidi_class($0) }),
        ]
        for (table, icu) in tables {
            let mismatches = UnsafeMutablePointer<Int>.allocate(capacity: 2)
            mismatches.initialize(repeating: 0, count: 2)
            defer { mismatches.deallocate() }
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                for k in 0..<UInt32(0x10000) {
                    let s = thread == 0 ? k : 0xFFFF - k
                    if table[s] != icu(s) { mismatches[thread] += 1 }
                }
            }
            XCTAssertEqual(mismatches[0] + mismatches[1], 0)
            for s in stride(from: UInt32(0), to: 0x10000, by: 7) where table[s] != icu(s) { XCTFail("U+\(String(s, radix: 16)) after filling") }
        }
    }

    /// A value a byte cannot keep (negative, or 255 and up) is asked of the source each time;
    /// others are kept; ASCII is filled when the table is made.
    func testValuesOutsideAByteAreAskedEachTime() {
        let table = BMPPropertyTable { s in s == 0x100 ? -1 : s == 0x101 ? 300 : s == 0x102 ? 255 : Int32(s & 0x7F) }
        XCTAssertEqual(table.ascii(0x41), 0x41)
        XCTAssertEqual(table.entries[0x100], BMPPropertyTable.unfilled)
        XCTAssertEqual(table[0x100], -1)
        XCTAssertEqual(table[0x101], 300)
        XCTAssertEqual(table[0x102], 255)
        XCTAssertEqual(table[0x103], 3)
        XCTAssertEqual(table.entries[0x100], BMPPropertyTable.unfilled)
        XCTAssertEqual(table.entries[0x101], BMPPropertyTable.unfilled)
        XCTAssertEqual(table.entries[0x102], BMPPropertyTable.unfilled)
        XCTAssertEqual(table.entries[0x103], 3)
        XCTAssertEqual(table.entries[0x104], BMPPropertyTable.unfilled)
    }
}
