import XCTest
import YardstickLayout
@testable import YardstickTemplates

/// Constraint cells with real text, through the same sizer as stack templates.
final class ConstraintElementTests: XCTestCase {
    struct Note: Sendable { var title: String; var body: String }
    static let engine = try! TextEngine()
    var engine: TextEngine { Self.engine }

    static let noteRules = ["title.top == super.top + 10", "title.leading == super.leading + 16", "title.trailing == super.trailing - 16",
                            "body.top == title.bottom + 4", "body.leading == super.leading + 16", "body.trailing == super.trailing - 16",
                            "super.bottom == body.bottom + 10"]
    static let noteViews: [ConstraintElement<Note>.View] = [.text("title", \.title, style: .headline), .text("body", \.body)]

    /// The cell a vertical stack describes, written as the constraints UIStackView installs.
    func testAVerticalStackWrittenAsConstraintsGivesTheStacksHeights() throws {
        let stack = CellTemplate<Note>.vstack(spacing: 4) {
            CellTemplate.text(\.title, style: .headline)
            CellTemplate.text(\.body)
        }.insets(EdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16))
        let sizer = try CellSizer(stack, engine: engine)
        let constraints = try CellSizer(CellTemplate.constraints(views: Self.noteViews, rules: Self.noteRules), engine: engine)
        let notes = [Note(title: "Groceries", body: "Milk, eggs, bread and a few things more"),
                     Note(title: "A title long enough to wrap onto a second line at a narrow width", body: "مرحبا بالعالم — 日本語のテキスト 👍🏽"),
                     Note(title: "x", body: "Short")]
        for note in notes {
            for width in [390.0, 250, 120] {
                XCTAssertEqual(constraints.height(for: note, width: width), sizer.height(for: note, width: width), "\(note.title) at \(width)")
            }
        }
        // Many rows at once, on two threads: the same numbers as one by one.
        let rows = (0..<300).map { notes[$0 % 3] }
        XCTAssertEqual(constraints.heights(for: rows, width: 250, threads: 2), rows.map { constraints.height(for: $0, width: 250) })
    }

    /// An empty label has no intrinsic size (UILabel's): the spacing after it stays.
    func testAnEmptyTextHasNoHeight() throws {
        let cell = try CellSizer(CellTemplate.constraints(views: Self.noteViews, rules: Self.noteRules), engine: engine)
        let body = engine.layout("Short", width: 358, attributes: TextAttributes(textStyle: .body)).height
        XCTAssertEqual(cell.height(for: Note(title: "", body: "Short"), width: 390), 10 + 0 + 4 + body + 10, accuracy: 1e-9)
    }

    /// Baselines come from the measured lines: a body text under a headline's last baseline.
    func testBaselinesAreTheMeasuredLines() throws {
        let rules = ["title.top == super.top", "title.leading == super.leading", "title.trailing == super.trailing",
                     "body.firstBaseline == title.lastBaseline + 20", "body.leading == super.leading", "body.trailing == super.trailing",
                     "super.bottom == body.bottom"]
        let cell = try CellSizer(CellTemplate.constraints(views: Self.noteViews, rules: rules), engine: engine)
        let note = Note(title: "A headline that wraps onto two lines here", body: "Body")
        let title = engine.layout(note.title, width: 200, attributes: TextAttributes(textStyle: .headline))
        let body = engine.layout(note.body, width: 200, attributes: TextAttributes(textStyle: .body))
        XCTAssertEqual(title.lineCount, 2)
        let expected = title.lines.last!.baseline + 20 - body.lines[0].baseline + body.height
        XCTAssertEqual(cell.height(for: note, width: 200), expected, accuracy: 1e-9)
    }

    /// A column sized to its content reads the compressed width: texts on one line.
    func testTheNaturalWidthIsTheCompressedWidth() throws {
        let cell = try CellSizer(CellTemplate<Note>.constraints(views: [.text("title", \.title).hugging(horizontal: 251), .text("body", \.body).compression(horizontal: 749)], rules: [
            "title.leading == super.leading + 8", "body.leading == title.trailing + 12", "super.trailing == body.trailing + 8",
            "title.top == super.top", "body.top == super.top", "super.bottom >= title.bottom", "super.bottom >= body.bottom",
        ]), engine: engine)
        let note = Note(title: "Key", body: "A value")
        let a = TextAttributes(textStyle: .body)
        let expected = 8 + engine.prepare("Key").naturalWidth(attributes: a) + 12 + engine.prepare("A value").naturalWidth(attributes: a) + 8
        XCTAssertEqual(cell.naturalWidth(for: note), expected, accuracy: 1e-9)
    }

    /// A constraint element nested in a stack is fitted at the width the stack gives it.
    func testAConstraintElementInsideAStack() throws {
        let inner = CellTemplate<Note>.constraints(views: Self.noteViews, rules: Self.noteRules)
        let outer = CellTemplate<Note>.vstack(spacing: 6) {
            CellTemplate.box(width: 20, height: 30)
            inner
        }.insets(EdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10))
        let note = Note(title: "Title", body: "Some body text long enough to wrap in a narrow cell")
        let alone = try CellSizer(inner, engine: engine).height(for: note, width: 180)
        XCTAssertEqual(try CellSizer(outer, engine: engine).height(for: note, width: 200), 5 + 30 + 6 + alone + 5, accuracy: 1e-9)
    }

    /// The chat bubble of the documentation (SizingATable.md): the time's first baseline 18 pt
    /// under the message's last, the avatar's bottom margin optional.
    func testTheDocumentationsChatBubble() throws {
        struct Message: Sendable { var body: String; var time: String }
        let bubble = CellTemplate<Message>.constraints(views: [
            .box("avatar", width: nil, height: nil),
            .text("body", \.body),
            .text("time", \.time, style: .caption1).hugging(horizontal: 251),
        ], rules: [
            "avatar.width == 36", "avatar.height == 36",
            "avatar.leading == super.leading + 16", "avatar.top == super.top + 8",
            "body.leading == avatar.trailing + 12", "body.trailing <= super.trailing - 16",
            "body.top == super.top + 8",
            "time.firstBaseline == body.lastBaseline + 18", "time.leading == body.leading",
            "super.bottom >= time.bottom + 8", "super.bottom >= avatar.bottom + 8 @750",
        ])
        let sizer = try CellSizer(bubble, engine: engine)
        for text in ["On my way!", "A longer message that wraps onto several lines in the bubble, as chat messages do. 👍🏽"] {
            let m = Message(body: text, time: "09:41")
            // The body is as wide as its text, at most 390 − 16 − 36 − 12 − 16 = 310.
            let a = TextAttributes(textStyle: .body), c = TextAttributes(textStyle: .caption1)
            let width = min(engine.prepare(text).naturalWidth(attributes: a), 310)
            let body = engine.layout(text, width: width, attributes: a)
            let time = engine.layout(m.time, width: 1000, attributes: c)
            let timeTop = 8 + body.lines.last!.baseline + 18 - time.lines[0].baseline
            XCTAssertEqual(sizer.height(for: m, width: 390), max(timeTop + time.height + 8, 52), accuracy: 1e-9, text)
        }
    }

    // MARK: - Errors name the rule, the view or the column

    func error(_ views: [ConstraintElement<Note>.View], _ rules: [String], columns: [String] = [], strict: Bool = false) -> String {
        do {
            var environment = SizingEnvironment()
            environment.strictConstraints = strict
            _ = try CellSizer(CellTemplate.constraints(views: views, rules: rules), engine: engine, environment: environment,
                              column: { name in columns.contains(name) ? { _ in "x" } : nil })
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testErrors() {
        let box = ConstraintElement<Note>.View.box("image", width: 44, height: 44)
        let placed = ["image.leading == super.leading", "image.top == super.top", "super.bottom == image.bottom"]
        XCTAssertEqual(error([box], placed + ["image.top == super.top + x"]),
                       "cell.constraints.rules[3]: at character 26: expected a number after + (in \"image.top == super.top + x\")")
        XCTAssertEqual(error([box], placed + ["title.top == image.bottom"]),
                       "cell.constraints.rules[3]: \"title.top == image.bottom\": no view named \"title\"")
        XCTAssertEqual(error([box], placed + ["image.width == 10", "image.height == 44", "image.width == 20"]),
                       "cell.constraints.rules[5]: unable to satisfy \"image.width == 20\" together with \"image.width == 10\"")
        XCTAssertEqual(error([box], placed + ["image.width == -5"]),
                       "cell.constraints.rules[3]: unable to satisfy \"image.width == -5\" with the cell's own constraints (the content view at 0, no negative width or height) or with itself")
        // What UIKit refuses: positions of two axes, a size against a position, numbers out of range.
        XCTAssertEqual(error([box], placed + ["image.centerX == super.centerY"]),
                       "cell.constraints.rules[3]: \"image.centerX == super.centerY\": a horizontal position cannot be related to a vertical position (UIKit: invalid pairing of layout attributes)")
        XCTAssertEqual(error([box], placed + ["image.width == 2 * super.top"]),
                       "cell.constraints.rules[3]: \"image.width == 2 * super.top\": a size cannot be related to a vertical position (UIKit: invalid pairing of layout attributes)")
        XCTAssertEqual(error([box], placed + ["super.bottom == image.bottom + 1e300"]),
                       "cell.constraints.rules[3]: \"super.bottom == image.bottom + 1e300\": a constant beyond ±16777215 points, or a multiplier beyond ±1,000,000")
        // A required rule fixing the cell's width (UIKit: a conflict with the encapsulated width).
        let label = ConstraintElement<Note>.View.text("t", \.title)
        let pinned = ["t.leading == super.leading + 16", "t.trailing == super.trailing - 16", "t.top == super.top", "super.bottom == t.bottom"]
        XCTAssertEqual(error([label], pinned + ["t.width >= 1000"]),
                       "cell.constraints: required rules fix the cell's width (given 320 pt, it comes out 1032.0 pt); the table's width is required, as UIKit's encapsulated width")
        XCTAssertEqual(error([label], pinned + ["super.width == 100"]),
                       "cell.constraints: required rules fix the cell's width (given 320 pt, it comes out 100.0 pt); the table's width is required, as UIKit's encapsulated width")
        XCTAssertEqual(error([label], pinned), "no error")
        // An ambiguous layout: sized with a warning, an error when strict.
        let badge = placed + ["badge.leading == image.trailing", "badge.width == 10", "badge.height == 10"]
        XCTAssertEqual(error([box, .container("badge")], badge), "no error")
        XCTAssertEqual(error([box, .container("badge")], badge, strict: true),
                       "cell.constraints.views.badge: the vertical position or size of \"badge\" is not determined by the rules (an ambiguous layout)")
        let sizer = try! CellSizer(CellTemplate<Note>.constraints(views: [box, .container("badge")], rules: badge), engine: engine, column: { _ in nil })
        XCTAssertEqual(sizer.layout.ambiguousLayouts.map(\.description),
                       [#"cell.constraints: an ambiguous layout: the rules leave "badge" (vertical) free (UIKit's hasAmbiguousLayout); sized at the least height the rules allow, free views at their least positions; "strictConstraints": true makes this an error"#])
        XCTAssertEqual(error([.text("title", column: "Title")], ["title.leading == super.leading"]),
                       "cell.constraints.views.title.text.column: no column named \"Title\"")
        XCTAssertEqual(error([box.hugging(horizontal: 0)], placed), "cell.constraints.views.image.hugging.horizontal: a priority must be between 1 and 1000 (got 0.0)")
        XCTAssertEqual(error([box, box], placed), "cell.constraints.views.image: two views named \"image\" (\"super\" is the content view)")
        XCTAssertEqual(error([.box("2x", width: 1, height: 1)], []),
                       "cell.constraints.views.2x: \"2x\" cannot be a view's name: use letters, digits and _, starting with a letter or _")
        XCTAssertEqual(error([], []), "cell.constraints: a constraint cell needs views and rules")
        XCTAssertEqual(error([.box("image", width: -1, height: 1)], placed),
                       "cell.constraints.views.image.box.width: must be a finite number of points from 0 to 16777215 (got -1.0)")
    }
}
