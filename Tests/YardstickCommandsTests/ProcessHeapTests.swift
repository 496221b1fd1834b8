import XCTest
import Foundation
@testable import YardstickCommands

final class ProcessHeapTests: XCTestCase {
    /// The heap grows at once and its new range is marked for huge pages (`hg` among the flags
    /// of the mapping that ends the heap, which the kernel shows whatever the system's
    /// huge-page setting); allocation still works.
    func testTheHeapIsMarkedForHugePages() throws {
        let before = UInt(bitPattern: sbrk(0))
        XCTAssertTrue(ProcessHeap.preferHugePages())
        let top = UInt(bitPattern: sbrk(0))
        XCTAssertGreaterThanOrEqual(top, before + UInt(ProcessHeap.span), "the heap did not grow by the span")
        // (Read to its end: a /proc file reports no size, and a sized read stops short.)
        let file = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        let smaps = String(decoding: try XCTUnwrap(file.readToEnd()), as: UTF8.self)
        var flags: Substring? = nil, covers = false
        for line in smaps.split(separator: "\n") {
            if let range = line.split(separator: " ").first, range.contains("-"), line.first?.isHexDigit == true {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                covers = bounds.count == 2 && bounds[0] < top && top <= bounds[1]
            } else if covers, line.hasPrefix("VmFlags:") {
                flags = line
            }
        }
        let found = try XCTUnwrap(flags, "no mapping ends the heap")
        XCTAssertTrue(found.split(separator: " ").contains("hg"), "the heap's end is not marked: \(found)")
        let block = [UInt8](repeating: 7, count: 8 << 20)
        XCTAssertEqual(block.reduce(0) { $0 &+ Int($1) }, 7 * (8 << 20))
    }
}
