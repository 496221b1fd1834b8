import XCTest
import YardstickTestSupport
import YardstickConstraints
import YardstickLayout
@testable import YardstickTemplates

/// Constraints with real text: the cell a stack template describes, written as the constraints
/// UIStackView would install, gives the stack evaluator's heights exactly.
final class ConstraintSizerTests: XCTestCase {
    struct Note: Sendable { var title: String; var body: String }

    func testAVerticalStackAsConstraintsGivesTheStacksHeights() throws {
        let engine = try TextEngine()
        let stack = CellTemplate<Note>.vstack(spacing: 4) {
            CellTemplate.text(\.title, style: .headline)
            CellTemplate.text(\.body)
        }.insets(EdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16))
        let sizer = try CellSizer(stack, engine: engine)
        var constraints = try ConstraintSizer<Note>(
            views: [.init("title", .text), .init("body", .text)],
            texts: ["title": .init({ $0.title }, attributes: TextAttributes(textStyle: .headline)),
                    "body": .init({ $0.body }, attributes: TextAttributes(textStyle: .body))],
            rules: ["title.top == super.top + 10", "title.leading == super.leading + 16", "title.trailing == super.trailing - 16",
                    "body.top == title.bottom + 4", "body.leading == super.leading + 16", "body.trailing == super.trailing - 16",
                    "super.bottom == body.bottom + 10"],
            engine: engine)
        let notes = [Note(title: "Groceries", body: "Milk, eggs, bread and a few things more"),
                     Note(title: "A title long enough to wrap onto a second line at a narrow width", body: "مرحبا بالعالم — 日本語のテキスト 👍🏽"),
                     Note(title: "x", body: "Short")]
        for note in notes {
            for width in [390.0, 250, 120] {
                XCTAssertEqual(try constraints.height(for: note, width: width), sizer.height(for: note, width: width), accuracy: 1e-9,
                               "\(note.title) at \(width)")
            }
        }
    }

    /// An empty label has no intrinsic size (UILabel's): the spacing after it stays.
    func testAnEmptyTextHasNoHeight() throws {
        let engine = try TextEngine()
        var cell = try ConstraintSizer<Note>(
            views: [.init("title", .text), .init("body", .text)],
            texts: ["title": .init({ $0.title }, attributes: TextAttributes(textStyle: .headline)),
                    "body": .init({ $0.body }, attributes: TextAttributes(textStyle: .body))],
            rules: ["title.top == super.top + 10", "title.leading == super.leading + 16", "title.trailing == super.trailing - 16",
                    "body.top == title.bottom + 4", "body.leading == super.leading + 16", "body.trailing == super.trailing - 16",
                    "super.bottom == body.bottom + 10"],
            engine: engine)
        let body = engine.layout("Short", width: 358, attributes: TextAttributes(textStyle: .body)).height
        XCTAssertEqual(try cell.height(for: Note(title: "", body: "Short"), width: 390), 10 + 0 + 4 + body + 10, accuracy: 1e-9)
    }

    func testATextNamingNoTextViewIsAnError() throws {
        XCTAssertThrowsError(try ConstraintSizer<Note>(views: [.init("box", .box(width: 10, height: 10))],
                                                       texts: ["box": .init({ $0.title }, attributes: TextAttributes())],
                                                       rules: [], engine: TextEngine()))
    }
}

/// Random vertical-stack templates (nested, with insets and spacing, texts in four styles)
/// compiled to UIStackView's constraints: the solver gives the stack evaluator's heights.
final class StackConstraintsTests: XCTestCase {
    struct Texts: Sendable { var values: [String] }

    func testCompiledStacksGiveTheStackEvaluatorsHeights() throws {
        let engine = try TextEngine()
        var random = SplitMix64(seed: 0x57AC)
        let corpus = ["Milk, eggs, bread and a few things more", "Groceries", "مرحبا بالعالم", "日本語のテキストを折り返す",
                      "A longer sentence that wraps onto a few lines at narrow widths", "👍🏽 ok", "Straße", "x"]
        let styles: [DynamicType.TextStyle] = [.body, .headline, .caption1, .footnote]
        var textCount = 0
        func element(_ depth: Int) -> CellTemplate<Texts> {
            var e: CellTemplate<Texts>
            if depth < 3 && random.next() % 3 == 0 {
                let children = (0..<(1 + Int(random.next() % 3))).map { _ in element(depth + 1) }
                e = CellTemplate(.stack(StackElement(axis: .vertical, spacing: Double(random.next() % 13), children: children)))
            } else {
                let k = textCount
                textCount += 1
                e = CellTemplate.text(style: styles[Int(random.next() % 4)]) { $0.values[k] }
            }
            e.insets = EdgeInsets(top: Double(random.next() % 17), leading: Double(random.next() % 17),
                                  bottom: Double(random.next() % 17), trailing: Double(random.next() % 17))
            return e
        }
        var compared = 0
        for _ in 0..<40 {
            textCount = 0
            let children = (0..<(1 + Int(random.next() % 3))).map { _ in element(1) }
            let template = CellTemplate<Texts>(.stack(StackElement(axis: .vertical, spacing: Double(random.next() % 9), children: children)))
            let stack = try CellSizer(template, engine: engine)
            var constraints = try ConstraintSizer(compiling: template, engine: engine)
            for _ in 0..<5 {
                let row = Texts(values: (0..<textCount).map { _ in corpus[Int(random.next() % UInt64(corpus.count))] })
                let width = Double(120 + random.next() % 280)
                XCTAssertEqual(try constraints.height(for: row, width: width), stack.height(for: row, width: width), accuracy: 1e-9)
                compared += 1
            }
        }
        XCTAssertEqual(compared, 200)
    }

    func testWhatTheCompilerDoesNotHandleIsNamed() throws {
        let h = CellTemplate<Texts>.hstack { CellTemplate.text { $0.values[0] } }
        XCTAssertThrowsError(try ConstraintSizer(compiling: h, engine: TextEngine())) {
            XCTAssertEqual("\($0)", "not supported by constraints yet: cell: a stack other than vertical fill")
        }
    }
}
