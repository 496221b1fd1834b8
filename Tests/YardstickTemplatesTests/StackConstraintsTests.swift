import XCTest
import YardstickLayout
import YardstickTestSupport
@testable import YardstickTemplates

/// Random stack templates compiled to UIStackView's constraints (`constraintForm`): the
/// solver gives the closed-form evaluator's heights, on every template generated.
final class StackConstraintsTests: XCTestCase {
    struct Texts: Sendable { var values: [String] }
    static let engine = try! TextEngine()

    /// Templates within what both forms agree on (`constraintForm`'s documentation): no empty
    /// texts, distinct priorities among children sharing a horizontal stack's width (none of
    /// them a box whose height follows its width), a nested
    /// stack sharing it alone, a height limit only on the root (a stretch would break one below), and sizes
    /// that fit the widths tried.
    struct Generator {
        var random: SplitMix64
        var textCount = 0
        var kinds: [String: Int] = [:]

        mutating func text() -> CellTemplate<Texts> {
            let k = textCount
            textCount += 1
            let styles: [DynamicType.TextStyle] = [.body, .headline, .caption1, .footnote, .title2]
            let lines = random.chance(20) ? random.int(1...2) : 0
            kinds["text", default: 0] += 1
            if lines > 0 { kinds["line limit", default: 0] += 1 }
            return .text(style: styles[random.int(0...4)], lines: lines, truncates: random.chance(50)) { $0.values[k] }
        }

        mutating func box(fixedWidth: Bool, aspectRatio: Bool = true) -> CellTemplate<Texts> {
            let width = fixedWidth ? Double(random.int(8...32)) : nil
            kinds[fixedWidth ? "box" : "box without width", default: 0] += 1
            switch aspectRatio ? random.int(0...2) : [0, 2][random.int(0...1)] {
            case 0: return CellTemplate(.box(BoxElement(width: width, height: Double(random.int(8...60)))))
            case 1: kinds["aspect ratio", default: 0] += 1
                return .box(width: width, aspectRatio: [0.5, 0.75, 1, 1.5, 2][random.int(0...4)])
            default: return CellTemplate(.box(BoxElement(width: width)))
            }
        }

        mutating func margins(_ e: inout CellTemplate<Texts>) {
            if random.chance(60) {
                e.insets = EdgeInsets(top: Double(random.int(0...12)), leading: Double(random.int(0...12)),
                                      bottom: Double(random.int(0...12)), trailing: Double(random.int(0...12)))
            }
            if random.chance(15) { e.minHeight = Double(random.int(10...80)); kinds["minHeight", default: 0] += 1 }
        }

        /// Any element (a child of a vertical stack, or the root).
        mutating func element(_ depth: Int) -> CellTemplate<Texts> {
            var e: CellTemplate<Texts>
            switch random.int(0...9) {
            case 0...3 where depth < 4: e = stack(depth)
            case 0...6: e = text()
            default: e = box(fixedWidth: random.chance(50))
            }
            margins(&e)
            if random.chance(10) { e.minWidth = Double(random.int(5...30)); kinds["minWidth", default: 0] += 1 }
            return e
        }

        /// A flexible child of a horizontal stack: a text or a box without a width, with a
        /// priority none of its siblings has. Not a box whose height follows the width it
        /// shares: the solver weighs the height it adds, the evaluator only its hugging.
        mutating func flexibleLeaf(_ hugging: Int, _ compression: Int) -> CellTemplate<Texts> {
            var e = random.chance(75) ? text() : box(fixedWidth: false, aspectRatio: false)
            margins(&e)
            return e.priorities(hugging: Double(hugging), compression: Double(compression))
        }

        mutating func stack(_ depth: Int) -> CellTemplate<Texts> {
            let alignment = StackAlignment.allCases[random.int(0...3)]
            let distribution: StackDistribution = random.chance(25) ? .fillEqually : .fill
            let spacing = Double(random.int(0...12))
            let count = random.int(1...3)
            var children: [CellTemplate<Texts>] = []
            let horizontal = random.chance(50)
            kinds["\(horizontal ? "hstack" : "vstack") \(alignment) \(distribution)", default: 0] += 1
            if !horizontal {
                children = (0..<count).map { _ in element(depth + 1) }
            } else {
                var huggings = Array(200...300).shuffled(using: &random), compressions = Array(700...800).shuffled(using: &random)
                if distribution == .fillEqually || random.chance(70) {
                    // Leaves: flexible ones of distinct priorities, and (sharing, not equal) fixed boxes.
                    for _ in 0..<count {
                        if distribution == .fill && random.chance(30) {
                            var b = box(fixedWidth: true)
                            margins(&b)
                            children.append(b)
                        } else {
                            children.append(flexibleLeaf(huggings.removeLast(), compressions.removeLast()))
                        }
                    }
                } else {
                    // One nested stack sharing the width alone, beside fixed boxes.
                    let at = random.int(0...count - 1)
                    for k in 0..<count {
                        if k == at {
                            var nested: CellTemplate<Texts>
                            repeat { nested = depth < 4 ? stack(depth + 1) : text() } while !isFlexible(nested)
                            margins(&nested)
                            children.append(nested)
                        } else {
                            var b = box(fixedWidth: true)
                            margins(&b)
                            children.append(b)
                        }
                    }
                }
            }
            return CellTemplate(.stack(StackElement(axis: horizontal ? .horizontal : .vertical, spacing: spacing, alignment: alignment,
                                                    distribution: distribution, children: children)))
        }

        func isFlexible(_ t: CellTemplate<Texts>) -> Bool {
            switch t.content {
            case .text, .constraints: return true
            case .box(let b): return b.width == nil
            case .stack(let s): return s.children.contains(where: isFlexible)
            }
        }
    }

    func testCompiledStacksGiveTheStackEvaluatorsHeights() throws {
        let corpus = ["Milk, eggs, bread and a few things more", "Groceries", "مرحبا بالعالم", "日本語のテキストを折り返す",
                      "A longer sentence that wraps onto a few lines at narrow widths", "👍🏽 ok", "Straße", "x",
                      "Supercalifragilisticexpialidocious words"]
        var g = Generator(random: SplitMix64(seed: 0x57AC))
        var compared = 0, templates = 0
        while templates < 200 {
            g.textCount = 0
            var template = g.stack(1)
            g.margins(&template)
            guard g.textCount > 0 else { continue }
            if g.random.chance(20) {
                // Above the margins and spacing (required in both forms): the height with every
                // label empty (0 × 0 in the constraint form).
                let structure = try CellSizer(template.constraintForm(), engine: Self.engine)
                    .height(for: Texts(values: Array(repeating: "", count: g.textCount)), width: 480)
                template.maxHeight = max(structure + Double(g.random.int(0...150)), template.minHeight ?? 0)
                g.kinds["maxHeight", default: 0] += 1
            }
            templates += 1
            let stack = try CellSizer(template, engine: Self.engine)
            let constraints: CellSizer<Texts>
            do {
                constraints = try CellSizer(template.constraintForm(), engine: Self.engine)
            } catch {
                XCTFail("template \(templates): \(error)")
                continue
            }
            for _ in 0..<5 {
                let row = Texts(values: (0..<g.textCount).map { _ in corpus[g.random.int(0...corpus.count - 1)] })
                let width = Double(g.random.int(220...480))
                let expected = stack.height(for: row, width: width)
                XCTAssertEqual(constraints.height(for: row, width: width), expected, accuracy: 1e-6,
                               "template \(templates) at \(width): \(row.values)")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 1000)
        // Every kind of element and stack was generated.
        for kind in ["text", "line limit", "box", "box without width", "aspect ratio", "minHeight", "maxHeight", "minWidth"] {
            XCTAssertGreaterThan(g.kinds[kind, default: 0], 0, kind)
        }
        for axis in ["hstack", "vstack"] {
            for alignment in StackAlignment.allCases {
                XCTAssertGreaterThan(g.kinds["\(axis) \(alignment) fill", default: 0], 0, "\(axis) \(alignment)")
            }
            XCTAssertGreaterThan(g.kinds.filter { $0.key.hasPrefix(axis) && $0.key.hasSuffix("fillEqually") }.count, 0)
        }
    }

    func testWhatTheCompilerCannotExpressIsNamed() throws {
        let nested = CellTemplate<Texts>.vstack { CellTemplate.constraints(views: [], rules: []) }
        XCTAssertThrowsError(try nested.constraintForm()) {
            XCTAssertEqual("\($0)", "cell.vstack.children[0].constraints: a constraint element cannot be compiled again")
        }
    }
}
