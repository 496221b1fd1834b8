import Foundation
import XCTest
import YardstickTable
@testable import YardstickCommands

final class CellCacheFileTests: XCTestCase {
    var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "yardstick-cache-\(UUID().uuidString)"
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    func key(_ i: Int) -> CellKey { CellKey(a: UInt64(i) &* 0x9E37_79B9_7F4A_7C15, b: UInt64(i)) }

    func filled(_ count: Int, fingerprint: UInt64 = 7, limit: Int = 1 << 30) throws -> CellCacheFile {
        let cache = try CellCacheFile(directory: directory, fingerprint: fingerprint, limitBytes: limit)
        for i in 0..<count { cache.store(CellCacheValue(natural: Double(i), height: Double(i) + 0.5), for: key(i)) }
        try cache.save()
        return cache
    }

    func testWhatARunStoresTheNextReads() throws {
        let path = try filled(1000).path
        let cache = try CellCacheFile(directory: directory, fingerprint: 7, limitBytes: 1 << 30)
        XCTAssertEqual(cache.warnings, [])
        XCTAssertEqual(cache.entriesAtStart, 1000)
        XCTAssertEqual(cache.size(for: key(999)), CellCacheValue(natural: 999, height: 999.5))
        XCTAssertNil(cache.size(for: key(1000)))
        // Another fingerprint is another file; nothing is shared.
        XCTAssertNil(try CellCacheFile(directory: directory, fingerprint: 8, limitBytes: 1 << 30).size(for: key(1)))
        // No temporary file is left behind.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [URL(fileURLWithPath: path).lastPathComponent])
    }

    /// Two runs opened the folder before either saved (shards at once): the second to save takes
    /// in what the first saved, cells and blocks alike, and a third run finds all of it.
    func testRunsAtOnceKeepEachOthersCellsAndBlocks() throws {
        let first = try CellCacheFile(directory: directory, fingerprint: 7, limitBytes: 1 << 30)
        let second = try CellCacheFile(directory: directory, fingerprint: 7, limitBytes: 1 << 30)
        for (k, cache) in [first, second].enumerated() {
            for i in 0..<100 { cache.store(CellCacheValue(natural: Double(i), height: Double(k)), for: key(1000 * k + i)) }
            cache.storeBlock(MeasuredBlock(heights: [Int64(k), 64], naturalWidths: [Double(k)]), for: key(100_000 + k))
        }
        try first.save()
        try second.save()
        let third = try CellCacheFile(directory: directory, fingerprint: 7, limitBytes: 1 << 30)
        XCTAssertEqual(third.warnings, [])
        XCTAssertEqual(third.entriesAtStart, 200)
        for k in 0..<2 {
            XCTAssertEqual(third.size(for: key(1000 * k + 99)), CellCacheValue(natural: 99, height: Double(k)))
            XCTAssertEqual(third.block(for: key(100_000 + k)), MeasuredBlock(heights: [Int64(k), 64], naturalWidths: [Double(k)]), "block of run \(k)")
        }
    }

    func testADamagedFileIsRebuiltWithAWarning() throws {
        let path = try filled(500).path
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        for (damage, expected) in [({ (d: inout Data) in d[30] ^= 1 }, "header fails its check"),
                                   ({ (d: inout Data) in d = d.prefix(100) }, "truncated"),
                                   ({ (d: inout Data) in d[8] = 9 }, "format version 9"),
                                   ({ (d: inout Data) in d[0] = 0x41 }, "not a Yardstick cell cache"),
                                   ({ (d: inout Data) in d = d.prefix(10) }, "shorter than its header")] {
            var bad = good
            damage(&bad)
            try bad.write(to: URL(fileURLWithPath: path))
            let cache = try CellCacheFile(directory: directory, fingerprint: 7, limitBytes: 1 << 30)
            XCTAssertEqual(cache.warnings.count, 1)
            XCTAssertTrue(cache.warnings.first?.contains(expected) ?? false, "\(cache.warnings)")
            XCTAssertNil(cache.size(for: key(1)))
            cache.store(CellCacheValue(natural: 1, height: 2), for: key(1))
            try cache.save()
            let rebuilt = try CellCacheFile(directory: directory, fingerprint: 7, limitBytes: 1 << 30)
            XCTAssertEqual(rebuilt.warnings, [])
            XCTAssertEqual(rebuilt.size(for: key(1)), CellCacheValue(natural: 1, height: 2))
        }
    }

    /// A damaged cell is never used: a lookup that finds it misses, and the next save leaves it
    /// out with a warning; a damaged cell no lookup reached is found when a run rewrites the file.
    func testADamagedCellIsNeverUsed() throws {
        let path = try filled(500).path
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        func slot(of i: Int) -> Int {
            let a = withUnsafeBytes(of: key(i).a.littleEndian) { Data($0) }
            return stride(from: 64, to: bytes.count, by: 40).first { bytes[$0..<($0 + 8)] == a }!
        }
        bytes[slot(of: 1) + 24] ^= 0x10 // the height of cell 1
        bytes[slot(of: 3) + 16] ^= 0x01 // the natural width of cell 3
        try bytes.write(to: URL(fileURLWithPath: path))

        let cache = try CellCacheFile(directory: directory, fingerprint: 7, limitBytes: 1 << 30)
        XCTAssertEqual(cache.warnings, [])
        XCTAssertNil(cache.size(for: key(1)))
        XCTAssertEqual(cache.size(for: key(2)), CellCacheValue(natural: 2, height: 2.5))
        try cache.save() // nothing new, but a damaged cell was met: rewritten without the damaged cells
        XCTAssertEqual(cache.warnings.count, 1)
        XCTAssertTrue(cache.warnings[0].contains("2 cells failed their check"), "\(cache.warnings)")

        let rebuilt = try CellCacheFile(directory: directory, fingerprint: 7, limitBytes: 1 << 30)
        XCTAssertEqual(rebuilt.entriesAtStart, 498)
        XCTAssertNil(rebuilt.size(for: key(1)))
        XCTAssertNil(rebuilt.size(for: key(3)))
        XCTAssertEqual(rebuilt.size(for: key(499)), CellCacheValue(natural: 499, height: 499.5))
        rebuilt.store(CellCacheValue(natural: 1, height: 1.5), for: key(1))
        try rebuilt.save()
        XCTAssertEqual(rebuilt.warnings, [])
        XCTAssertEqual(try CellCacheFile(directory: directory, fingerprint: 7, limitBytes: 1 << 30).size(for: key(1)),
                       CellCacheValue(natural: 1, height: 1.5))
    }

    func testTheFolderStaysWithinItsLimit() throws {
        // A file of 64 KiB holds 1,536 cells (2,048 slots of 40 bytes, at most 3/4 full).
        let limit = 64 << 10 + 64 + 40 * 2048
        _ = try filled(5000, limit: limit)
        let cache = try CellCacheFile(directory: directory, fingerprint: 7, limitBytes: limit)
        XCTAssertLessThanOrEqual(cache.entriesAtStart, CellCacheFile.capacity(limit))
        XCTAssertGreaterThan(cache.entriesAtStart, 0)
        // The newest cells stay when older ones make way.
        for i in 5000..<5100 { cache.store(CellCacheValue(natural: 0, height: 1), for: key(i)) }
        try cache.save()
        let after = try CellCacheFile(directory: directory, fingerprint: 7, limitBytes: limit)
        XCTAssertEqual(after.size(for: key(5099)), CellCacheValue(natural: 0, height: 1))
        // Other fingerprints' files go, oldest first, when the folder passes the limit.
        _ = try filled(1000, fingerprint: 8, limit: limit)
        _ = try filled(1000, fingerprint: 9, limit: limit)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        let total = try files.reduce(0) { $0 + (try FileManager.default.attributesOfItem(atPath: directory + "/" + $1)[.size] as! Int) }
        XCTAssertLessThanOrEqual(total, limit)
        XCTAssertTrue(files.contains { $0.contains("0000000000000009") })
    }

    func testAFileInTheWayIsAnError() throws {
        FileManager.default.createFile(atPath: directory, contents: Data("x".utf8))
        XCTAssertThrowsError(try CellCacheFile(directory: directory, fingerprint: 1, limitBytes: 1 << 20)) {
            XCTAssertTrue("\($0)".contains("not a folder"))
        }
    }

    /// What a hostile review found: a FIFO where a cache file goes is replaced, not waited on;
    /// a damaged file is rebuilt even by a run that adds nothing.
    func testAFIFOOrADamagedFileIsReplaced() throws {
        let path = try filled(10).path
        let blocks = path.replacingOccurrences(of: "/cells-", with: "/blocks-").replacingOccurrences(of: ".ysc", with: ".ysb")
        for file in [path, blocks] {
            try? FileManager.default.removeItem(atPath: file)
            XCTAssertEqual(mkfifo(file, 0o644), 0)
        }
        let cache = try CellCacheFile(directory: directory, fingerprint: 7, limitBytes: 1 << 30) // (would block on open before)
        XCTAssertEqual(cache.warnings.count, 2, "\(cache.warnings)")
        XCTAssertTrue(cache.warnings.allSatisfy { $0.contains("not a regular file") }, "\(cache.warnings)")
        try cache.save() // nothing added: replaced all the same
        XCTAssertEqual(try CellCacheFile(directory: directory, fingerprint: 7, limitBytes: 1 << 30).warnings, [])
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG)

        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes.append(Data(count: 1_000))
        try bytes.write(to: URL(fileURLWithPath: path))
        let damaged = try CellCacheFile(directory: directory, fingerprint: 7, limitBytes: 1 << 30)
        XCTAssertTrue(damaged.warnings.first?.contains("rebuilding") ?? false, "\(damaged.warnings)")
        try damaged.save()
        XCTAssertEqual(try CellCacheFile(directory: directory, fingerprint: 7, limitBytes: 1 << 30).warnings, [])
    }
}
