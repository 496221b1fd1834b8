import XCTest
@testable import YardstickOffsets

final class HeightsFileTests: XCTestCase {
    /// A file of two sections written in two blocks.
    func sample() -> [UInt8] {
        var writer = HeightsFileWriter(configurationHash: 0xABCD_EF01_2345_6789)
        var out = writer.header(hasSectionLines: true, firstRowIsHeader: false)
        writer.beginSection(header: .init(top: .zero, height: .units(640)))
        var rows: [UInt8] = []
        writer.appendRow(top: 640, height: 1000, to: &rows)
        writer.appendRow(top: 1640, height: 1, to: &rows)
        out += writer.rows(rows)
        writer.endSection(footer: .init(top: .units(1641), height: .units(5)))
        writer.beginSection(header: .init(top: .units(1646), height: .zero))
        rows = []
        writer.appendRow(top: 1646, height: 3, to: &rows)
        out += writer.rows(rows)
        writer.endSection(footer: .init(top: .units(1649), height: .zero))
        out += writer.trailer(columnWidths: [120.5, 250])
        return out
    }

    func testRoundTrip() throws {
        let file = try HeightsFile(bytes: sample())
        XCTAssertEqual(file.rowCount, 3)
        XCTAssertEqual(file.sectionCount, 2)
        XCTAssertEqual(file.columnCount, 2)
        XCTAssertEqual(file.columnWidth(0), 120.5)
        XCTAssertEqual(file.configurationHash, 0xABCD_EF01_2345_6789)
        XCTAssertTrue(file.hasSectionLines)
        XCTAssertFalse(file.firstRowIsHeader)
        XCTAssertEqual(file.row(1), .init(top: .units(1640), height: .units(1)))
        XCTAssertEqual(file.section(1), .init(firstRow: 2, rowCount: 1, header: .init(top: .units(1646), height: .zero), footer: .init(top: .units(1649), height: .zero)))
        XCTAssertEqual(file.section(0).footer, .init(top: .units(1641), height: .units(5)))
    }

    func testTheChecksumIsZlibsCRC32() {
        XCTAssertEqual(CRC32.update(0, Array("123456789".utf8)), 0xCBF4_3926) // the standard check value
        let bytes = Array((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        XCTAssertEqual(CRC32.update(CRC32.update(0, Array(bytes[..<333])), Array(bytes[333...])), CRC32.update(0, bytes))
    }

    func testFileOnDiskIsMapped() throws {
        let path = NSTemporaryDirectory() + "heights-\(getpid()).bin"
        defer { unlink(path) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(sample())))
        let file = try HeightsFile(path: path)
        XCTAssertEqual(file.row(2).height, .units(3))
        XCTAssertThrowsError(try HeightsFile(path: path + ".missing")) { XCTAssertTrue("\($0)".contains("cannot read")) }
    }

    func testDamageIsAClearError() {
        let good = sample()
        func error(_ bytes: [UInt8], verifying: Bool = true) -> HeightsFileError? {
            do { _ = try HeightsFile(bytes: bytes, verifying: verifying); return nil } catch { return error }
        }
        // Every truncation is refused, never read out of bounds.
        for n in 0..<good.count { XCTAssertNotNil(error(Array(good[..<n]), verifying: false), "cut at \(n)") }
        XCTAssertEqual(error(Array("row,height\n".utf8)), .notAHeightsFile)
        var version = good; version[8] = 2
        XCTAssertEqual(error(version), .unsupportedVersion(2))
        // Every flipped byte after the magic and version is found (by the checksum or the structure).
        for i in 12..<good.count {
            var bad = good; bad[i] ^= 0x10
            XCTAssertNotNil(error(bad), "byte \(i)")
        }
        var row = good; row[16] ^= 1
        if case .checksumMismatch = error(row) {} else { XCTFail("a changed height is a checksum error") }
        XCTAssertNil(error(row, verifying: false)) // structure intact: readable without the check
        XCTAssertTrue("\(error(row)!)".contains("checksum"))
    }

    /// A shard of a config-sized table carries the table's frame; a frame without a shard, or
    /// a file too short for its frame, is an error.
    func testAShardsTableFrame() throws {
        var writer = HeightsFileWriter(configurationHash: 9)
        var out = writer.header(hasSectionLines: false, firstRowIsHeader: false, isShard: true, hasTableFrame: true)
        writer.addShardRun(firstRow: 4_096, count: 2)
        var rows: [UInt8] = []
        writer.appendRow(top: 0, height: 100, to: &rows)
        writer.appendRow(top: 164, height: 200, to: &rows)
        out += writer.rows(rows)
        let frame = HeightsFile.TableFrame(header: .init(top: .zero, height: .units(1920)), spacing: .units(64), footerHeight: .units(640))
        writer.setTableFrame(frame)
        writer.setShard(HeightsFile.ShardInfo(index: 1, count: 2, tableRows: 5_000, inputChecksum: 77))
        out += writer.trailer(columnWidths: [90])
        let file = try HeightsFile(bytes: out)
        XCTAssertEqual(file.tableFrame, frame)
        XCTAssertEqual(file.shard, HeightsFile.ShardInfo(index: 1, count: 2, tableRows: 5_000, inputChecksum: 77))
        XCTAssertEqual(file.row(1), .init(top: .units(164), height: .units(200)))
        XCTAssertNil(try HeightsFile(bytes: sample()).tableFrame)

        var notShard = out
        notShard[12] = 8 // the frame flag alone
        XCTAssertThrowsError(try HeightsFile(bytes: notShard, verifying: false)) { XCTAssertTrue("\($0)".contains("not a shard"), "\($0)") }
        var cut = out
        cut.removeSubrange((cut.count - 64 - 8)..<(cut.count - 64)) // part of the frame gone
        XCTAssertThrowsError(try HeightsFile(bytes: cut, verifying: false))
    }

    /// A shard run whose first row is near Int.max (a damaged file) is an error, not an
    /// overflow trap (found by a hostile review: `inspect` crashed on it).
    func testAShardRunPastTheRowRangeIsAnError() {
        var writer = HeightsFileWriter(configurationHash: 9)
        var out = writer.header(hasSectionLines: false, firstRowIsHeader: false, isShard: true)
        writer.addShardRun(firstRow: Int.max - 1, count: 2)
        var rows: [UInt8] = []
        writer.appendRow(top: 0, height: 100, to: &rows)
        writer.appendRow(top: 100, height: 100, to: &rows)
        out += writer.rows(rows)
        writer.setShard(HeightsFile.ShardInfo(index: 0, count: 2, tableRows: 5_000, inputChecksum: 7))
        out += writer.trailer(columnWidths: [90])
        XCTAssertThrowsError(try HeightsFile(bytes: out)) { XCTAssertTrue("\($0)".contains("does not start where the one before ends"), "\($0)") }
    }
}
