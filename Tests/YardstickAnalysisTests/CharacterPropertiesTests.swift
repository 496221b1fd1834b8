import XCTest
@testable import YardstickAnalysis

/// The general-category questions answered from ICU's tables agree with Swift's Unicode data
/// for every character both know (ICU 72 is Unicode 15.0; Swift's data may be newer).
final class CharacterPropertiesTests: XCTestCase {
    func testGeneralCategoryQuestionsMatchSwift() {
        var checked = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age, age.major < 15 || (age.major == 15 && age.minor == 0)
            else { continue }
            let category = scalar.properties.generalCategory
            let letter = [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter].contains(category)
            let mark = [.nonspacingMark, .spacingMark, .enclosingMark].contains(category)
            XCTAssertEqual(CharacterProperties.isLetter(value), letter, "U+\(String(value, radix: 16)) letter")
            XCTAssertEqual(CharacterProperties.isMark(value), mark && value >= 0x300, "U+\(String(value, radix: 16)) mark")
            XCTAssertEqual(CharacterProperties.isWordCharacter(value), letter || mark || category == .decimalNumber, "U+\(String(value, radix: 16)) word")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 140_000)
    }
}
