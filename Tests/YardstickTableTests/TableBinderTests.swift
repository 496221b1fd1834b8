import XCTest
import YardstickLayout
import YardstickOffsets
import YardstickTemplates
@testable import YardstickTable

/// Braid's binding chains, as a Braid user would write them.
final class TableBinderTests: XCTestCase {
    static let engine = try! TextEngine()
    var engine: TextEngine { Self.engine }

    enum Section: String, Hashable, CaseIterable { case banner, favourites, others, archived }
    struct Contact: Sendable { var name: String; var note: String }

    let contactCell = CellTemplate<Contact>.vstack(spacing: 2) {
        CellTemplate.text(\.name)
        CellTemplate.text(\.note, style: .footnote)
    }.insets(EdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16))
    let bannerCell = CellTemplate<Contact>.text(\.name, style: .title1).insets(EdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20))

    func sizer(_ t: CellTemplate<Contact>) throws -> CellSizer<Contact> { try CellSizer(t, engine: engine) }

    func testChainsGiveModelsTemplatesAndDimensionsByPrecedence() throws {
        let favourites = [Contact(name: "Ada", note: "Analytical engine, notes G"), Contact(name: "Grace", note: "")]
        let others = [Contact(name: "Alan", note: "Computable numbers"), Contact(name: "Claude", note: "Information theory"), Contact(name: "Edsger", note: "")]
        let binder = TableBinder<Section, Contact>()
        binder.onSection(.banner).bind(template: bannerCell, models: [Contact(name: "Welcome back", note: "")])
        binder.onSections(.favourites, .others)
            .bind(template: contactCell, models: [.favourites: favourites, .others: others])
            .cellHeight { section, row, contact in section == .others && contact.note.isEmpty ? 36 : nil }
            .headerHeight { $0 == .favourites ? 40 : 28 }
        binder.onSection(.archived).bind(template: contactCell, models: [])
        binder.onAnySection().headerHeight { _ in 10 }.footerHeight { _ in 4 }
        var table = try binder.layout(width: 375, engine: engine, threads: 1)
        try table.measureAll()
        XCTAssertEqual(table.sectionKeys, ["banner", "favourites", "others", "archived"])
        XCTAssertEqual(try table.offsets.headerFrame(ofSection: 0).height.points, 10) // onAnySection
        XCTAssertEqual(try table.offsets.headerFrame(ofSection: 1).height.points, 40) // named chain
        XCTAssertEqual(try table.offsets.headerFrame(ofSection: 2).height.points, 28)
        XCTAssertEqual(try table.offsets.footerFrame(ofSection: 2).height.points, 4)
        func h(_ s: Int, _ r: Int) throws -> LayoutLength { try table.height(of: RowPosition(section: s, row: r)) }
        XCTAssertEqual(try h(0, 0), try LayoutLength(roundingPoints: sizer(bannerCell).height(for: Contact(name: "Welcome back", note: ""), width: 375)))
        XCTAssertEqual(try h(1, 0), try LayoutLength(roundingPoints: sizer(contactCell).height(for: favourites[0], width: 375)))
        XCTAssertEqual(try h(2, 2).points, 36) // closure with the model
        XCTAssertEqual(try h(2, 0), try LayoutLength(roundingPoints: sizer(contactCell).height(for: others[0], width: 375)))
        XCTAssertEqual(table.rowCounts[3], 0)
        // The templates follow a new width.
        try table.setWidth(300)
        XCTAssertEqual(try h(0, 0), try LayoutLength(roundingPoints: sizer(bannerCell).height(for: Contact(name: "Welcome back", note: ""), width: 300)))
        XCTAssertEqual(try h(1, 0), try LayoutLength(roundingPoints: sizer(contactCell).height(for: favourites[0], width: 300)))
    }

    func testDisplayBehaviourAndOrdering() throws {
        let binder = TableBinder<Section, Contact>()
        binder.onSections(.others, .favourites, .archived)
            .bind(template: contactCell, models: [.others: [Contact(name: "Alan", note: "")], .favourites: [Contact(name: "Ada", note: "")], .archived: []])
        binder.onSection(.banner).bind(template: bannerCell, models: []).headerHeight { _ in 20 }
        binder.sectionDisplayBehavior = .hidesSectionsWithNoCellData
        XCTAssertEqual(try keys(binder), ["others", "favourites"])
        binder.sectionDisplayBehavior = .hidesSectionsWithNoData // the banner has a header: data
        XCTAssertEqual(try keys(binder), ["others", "favourites", "banner"])
        binder.orderedWith = { Section.allCases.firstIndex(of: $0)! < Section.allCases.firstIndex(of: $1)! }
        XCTAssertEqual(try keys(binder), ["banner", "favourites", "others"])
        binder.sectionDisplayBehavior = .manuallyManaged
        binder.displayedSections = [.favourites]
        XCTAssertEqual(try keys(binder), ["favourites"])
    }

    func keys(_ binder: TableBinder<Section, Contact>) throws -> [String] {
        let t = try binder.layout(width: 320, engine: engine)
        return t.sectionKeys
    }

    func testSectionsWithoutATemplateAndLaterBindings() throws {
        let binder = TableBinder<Section, Contact>()
        binder.onSection(.favourites).bind(template: contactCell, models: [Contact(name: "Ada", note: "")])
        binder.onSection(.others).cellHeight { _ in 30 }
        XCTAssertThrowsError(try binder.layout(width: 320, engine: engine)) { // .others has no template at any level
            XCTAssertEqual("\($0)", "cell: no chain binds a cell template for section \"others\"")
        }
        binder.onAllSections().bind(template: bannerCell, models: [.archived: [Contact(name: "Old", note: "")]])
        binder.onSection(.favourites).headerHeight { _ in 12 }
        let first = try binder.layout(width: 320, engine: engine)
        XCTAssertEqual(first.sectionKeys, ["favourites", "others", "archived"]) // sections given models by a chain are shown
        // A table keeps what the binder held when it was made.
        binder.displayedSections = [.archived]
        _ = try binder.layout(width: 320, engine: engine)
        XCTAssertEqual(try first.offsets.headerFrame(ofSection: 0).height.points, 12)
    }

    func testEstimatedHeightsHoldUntilRowsAndHeadersComeIntoView() throws {
        let contacts = (0..<300).map { Contact(name: "Contact \($0)", note: $0 % 3 == 0 ? "A note long enough to wrap onto a second line at this width, surely" : "") }
        func binder() -> TableBinder<Section, Contact> {
            let b = TableBinder<Section, Contact>()
            b.onSections(.favourites, .others)
                .bind(template: contactCell, models: [.favourites: Array(contacts[..<150]), .others: Array(contacts[150...])])
                .estimatedCellHeight { section, row, _ in section == .favourites ? 61 : 47 }
                .headerTemplate(.text(column: "any", style: .title2).insets(EdgeInsets(top: 20, leading: 16, bottom: 8, trailing: 16)))
                .estimatedHeaderHeight { _ in 33 }
            return b
        }
        var lazy = try binder().layout(width: 375, rowHeightMode: .automatic(estimated: 44, prefetchWindow: 2), engine: engine, threads: 1)
        XCTAssertEqual(lazy.measuredRowCount, 0)
        XCTAssertEqual(try lazy.height(of: RowPosition(section: 0, row: 5)).points, 61) // its own estimate, not the table's 44
        XCTAssertEqual(try lazy.height(of: RowPosition(section: 1, row: 5)).points, 47)
        XCTAssertFalse(try lazy.isMeasured(RowPosition(section: 0, row: 5)))
        let expected: Double = 33 * 2 + 150 * 61 + 150 * 47
        XCTAssertEqual(lazy.totalHeight.points, expected)
        let first = try lazy.scroll(to: 0, viewportHeight: 600)
        XCTAssertEqual(first.measuredRowCount, lazy.measuredRowCount)
        XCTAssertTrue(try lazy.isMeasured(RowPosition(section: 0, row: 0)))
        XCTAssertNotEqual(try lazy.offsets.headerFrame(ofSection: 0).height.points, 33) // fitted: it came into view
        XCTAssertEqual(try lazy.offsets.headerFrame(ofSection: 1).height.points, 33)    // still far away
        var y = 0.0
        while lazy.measuredRowCount < 300 { y = try lazy.scroll(to: y, viewportHeight: 600).contentOffset + 600 }
        _ = try lazy.scroll(to: 1e9, viewportHeight: 600)
        var eager = try binder().layout(width: 375, rowHeightMode: .automatic(estimated: 44, prefetchWindow: 2), engine: engine, threads: 1)
        try eager.measureAll()
        XCTAssertEqual(eager.measuredRowCount, 300)
        XCTAssertEqual(lazy.totalHeight, eager.totalHeight) // rows, and both headers, fitted the same
        try eager.deleteRows(at: RowPosition(section: 1, row: 0), count: 10)
        XCTAssertEqual(eager.measuredRowCount, 290)
    }
}
