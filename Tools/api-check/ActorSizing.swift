// Swift 6: a table sized in an actor is handed to the main actor (api-check compiles this with
// -swift-version 6 through SIL, where sendability is checked).
import Yardstick

struct Note: Sendable { var title: String; var body: String }

actor Sizer {
    let engine: TextEngine
    init() throws { engine = try TextEngine() }
    func make(_ notes: [Note]) throws -> TableLayout<Note> {
        let cell = CellTemplate<Note>.vstack(spacing: 4) {
            CellTemplate.text(\.title, style: .headline, lines: 1, truncates: true)
            CellTemplate.text(\.body)
        }
        var table = try TableLayout.list(sections: [("", notes)], configuration: ListConfiguration(width: 390, cell: cell), engine: engine)
        try table.measureAll()
        return table
    }
}

@MainActor func show(_ sizer: Sizer) async throws -> Double {
    let table = try await sizer.make([Note(title: "a", body: "b")])
    return table.totalHeight.points
}
