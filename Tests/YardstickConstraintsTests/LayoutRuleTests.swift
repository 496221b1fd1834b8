import XCTest
@testable import YardstickConstraints

final class LayoutRuleTests: XCTestCase {
    func anchor(_ view: String, _ attribute: LayoutRule.Attribute) -> LayoutRule.Anchor { .init(view: view, attribute: attribute) }

    func testTheIssuesRules() throws {
        let a = try LayoutRule(parsing: "title.leading == image.trailing + 12")
        XCTAssertEqual(a.first, anchor("title", .leading))
        XCTAssertEqual(a.relation, .equal)
        XCTAssertEqual(a.second, anchor("image", .trailing))
        XCTAssertEqual(a.multiplier, 1)
        XCTAssertEqual(a.constant, 12)
        XCTAssertEqual(a.priority, 1000)

        let b = try LayoutRule(parsing: "super.bottom >= image.bottom + 8 @750")
        XCTAssertEqual(b.relation, .greaterOrEqual)
        XCTAssertEqual(b.priority, 750)

        let c = try LayoutRule(parsing: "body.top == title.lastBaseline + 6")
        XCTAssertEqual(c.second, anchor("title", .lastBaseline))

        let d = try LayoutRule(parsing: "image.width == 44")
        XCTAssertNil(d.second)
        XCTAssertEqual(d.constant, 44)

        let e = try LayoutRule(parsing: "image.height == image.width * 0.75 - 2")
        XCTAssertEqual(e.multiplier, 0.75)
        XCTAssertEqual(e.constant, -2)

        XCTAssertEqual(try LayoutRule(parsing: "a.top == b.top + 1e-05").constant, 1e-05)
        XCTAssertEqual(try LayoutRule(parsing: "a.top == b.top - 2.5E+2").constant, -250)

        let f = try LayoutRule(parsing: "  card.width <= 2 * super.width@999 ")
        XCTAssertEqual(f.multiplier, 2)
        XCTAssertEqual(f.relation, .lessOrEqual)
        XCTAssertEqual(f.priority, 999)
    }

    func testErrorsPointAtTheCharacter() {
        func error(_ rule: String) -> String {
            do { _ = try LayoutRule(parsing: rule); return "parsed" } catch { return error.description }
        }
        XCTAssertEqual(error("title.leading = image.trailing"), #""title.leading = image.trailing": at character 15: expected ==, <= or >="#)
        XCTAssertEqual(error("title.left == super.leading"), #""title.left == super.leading": at character 7: expected an attribute: leading, trailing, top, bottom, width, height, centerX, centerY, firstBaseline, lastBaseline"#)
        XCTAssertEqual(error("title.top == super.top + x"), #""title.top == super.top + x": at character 26: expected a number after +"#)
        XCTAssertEqual(error("title.top == super.top @1001"), #""title.top == super.top @1001": at character 25: expected a priority from 1 to 1000"#)
        XCTAssertEqual(error("title.top == super.top 8"), #""title.top == super.top 8": at character 24: expected +, -, * or @ and a priority"#)
        XCTAssertEqual(error("== super.top"), #""== super.top": at character 1: expected a view's attribute, such as title.top"#)
        XCTAssertEqual(error("title == super.top"), #""title == super.top": at character 7: expected a dot and an attribute after "title""#)
    }
}
