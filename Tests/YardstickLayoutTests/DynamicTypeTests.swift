import XCTest
import YardstickFonts
@testable import YardstickLayout

final class DynamicTypeTests: XCTestCase {
    func testBodySizesPerCategory() {
        XCTAssertEqual(DynamicType.ContentSizeCategory.allCases.map { DynamicType.pointSize(.body, $0) }, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        XCTAssertEqual(DynamicType.ContentSizeCategory.allCases.count, 12)
        XCTAssertEqual(DynamicType.TextStyle.allCases.count, 11)
    }

    func testDefaultCategorySizesAndLeading() {
        let large: [DynamicType.TextStyle: (Double, Double)] = [.largeTitle: (34, 41), .title1: (28, 34), .title2: (22, 28), .title3: (20, 25),
                                                    .headline: (17, 22), .body: (17, 22), .callout: (16, 21), .subheadline: (15, 20),
                                                    .footnote: (13, 18), .caption1: (12, 16), .caption2: (11, 13)]
        for (style, (size, leading)) in large {
            XCTAssertEqual(DynamicType.pointSize(style), size, "\(style)")
            XCTAssertEqual(DynamicType.leading(style), leading, "\(style)")
        }
        XCTAssertEqual(DynamicType.pointSize(.largeTitle, .accessibilityExtraExtraExtraLarge), 60)
        XCTAssertEqual(DynamicType.leading(.largeTitle, .accessibilityExtraExtraExtraLarge), 70)
    }

    func testScaledValueAndClamp() {
        XCTAssertEqual(DynamicType.scaledValue(10, relativeTo: .body, category: .large), 10)
        XCTAssertEqual(DynamicType.scaledValue(17, relativeTo: .body, category: .accessibilityMedium), 28, accuracy: 1e-12)
        XCTAssertEqual(DynamicType.pointSize(.body, .accessibilityExtraExtraExtraLarge, maximum: .extraLarge), 19)
        XCTAssertEqual(DynamicType.ContentSizeCategory.accessibilityLarge.clamped(to: .large), .large)
        XCTAssertEqual(DynamicType.ContentSizeCategory.small.clamped(to: .large), .small)
    }

    func testNamesParse() {
        XCTAssertEqual(DynamicType.ContentSizeCategory(name: "AccessibilityExtraLarge"), .accessibilityExtraLarge)
        XCTAssertNil(DynamicType.ContentSizeCategory(name: "huge"))
        XCTAssertEqual(DynamicType.TextStyle(name: "caption2"), .caption2)
        XCTAssertNil(DynamicType.TextStyle(name: "tiny"))
    }

    func testAttributesFromATextStyle() {
        let a = TextAttributes(textStyle: .headline, category: .extraLarge)
        XCTAssertEqual(a.size, 19)
        XCTAssertEqual(a.fontStyle, FontStyle(weight: .semibold, opticalSize: 19)) // UIKit's headline weight, at its size
        var fixed = a
        fixed.opticalSizing = false
        XCTAssertEqual(fixed.fontStyle, FontStyle(weight: .semibold))
        fixed.fontStyle = FontStyle(weight: .bold, opticalSize: 99) // the size follows `size`, not what is set
        fixed.opticalSizing = true
        XCTAssertEqual(fixed.fontStyle.opticalSize, 19)
        XCTAssertEqual(TextAttributes(textStyle: .body).scaled(by: 2).size, 34)
        XCTAssertNil(TextAttributes().validationError)
        XCTAssertNotNil(TextAttributes(size: .nan).validationError)
        XCTAssertNotNil(TextAttributes(size: -1).validationError)
    }
}
