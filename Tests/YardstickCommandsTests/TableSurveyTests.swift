import Foundation
import XCTest
import YardstickTable
@testable import YardstickCommands

final class TableSurveyTests: XCTestCase {
    let survey = TableSurvey(columns: ["Name", "Notes", "名前"], rowCount: 1_000_000, ragged: RaggedRows(count: 3, lines: [4, 17, 1_000_002]), skippedBlankLines: 1, bases: [120.5, nil, 0x1p-20])
    let identity: [Int64] = [2049, 123_456, 163_288_987, 1_764_000_000, 5, 1_764_000_001, 7]

    /// A survey reads back as written, only for the same file identity, and never when damaged.
    func testASurveyReadsBackOnlyForItsFile() {
        let bytes = survey.encoded(identity: identity, fingerprint: 42)
        XCTAssertEqual(TableSurvey(decoding: bytes, identity: identity, fingerprint: 42), survey)
        var other = identity
        other[4] += 1 // modified a nanosecond later
        XCTAssertNil(TableSurvey(decoding: bytes, identity: other, fingerprint: 42))
        XCTAssertNil(TableSurvey(decoding: bytes, identity: identity, fingerprint: 43)) // another config's (a renamed file)
        for k in [0, 9, 20, bytes.count / 2, bytes.count - 1] {
            var damaged = bytes
            damaged[k] ^= 0x04
            XCTAssertNil(TableSurvey(decoding: damaged, identity: identity, fingerprint: 42), "byte \(k)")
        }
        XCTAssertNil(TableSurvey(decoding: Array(bytes.dropLast(9)), identity: identity, fingerprint: 42))
    }

    /// A file changed in the last two seconds has no identity yet: its times may still move.
    func testARecentFileIsNotTrusted() throws {
        let path = NSTemporaryDirectory() + "survey-\(UUID().uuidString).csv"
        try "a,b\n1,2\n".write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertNil(TableSurvey.identity(of: path))
        XCTAssertNil(TableSurvey.identity(of: path + ".missing"))
    }
}
