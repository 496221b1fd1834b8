import XCTest
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
