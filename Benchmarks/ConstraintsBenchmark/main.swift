// The solve of a 20-constraint cell per row: the incremental solver (built once, two edit
// values suggested per row) against building a new solver per row. Text measuring is excluded:
// the rows' title and body heights are given. Release build:
//   swift run -c release ConstraintsBenchmark [ROWS]
//   swift run -c release ConstraintsBenchmark --solve SYSTEMS.json   (see SolveSystems.swift)
//   swift run -c release ConstraintsBenchmark --compile              (big cells: see CompileCells.swift)
import Foundation
import YardstickConstraints

if CommandLine.arguments.contains("--compile") {
    do { try compileCells() } catch { FileHandle.standardError.write(Data("ConstraintsBenchmark: \(error)\n".utf8)); exit(1) }
    exit(0)
}
if let k = CommandLine.arguments.firstIndex(of: "--solve"), k + 1 < CommandLine.arguments.count {
    do { try solveSystems(CommandLine.arguments[k + 1]) } catch { FileHandle.standardError.write(Data("ConstraintsBenchmark: \(error)\n".utf8)); exit(1) }
    exit(0)
}
let rows = CommandLine.arguments.count > 1 ? max(1, Int(CommandLine.arguments[1]) ?? 100_000) : 100_000

/// A view's edges.
struct Edges { let leading, trailing, top, bottom: Variable }
var nextID = 0
func view(_ name: String) -> Edges {
    defer { nextID += 4 }
    return Edges(leading: Variable(id: nextID, name: name + ".leading"), trailing: Variable(id: nextID + 1, name: name + ".trailing"),
                 top: Variable(id: nextID + 2, name: name + ".top"), bottom: Variable(id: nextID + 3, name: name + ".bottom"))
}
let content = view("super"), image = view("image"), title = view("title"), body = view("body")
let titleHeight = Variable(id: 100, name: "title.height"), bodyHeight = Variable(id: 101, name: "body.height")

/// `a == b + constant` (or <=, >=) at a priority.
func rule(_ a: Variable, _ relation: Relation, _ b: Variable?, _ constant: Double, _ priority: Double = 1000) -> Constraint {
    var e = LinearExpression([(a, 1)], constant: -constant)
    if let b { e.add(b, -1) }
    return Constraint(e, relation, priority: priority, label: "\(a) \(relation.rawValue) \(b.map { "\($0) + " } ?? "")\(constant)")
}
func span(_ e: Edges, _ from: KeyPath<Edges, Variable>, _ to: KeyPath<Edges, Variable>, _ length: Variable) -> Constraint {
    Constraint(LinearExpression([(e[keyPath: to], 1), (e[keyPath: from], -1), (length, -1)]), .equal, label: "\(length) span")
}

/// The cell of the issue's example: a 44 pt image beside a title over a body, 390 pt wide.
let cell: [Constraint] = [
    rule(content.leading, .equal, nil, 0), rule(content.top, .equal, nil, 0), rule(content.trailing, .equal, nil, 390),
    rule(image.leading, .equal, content.leading, 16), rule(image.trailing, .equal, image.leading, 44),
    rule(image.top, .equal, content.top, 8), rule(image.bottom, .equal, image.top, 44),
    rule(title.leading, .equal, image.trailing, 12), rule(title.trailing, .equal, content.trailing, -16),
    rule(title.top, .equal, content.top, 8), span(title, \.top, \.bottom, titleHeight),
    rule(body.leading, .equal, title.leading, 0), rule(body.trailing, .equal, title.trailing, 0),
    rule(body.top, .equal, title.bottom, 6), span(body, \.top, \.bottom, bodyHeight),
    rule(content.bottom, .greaterOrEqual, body.bottom, 8), rule(content.bottom, .greaterOrEqual, image.bottom, 8, 750),
    rule(content.bottom, .equal, content.top, 0, 50), // fitting: as short as the rest allows
    rule(titleHeight, .greaterOrEqual, nil, 0), rule(bodyHeight, .greaterOrEqual, nil, 0),
]
precondition(cell.count == 20)

func heights(_ r: Int) -> (Double, Double) { (20.333 + Double(r % 2) * 20.333, 22.0 * Double(1 + r % 5)) }

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

var sink = 0.0
// Incremental: built once; per row two suggestions and a read.
var solver = ConstraintSolver()
for c in cell { try! solver.add(c) }
try! solver.addEditVariable(titleHeight, priority: 999)
try! solver.addEditVariable(bodyHeight, priority: 999)
var best = Double.infinity
for _ in 0..<5 {
    let t0 = now()
    for r in 0..<rows {
        let (t, b) = heights(r)
        try! solver.suggest(t, for: titleHeight)
        try! solver.suggest(b, for: bodyHeight)
        sink += solver.value(of: content.bottom)
    }
    best = min(best, now() - t0)
}
let incremental = best / Double(rows) * 1e6

// Fresh: a new solver per row, the heights as required constraints.
let freshRows = max(1, rows / 10)
best = .infinity
for _ in 0..<3 {
    let t0 = now()
    for r in 0..<freshRows {
        let (t, b) = heights(r)
        var s = ConstraintSolver()
        for c in cell { try! s.add(c) }
        try! s.add(rule(titleHeight, .equal, nil, t))
        try! s.add(rule(bodyHeight, .equal, nil, b))
        sink += s.value(of: content.bottom)
    }
    best = min(best, now() - t0)
}
let fresh = best / Double(freshRows) * 1e6

// The same heights both ways (row 0..<freshRows).
var check = ConstraintSolver()
for c in cell { try! check.add(c) }
try! check.addEditVariable(titleHeight, priority: 999)
try! check.addEditVariable(bodyHeight, priority: 999)
for r in 0..<min(freshRows, 1000) {
    let (t, b) = heights(r)
    try! check.suggest(t, for: titleHeight); try! check.suggest(b, for: bodyHeight)
    var s = ConstraintSolver()
    for c in cell { try! s.add(c) }
    try! s.add(rule(titleHeight, .equal, nil, t)); try! s.add(rule(bodyHeight, .equal, nil, b))
    precondition(abs(check.value(of: content.bottom) - s.value(of: content.bottom)) < 1e-9, "row \(r) differs")
}

print("20-constraint cell, \(rows) rows (best of 5; fresh: \(freshRows) rows, best of 3); heights equal both ways on \(min(freshRows, 1000)) rows (the last: \(check.value(of: content.bottom)) pt)")
/// A two-row table of µs per row, built once against built per row, and their ratio.
func printTable(_ what: String, once: (String, Double), perRow: (String, Double)) {
    print("| \(what) per row | µs |")
    print("|---|---:|")
    print("| \(once.0) | \(String(format: "%.3f", once.1)) |")
    print("| \(perRow.0) | \(String(format: "%.3f", perRow.1)) |")
    print("ratio: \(String(format: "%.1f", perRow.1 / once.1))x (sink \(sink > 0))")
}
printTable("solve", once: ("incremental: 2 suggestions + read", incremental), perRow: ("new solver per row", fresh))

// The cell as users write it: views and rules compiled by `ConstraintCell` (UIKit's intrinsic
// sizes with hugging and compression, the fitting-size pulls, the wrap loop), each row fitted
// from the compiled solver. Text measuring is a stand-in (7 pt per character, 20 pt lines).
let exampleRules = ["image.leading == super.leading + 16", "image.top == super.top + 8", "image.width == 44", "image.height == 44",
                    "title.leading == image.trailing + 12", "title.trailing == super.trailing - 16", "title.top == super.top + 8",
                    "body.leading == title.leading", "body.trailing == title.trailing", "body.top == title.lastBaseline + 6",
                    "super.bottom >= body.bottom + 8", "super.bottom >= image.bottom + 8 @750"]
let exampleViews: [ConstraintCell.View] = [.init("image", .box(width: 44, height: 44)), .init("title", .text), .init("body", .text)]
var example = try! ConstraintCell(views: exampleViews, rules: exampleRules)
func lengths(_ r: Int) -> [Int] { [0, 0, 12 + r % 40, 30 + (r * 7) % 300] } // by view: super, image, title, body
func natural(_ r: Int) -> (Int) -> Double { { k in Double(lengths(r)[k]) * 7 } }
func measured(_ r: Int) -> (Int, Double) -> ConstraintCell.TextSize {
    { k, w in
        let lines = max(1, (Double(lengths(r)[k]) * 7 / max(w, 1)).rounded(.up))
        return ConstraintCell.TextSize(height: lines * 20, firstBaseline: 15, lastBaselineFromBottom: 5)
    }
}
best = .infinity
for _ in 0..<5 {
    let t0 = now()
    for r in 0..<rows { sink += try! example.fit(width: 390, naturalWidth: natural(r), measure: measured(r)) }
    best = min(best, now() - t0)
}
let cellIncremental = best / Double(rows) * 1e6
best = .infinity
for _ in 0..<3 {
    let t0 = now()
    for r in 0..<freshRows {
        var once = try! ConstraintCell(views: exampleViews, rules: exampleRules)
        sink += try! once.fit(width: 390, naturalWidth: natural(r), measure: measured(r))
    }
    best = min(best, now() - t0)
}
let cellFresh = best / Double(freshRows) * 1e6
print("")
print("the issue's example cell as views and rules (\(exampleRules.count) rules; ConstraintCell.fit, stand-in text sizes), \(rows) rows")
printTable("fit", once: ("compiled once, each row from the compiled solver", cellIncremental), perRow: ("compiled per row", cellFresh))
