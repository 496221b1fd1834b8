import XCTest
import YardstickLayout
@testable import YardstickTemplates

/// A product list's model, as an app would have it.
struct Product {
    var title: String
    var details: String
}

final class CellSizerTests: XCTestCase {
    static let engine = try! TextEngine()
    var engine: TextEngine { Self.engine }

    func body(_ size: Double = 17, bold: Bool = false) -> TextAttributes {
        var a = TextAttributes(size: size, fontStyle: bold ? .bold : .regular)
        a.hyphenateWordBreaks = false
        return a
    }

    func height(_ text: String, _ width: Double, _ a: TextAttributes) -> Double {
        engine.prepare(text, style: a.fontStyle).measure(width: width, attributes: a).height
    }

    func testTextWithInsetsIsTheTextInTheWidthLeftPlusTheMargins() throws {
        let t = CellTemplate<Product>.text(\.details).insets(EdgeInsets(top: 8, leading: 16, bottom: 6, trailing: 20))
        let sizer = try CellSizer(t, engine: engine)
        let p = Product(title: "", details: "A description long enough to wrap onto a few lines in a narrow cell of this list")
        XCTAssertEqual(sizer.height(for: p, width: 200), height(p.details, 200 - 36, body()) + 14)
    }

    func testProductCellIsTheSumOfItsPartsMeasuredAlone() throws {
        // image 44×44, then title over description, in a 390 pt cell with margins.
        let cell = CellTemplate<Product>.hstack(spacing: 12, alignment: .top) {
            CellTemplate.box(width: 44, height: 44)
            CellTemplate.vstack(spacing: 4) {
                CellTemplate.text(\.title, style: .headline)
                CellTemplate.text(\.details, style: .body)
            }
        }.insets(EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
        let sizer = try CellSizer(cell, engine: engine)
        let textWidth = 390.0 - 32 - 44 - 12
        for p in [Product(title: "Kettle", details: "Boils a litre in three minutes; auto shut-off, a blue light and a filter you can wash under the tap."),
                  Product(title: "Mug", details: "Blue."),
                  Product(title: "Teapot with a very long name that wraps", details: "")] {
            let title = height(p.title, textWidth, body(17, bold: true))
            let details = p.details.isEmpty ? nil : height(p.details, textWidth, body())
            let stack = title + (details.map { $0 + 4 } ?? 0) // a hidden label drops out with its spacing
            XCTAssertEqual(sizer.height(for: p, width: 390), max(44, stack) + 16, p.title)
        }
    }

    func testSingleLineLabelHugsAndTheWrappingLabelTakesTheRest() throws {
        let cell = CellTemplate<Product>.hstack(spacing: 8) {
            CellTemplate.text(\.title, lines: 1, truncates: true)
            CellTemplate.text(\.details)
        }
        let sizer = try CellSizer(cell, engine: engine)
        let p = Product(title: "Status", details: "A long note that wraps in whatever width the status label leaves it, over lines")
        let fit = sizer.fit(p, width: 300)
        let titleWidth = engine.prepare(p.title).naturalWidth(attributes: body())
        XCTAssertEqual(fit.frames[1].width, titleWidth, accuracy: 1e-9)
        XCTAssertEqual(fit.frames[2].width, 300 - 8 - titleWidth, accuracy: 1e-9)
        XCTAssertEqual(fit.frames[2].x, titleWidth + 8, accuracy: 1e-9)
        XCTAssertEqual(fit.height, height(p.details, 300 - 8 - titleWidth, body()))
    }

    func testLowerCompressionResistanceShrinksFirst() throws {
        let long = "word " + String(repeating: "another ", count: 12)
        func cell(_ first: Double, _ second: Double) -> CellTemplate<Product> {
            CellTemplate.hstack(spacing: 0) {
                CellTemplate.text(\.title).priorities(compression: first)
                CellTemplate.text(\.details).priorities(compression: second)
            }
        }
        let p = Product(title: long, details: long)
        let natural = engine.prepare(long).naturalWidth(attributes: body())
        let a = try CellSizer(cell(751, 750), engine: engine).fit(p, width: natural + 50)
        XCTAssertEqual(a.frames[1].width, natural, accuracy: 1e-9) // keeps its width
        XCTAssertEqual(a.frames[2].width, 50, accuracy: 1e-9)
        let b = try CellSizer(cell(500, 750), engine: engine).fit(p, width: natural + 50)
        XCTAssertEqual(b.frames[1].width, 50, accuracy: 1e-9)
        XCTAssertEqual(b.frames[2].width, natural, accuracy: 1e-9)
    }

    func testTiedWrappingLabelsShrinkTogether() throws {
        let cell = CellTemplate<Product>.hstack(spacing: 0) {
            CellTemplate.text(\.title)
            CellTemplate.text(\.details)
        }
        let p = Product(title: "Bob Smith of the long name", details: "a note that is longer than the name by a good deal, surely")
        let fit = try CellSizer(cell, engine: engine).fit(p, width: 200)
        let a = engine.prepare(p.title).naturalWidth(attributes: body()), b = engine.prepare(p.details).naturalWidth(attributes: body())
        XCTAssertEqual(fit.frames[1].width, a * 200 / (a + b), accuracy: 1e-9) // the same share of each
        XCTAssertEqual(fit.frames[2].width, b * 200 / (a + b), accuracy: 1e-9)
    }

    func testLowerHuggingGrowsIntoExtraRoom() throws {
        let cell = CellTemplate<Product>.hstack {
            CellTemplate.text(\.title).priorities(hugging: 251)
            CellTemplate.text(\.details).priorities(hugging: 250)
        }
        let fit = try CellSizer(cell, engine: engine).fit(Product(title: "a", details: "b"), width: 300)
        let a = engine.prepare("a").naturalWidth(attributes: body())
        XCTAssertEqual(fit.frames[1].width, a, accuracy: 1e-9)
        XCTAssertEqual(fit.frames[2].width, 300 - a, accuracy: 1e-9)
    }

    func testFillEquallyAndAlignment() throws {
        let cell = CellTemplate<Product>.vstack(spacing: 10, alignment: .center, distribution: .fillEqually) {
            CellTemplate.box(width: 40, height: 20)
            CellTemplate.box(width: 60, height: 50)
        }
        let fit = try CellSizer(cell, engine: engine).fit(Product(title: "", details: ""), width: 100)
        XCTAssertEqual(fit.height, 50 * 2 + 10)
        XCTAssertEqual(fit.frames[1], CellFit.Frame(x: 30, y: 0, width: 40, height: 50, isHidden: false))
        XCTAssertEqual(fit.frames[2], CellFit.Frame(x: 20, y: 60, width: 60, height: 50, isHidden: false))
        let row = CellTemplate<Product>.hstack(spacing: 4, alignment: .bottom, distribution: .fillEqually) {
            CellTemplate.box(aspectRatio: 2)
            CellTemplate.box(width: 10, height: 10)
        }
        let r = try CellSizer(row, engine: engine).fit(Product(title: "", details: ""), width: 204)
        XCTAssertEqual(r.height, 50) // each child 100 wide; 100 ÷ 2
        XCTAssertEqual(r.frames[2].y, 40)
    }

    func testHeightLimitsScaledInsetsAndDisplayScale() throws {
        let p = Product(title: "x", details: String(repeating: "many words here ", count: 30))
        let capped = CellTemplate<Product>.text(\.details).height(max: 60)
        XCTAssertEqual(try CellSizer(capped, engine: engine).height(for: p, width: 200), 60)
        let floored = CellTemplate<Product>.text(\.title).height(min: 44)
        XCTAssertEqual(try CellSizer(floored, engine: engine).height(for: p, width: 200), 44)
        let scaled = CellTemplate<Product>.box(width: 10, height: 10).insets(EdgeInsets(top: 10, leading: 0, bottom: 10, trailing: 0), scaled: true)
        let big = SizingEnvironment(category: .accessibilityLarge)
        XCTAssertEqual(try CellSizer(scaled, engine: engine, environment: big).height(for: p, width: 100), 10 + 2 * 10 * 33 / 17)
        let thirds = SizingEnvironment(displayScale: 3)
        let text = CellTemplate<Product>.text(\.details)
        let raw = try CellSizer(text, engine: engine).height(for: p, width: 200)
        let rounded = try CellSizer(text, engine: engine, environment: thirds).height(for: p, width: 200)
        XCTAssertEqual(rounded, (raw * 3 - 1e-9).rounded(.up) / 3)
        XCTAssertNotEqual(raw, rounded)
    }

    func testCategoryChangesTheStyleSizeAndPreparedTextsStayValid() throws {
        let t = CellTemplate<Product>.text(\.details, style: .body)
        let sizer = try CellSizer(t, engine: engine)
        let p = Product(title: "", details: "Some words that wrap at large sizes in a cell")
        let big = try sizer.with(environment: SizingEnvironment(category: .accessibilityExtraLarge))
        XCTAssertEqual(big.height(for: p, width: 150), height(p.details, 150, body(DynamicType.pointSize(.body, .accessibilityExtraLarge))))
        let clamped = try sizer.with(environment: SizingEnvironment(category: .accessibilityExtraLarge, maximumCategory: .extraLarge))
        XCTAssertEqual(clamped.height(for: p, width: 150), height(p.details, 150, body(19)))
        XCTAssertThrowsError(try sizer.with(environment: SizingEnvironment(displayScale: 0.5))) // no trap
    }

    func testBadTemplatesNameTheirPath() {
        func error(_ t: CellTemplate<TableRowStub>) -> String? {
            do { _ = try CellSizer(t, engine: engine, column: { $0 == "Title" ? { $0.title } : nil }); return nil } catch { return error.description }
        }
        XCTAssertEqual(error(.hstack { CellTemplate.box(width: -1, height: 4) }), "cell.hstack.children[0].box.width: must be a finite number of points from 0 to 16777215 (got -1.0)")
        XCTAssertEqual(error(.vstack { CellTemplate.text(column: "Titel") }), "cell.vstack.children[0].text.column: no column named \"Titel\"")
        XCTAssertEqual(error(CellTemplate(.stack(StackElement(axis: .vertical, children: [])))), "cell.vstack.children: a stack needs at least one child")
        XCTAssertEqual(error(CellTemplate.text(column: "Title").insets(EdgeInsets(top: .nan, leading: 0, bottom: 0, trailing: 0))),
                       "cell.insets.top: must be a finite number of points from 0 to 16777215 (got nan)")
        var deep = CellTemplate<TableRowStub>.box(width: 1, height: 1)
        for _ in 0..<63 { deep = .vstack { deep } }
        XCTAssertNil(error(deep)) // 64 levels
        XCTAssertEqual(error(.vstack { deep })?.hasSuffix("nested deeper than 64 levels"), true)
    }
}

struct TableRowStub { var title: String }
