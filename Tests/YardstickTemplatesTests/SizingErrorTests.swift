import XCTest
import YardstickLayout
@testable import YardstickTemplates

/// `SizingError`: a reason to switch on, and the message each reason says.
final class SizingErrorTests: XCTestCase {
    func testReasonsSayTheirMessages() {
        let cases: [(SizingError.Reason, String)] = [
            (.invalidLength(-1, allowsZero: true), "must be a finite number of points from 0 to \(Int(TemplateLayout.maximumLength)) (got -1.0)"),
            (.outOfRange(expected: "must be 0 or more", got: "-3"), "must be 0 or more (got -3)"),
            (.noSuchColumn("Notes"), "no column named \"Notes\""),
            (.rowTooTall(row: "row 3 (line 5)", points: 2e12, limit: 1e12), "row 3 (line 5) is 2000000000000.0 pt tall with its spacing; rows hold up to 1000000000000.0 pt"),
            (.badRule(rule: "a.top = ", character: 9, expected: "a view"), "at character 9: expected a view (in \"a.top = \")"),
        ]
        for (reason, message) in cases {
            XCTAssertEqual(SizingError(path: "p", reason).message, message)
            XCTAssertEqual(SizingError(path: "p", reason).description, "p: " + message)
            XCTAssertEqual(SizingError(path: "", reason).description, message)
        }
    }

    /// A template naming a column the rows do not have fails with the reason and the path.
    func testATemplateNamingAMissingColumnFailsWithItsReason() throws {
        let template = CellTemplate<[String: String]>.vstack { CellTemplate.text(column: "Title"); CellTemplate.text(column: "Nope") }
        XCTAssertThrowsError(try CellSizer(template, engine: try TextEngine(), column: { name in name == "Title" ? { $0[name] } : nil })) { error in
            let e = error as? SizingError
            XCTAssertEqual(e?.reason, .noSuchColumn("Nope"))
            XCTAssertEqual(e?.path, "cell.vstack.children[1].text.column")
        }
    }
}
