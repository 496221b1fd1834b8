import XCTest
@testable import YardstickCommands
@testable import YardstickFormats

/// The line limit of every input: found as the bytes arrive, across the blocks a stream is read
/// in, naming the line.
final class CommandInputTests: XCTestCase {
    func scan(_ blocks: [String], limit: Int) -> String? {
        var counter = InputLimits.LineCounter(limit: limit)
        do {
            for block in blocks {
                try Array(block.utf8).withUnsafeBufferPointer { b throws(CommandError) in try counter.scan(b, name: "in") }
            }
            return nil
        } catch {
            return "\(error)"
        }
    }

    func testTheLongestLineIsCountedAcrossBlocks() {
        XCTAssertNil(scan(["abc\nabcd", "e\n", "abcde"], limit: 5))
        XCTAssertEqual(scan(["abc\nabcd", "ef\n"], limit: 5), "in: line 2 is longer than 5 bytes (--max-line-bytes sets the limit)")
        XCTAssertEqual(scan(["a\n\n\n", "abcdef"], limit: 5), "in: line 4 is longer than 5 bytes (--max-line-bytes sets the limit)")
        XCTAssertEqual(scan(["", "abcdef"], limit: 5), "in: line 1 is longer than 5 bytes (--max-line-bytes sets the limit)")
        XCTAssertNil(scan(["\n\n\n"], limit: 1))
    }

    func testReadingAFileStopsAtTheLimit() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("yardstick-input-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Three lines, the second 200,000 bytes: read in 64 KiB blocks.
        try ("short\n" + String(repeating: "x", count: 200_000) + "\nend\n").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try CommandInput.read(path, maxLineBytes: 200_000).count, 200_011)
        XCTAssertThrowsError(try CommandInput.read(path, maxLineBytes: 199_999)) {
            XCTAssertEqual("\($0)", "\(path): line 2 is longer than 199999 bytes (--max-line-bytes sets the limit)")
        }
    }

    /// A file read whole that could not fit in memory is an error, not a failed allocation
    /// (which ends the program). The file is sparse: it takes no disk.
    func testAFileBiggerThanMemoryIsAnError() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("yardstick-input-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(InputLimits.memoryBytes) + 4096)
        try handle.close()
        XCTAssertThrowsError(try CommandInput.read(path)) {
            XCTAssertEqual("\($0)", "cannot read \(path): reading it whole needs \(InputLimits.memoryBytes + 4097) bytes, more than this machine's memory (\(InputLimits.memoryBytes) bytes)")
        }
    }
}
