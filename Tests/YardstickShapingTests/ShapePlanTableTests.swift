import CHarfBuzz
import XCTest
import YardstickFonts
@testable import YardstickShaping

final class ShapePlanTableTests: XCTestCase {
    /// Keys stay found through the table's growth, each plan made once.
    func testKeepsEveryPlanThroughGrowth() throws {
        let face = try FontCollection.Face(path: BundledFonts.directory() + "/NotoSans-Regular.ttf", indexInFile: 0, isBundled: true)
        let scripts = ["Latn", "Grek", "Cyrl", "Zyyy", "Arab", "Hebr", "Deva", "Thai", "Hani", "Hang", "Kana", "Hira", "Armn", "Geor", "Ethi", "Beng"]
        var table = ShapePlanTable(capacity: 2)
        var made: [UInt64: OpaquePointer] = [:]
        func plan(_ script: String, _ rightToLeft: Bool, _ index: Int) -> OpaquePointer {
            let tag = script.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let key = ShapePlanTable.key(face: index, script: tag, rightToLeft: rightToLeft)
            return table.plan(for: key) {
                XCTAssertNil(made[key], "made twice")
                var props = hb_segment_properties_t(direction: rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR,
                                                    script: hb_script_from_iso15924_tag(tag), language: nil,
                                                    reserved1: nil, reserved2: nil)
                let plan = hb_shape_plan_create(face.hbFace, &props, nil, 0, nil)!
                made[key] = plan
                return plan
            }
        }
        for index in 0..<3 { for script in scripts { for rtl in [false, true] { _ = plan(script, rtl, index) } } }
        XCTAssertEqual(made.count, 3 * scripts.count * 2)
        for index in 0..<3 {
            for script in scripts {
                for rtl in [false, true] {
                    let tag = script.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                    XCTAssertEqual(plan(script, rtl, index), made[ShapePlanTable.key(face: index, script: tag, rightToLeft: rtl)])
                }
            }
        }
    }
}
